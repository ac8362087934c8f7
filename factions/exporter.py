"""The library as faction-file JSON (`armylists/factions@1`).

`unit_document` is also how a unit's data is frozen into a tournament
submission and handed to the rules engine, so there is one description of a
unit card, whatever reads it.
"""
from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet

from armylists.games.registry import game_home
from armylists.games.schema import drop_empty

from .models import Faction, GameSystem, Grimoire, Unit
from .schemas import FORMAT


def units_with_details(queryset: QuerySet[Unit]) -> QuerySet[Unit]:
    return queryset.prefetch_related("options", "option_groups", "sizes")


def factions_with_details(queryset: QuerySet[Faction], *, grimoires: bool = False) -> QuerySet[Faction]:
    """Factions with their units, options, sizes, command cards and (`grimoires`) their grimoires' slugs."""
    return queryset.select_related("game").prefetch_related(
        Prefetch("units", queryset=units_with_details(Unit.objects.all())), "command_cards",
        *(["grimoires"] if grimoires else []),
    )


def grimoires_of(game: GameSystem) -> QuerySet[Grimoire]:
    """Dulce Bellum: the game's grimoires with their spells, in book order (two queries)."""
    return game.grimoires.prefetch_related("spells")


def grimoire_document(grimoire: Grimoire) -> dict[str, Any]:
    """A grimoire as the faction file's top-level `grimoires` holds it."""
    spells = [drop_empty({"slug": s.slug, "name": s.name, "basic": s.basic, "difficulty": s.difficulty,
                          "text": s.text}) for s in grimoire.spells.all()]
    return {"slug": grimoire.slug, "name": grimoire.name, "spells": spells}


def option_document(option, game: str) -> dict[str, Any]:
    data = {"slug": option.slug, "name": option.name, "cost": option.cost, "group": option.group}
    return drop_empty(data | game_home(game).option_fields(option), keep=("cost",))


def unit_document(unit: Unit, game: str) -> dict[str, Any]:
    data: dict[str, Any] = {"slug": unit.slug, "name": unit.name, **game_home(game).unit_fields(unit)}
    data |= {
        "rules": list(unit.rules),
        "stats": dict(unit.stats),
        "option_groups": [{"slug": g.slug, "name": g.name, "min": g.min, "max": g.max}
                          for g in unit.option_groups.all()],
        "options": [option_document(o, game) for o in unit.options.all()],
        "notes": unit.notes,
    }
    return drop_empty(data, keep=("cost", "elite", "recruitment_points", "command_value",
                                  "recruitment_cost", "models"))


def faction_document(faction: Faction) -> dict[str, Any]:
    game = faction.game.slug
    data: dict[str, Any] = {"slug": faction.slug, "name": faction.name, "version": faction.version,
                            **game_home(game).faction_fields(faction)}
    data["units"] = [unit_document(u, game) for u in faction.units.all()]
    return drop_empty(data, keep=("units",))


def export_game(game: GameSystem, faction_slug: str | None = None) -> dict[str, Any]:
    """A faction file of the game (or of one of its factions); a game with grimoires carries them all,
    so that the file imports on its own."""
    spells = game_home(game.slug).casts_spells
    factions = factions_with_details(game.factions.all(), grimoires=spells)
    if faction_slug:
        factions = factions.filter(slug=faction_slug)
    data = {"format": FORMAT, "game": game.slug}
    if spells:
        data["grimoires"] = [grimoire_document(g) for g in grimoires_of(game)]
    return data | {"factions": [faction_document(f) for f in factions]}
