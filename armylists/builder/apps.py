from django.apps import AppConfig


class BuilderConfig(AppConfig):
    name = "armylists.builder"
    # Pinned: table names and migrations are keyed on the label, not the package path.
    label = "builder"
    verbose_name = "Army lists"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from factions.signals import replacing

        from .replacing import lists_broken

        replacing.connect(lists_broken, dispatch_uid="builder-lists-broken")
