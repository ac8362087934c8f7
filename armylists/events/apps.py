from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "armylists.events"
    # Pinned: table names and migrations are keyed on the label, not the package path.
    label = "events"
    verbose_name = "Events"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from factions.signals import replacing

        from .replacing import events_broken

        replacing.connect(events_broken, dispatch_uid="events-submissions-broken")
