"""Seasons: a club league or a series of tournaments, ranked from its events' standings (docs/events.md,
"Seasons"). It stands on the tournament day, whose standings it reads."""
from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    name = "armylists.seasons"
    # Pinned: table names and migrations are keyed on the label, not the package path.
    label = "seasons"
    verbose_name = "Seasons"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from .freshness import connect

        connect()
