from django.apps import AppConfig


class FactionsConfig(AppConfig):
    name = "factions"
    # Pinned: table names and migrations are keyed on the label, not the package path.
    label = "factions"
    verbose_name = "Game library"
    default_auto_field = "django.db.models.BigAutoField"
