from django.apps import AppConfig
from django.conf import settings
from django.core.signals import setting_changed
from django.db.models.signals import post_migrate


class FactionsConfig(AppConfig):
    name = "factions"
    # Pinned: table names and migrations are keyed on the label, not the package path.
    label = "factions"
    verbose_name = "Game library"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # The games layer imports no Django: it is told here where the games in use
        # are listed, and reads the setting itself on first need.
        from armylists.games import registry

        registry.use(lambda: settings.MUSTER_GAMES)
        setting_changed.connect(_games_changed, dispatch_uid="muster-games-changed")
        # Each game in use gets its game-system row from its package (factions/systems.py).
        from .systems import sync_after_migrate

        post_migrate.connect(sync_after_migrate, sender=self)


def _games_changed(setting, **kwargs):
    if setting == "MUSTER_GAMES":
        from armylists.games import registry

        registry.reset()
