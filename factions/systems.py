"""Each game in use gets its game-system row from its package, so a new game needs no migration.

A game's package declares its name, edition, source and numbers (`system.json`
beside its home). After every `migrate` (and every flush of the test
database) each game in use without a row gets one with those numbers, and a
game whose row lacks a number its package now declares gets that number: a
number an administrator has changed keeps its value, and nothing is removed.
"""
from __future__ import annotations

from django.apps import apps as global_apps

from armylists.games.registry import homes


def sync_game_systems(game_systems) -> None:
    """Create or complete the rows of the games in use; `game_systems` is the GameSystem model
    (a migration passes its historical one)."""
    for position, home in enumerate(homes()):
        shipped = home.system
        row = game_systems.objects.filter(slug=home.slug).first()
        if row is None:
            game_systems.objects.create(
                slug=home.slug, position=position,
                **{key: shipped[key] for key in ("name", "version", "source", "params")})
            continue
        missing = {k: v for k, v in shipped["params"].items() if k not in row.params}
        if missing:
            row.params = {**row.params, **missing}
            row.save(update_fields=["params"])


def sync_after_migrate(sender, apps=global_apps, **kwargs) -> None:
    """post_migrate: the game library's tables exist now; fill in the games in use. `migrate`
    passes the models as they are after it; a flush (a transactional test's end) passes none."""
    try:
        game_systems = apps.get_model("factions", "GameSystem")
    except LookupError:  # migrated back before the table existed
        return
    sync_game_systems(game_systems)
