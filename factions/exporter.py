"""The library as faction-file JSON (`armylists/factions@1`).

`unit_document` is also how a unit's data is frozen into a tournament
submission and handed to the rules engine, so there is one description of a
unit card, whatever reads it.
"""
from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet

from armylists.games.base import Game
from armylists.games.own_fields import without_defaults
from armylists.games.schema import drop_empty

from .models import Faction, GameSystem, Unit
from .schemas import FORMAT


def units_with_details(queryset: QuerySet[Unit]) -> QuerySet[Unit]:
    return queryset.prefetch_related("options", "option_groups")


def factions_with_details(queryset: QuerySet[Faction]) -> QuerySet[Faction]:
    return queryset.select_related("game").prefetch_related(
        Prefetch("units", queryset=units_with_details(Unit.objects.all())))


def option_document(option, home: Game) -> dict[str, Any]:
    """An option as its faction file has it: its own fields as its game declares them, at their defaults left
    out (docs/faction-file.md)."""
    data = drop_empty({"slug": option.slug, "name": option.name, "cost": option.cost, "group": option.group},
                      keep=("cost",))
    return data | without_defaults(home.files.option_fields, option.details)


def unit_document(unit: Unit, home: Game) -> dict[str, Any]:
    """A unit as its faction file has it: its own fields as its game (`home`) declares them, at their defaults
    left out (docs/faction-file.md)."""
    own = without_defaults(home.files.unit_fields, unit.details)
    data: dict[str, Any] = {"slug": unit.slug, "name": unit.name}
    data |= {
        "rules": list(unit.rules),
        "stats": dict(unit.stats),
        "option_groups": [{"slug": g.slug, "name": g.name, "min": g.min, "max": g.max}
                          for g in unit.option_groups.all()],
        "options": [option_document(o, home) for o in unit.options.all()],
        "notes": unit.notes,
    }
    return {"slug": unit.slug, "name": unit.name, **own} | drop_empty(data)


def faction_document(faction: Faction, home: Game) -> dict[str, Any]:
    """A faction as its faction file has it, its own fields and its units' as its game (`home`) declares them."""
    own = without_defaults(home.files.faction_fields, faction.details)
    data: dict[str, Any] = {"slug": faction.slug, "name": faction.name, "version": faction.version,
                            "rule_texts": faction.rule_texts, **own}
    data["units"] = [unit_document(u, home) for u in faction.units.all()]
    return drop_empty(data, keep=("units",))


def export_game(game: GameSystem, faction_slug: str | None = None) -> dict[str, Any]:
    """The game's factions (or one) as a faction file, with the game's grimoires where it has them,
    so that the file loads into an empty library."""
    factions = factions_with_details(game.factions.all())
    if faction_slug:
        factions = factions.filter(slug=faction_slug)
    data: dict[str, Any] = {"format": FORMAT, "game": game.slug}
    home = game.home
    data |= {name: game.details[name] for name in home.faction_file_fields if game.details.get(name)}
    return data | {"factions": [faction_document(f, home) for f in factions]}
