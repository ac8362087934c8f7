from django.contrib import admin

from .models import ArmyList


@admin.register(ArmyList)
class ArmyListAdmin(admin.ModelAdmin):
    """Lists are changed through the builder's services; here staff can look, move a list to another
    player, turn sharing off or delete it, but not edit the list itself."""

    list_display = ["name", "owner", "game", "faction", "shared", "version", "updated"]
    list_filter = ["game", "shared"]
    search_fields = ["name", "owner__username"]
    list_select_related = ["owner", "game", "faction"]
    readonly_fields = ["name", "game", "faction", "document", "version", "share_token", "created", "updated"]
    raw_id_fields = ["owner"]
