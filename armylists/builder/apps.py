from django.apps import AppConfig


class BuilderConfig(AppConfig):
    name = "armylists.builder"
    # Pinned: table names and migrations are keyed on the label, not the package path.
    label = "builder"
    verbose_name = "Army lists"
    default_auto_field = "django.db.models.BigAutoField"
