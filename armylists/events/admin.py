from django.contrib import admin

from .models import Event, Pack, Player, StateChange, Submission


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    """Events are run from their own pages; here staff can look, and delete a test event."""

    list_display = ["name", "slug", "game", "state", "starts_at", "deadline"]
    list_filter = ["game", "state"]
    search_fields = ["name", "slug"]
    readonly_fields = ["slug", "name", "game", "starts_at", "time_zone", "venue", "deadline", "settings", "state",
                       "invite_token", "created_by", "created"]


@admin.register(Submission)
class SubmissionAdmin(admin.ModelAdmin):
    """Frozen: shown, never changed."""

    list_display = ["player", "version", "faction_name", "points", "legal", "submitted"]
    list_select_related = ["player"]
    search_fields = ["player__display_name", "player__event__slug"]

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["display_name", "user", "event", "joined"]
    search_fields = ["display_name", "user__username", "event__slug"]
    raw_id_fields = ["user", "event"]


admin.site.register(StateChange, list_display=["event", "from_state", "to_state", "by", "at"],
                    readonly_fields=["event", "from_state", "to_state", "by", "at"])
admin.site.register(Pack, list_display=["event", "status", "done", "total", "requested", "finished"],
                    exclude=["pdf"])
