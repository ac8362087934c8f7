"""The library as faction-file JSON (`armylists/factions@1`).

`unit_document` is also how a unit's data is frozen into a tournament
submission and handed to the rules engine, so there is one description of a
unit card, whatever reads it.
"""
from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet

from .models import Faction, GameSystem, Unit
from .schemas import FORMAT

OPR = {"aof-regiments", "aof-skirmish"}


def units_with_details(queryset: QuerySet[Unit]) -> QuerySet[Unit]:
    return queryset.prefetch_related("options", "option_groups", "sizes")


def factions_with_details(queryset: QuerySet[Faction]) -> QuerySet[Faction]:
    return queryset.select_related("game").prefetch_related(
        Prefetch("units", queryset=units_with_details(Unit.objects.all())), "command_cards"
    )


def _drop_empty(data: dict[str, Any], keep: tuple[str, ...] = ()) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k in keep or v not in (None, "", [], {}, False)}


def option_document(option, game: str) -> dict[str, Any]:
    data = {"slug": option.slug, "name": option.name, "cost": option.cost, "group": option.group}
    if game in OPR:
        data |= {"scope": option.scope if option.scope != "unit" else None, "command": option.command}
    return _drop_empty(data, keep=("cost",))


def unit_document(unit: Unit, game: str) -> dict[str, Any]:
    data: dict[str, Any] = {"slug": unit.slug, "name": unit.name}
    if game in OPR:
        data |= {"cost": unit.cost, "models": unit.model_count, "hero": unit.hero}
    elif game == "battleground":
        data |= {"cost": unit.cost, "class": unit.unit_class, "mercenary": unit.mercenary,
                 "keywords": unit.keywords}
    elif game == "diskwars":
        data |= {"kind": unit.kind, "size": unit.size, "race": unit.race, "unique": unit.unique,
                 "elite": unit.elite}
        if unit.kind == "hero":
            data |= {"recruitment_points": unit.recruitment_points, "command_value": unit.command_value}
        else:
            data["recruitment_cost"] = unit.recruitment_cost
    elif game == "dulce-bellum":
        data |= {"rarity": unit.rarity, "limit": unit.limit, "type": unit.type,
                 "spellcaster": unit.spellcaster,
                 "sizes": [_drop_empty({"size": s.size, "points": s.points, "morale": s.morale},
                                       keep=("points",)) for s in unit.sizes.all()]}
    data |= {
        "rules": list(unit.rules),
        "stats": dict(unit.stats),
        "option_groups": [{"slug": g.slug, "name": g.name, "min": g.min, "max": g.max}
                          for g in unit.option_groups.all()],
        "options": [option_document(o, game) for o in unit.options.all()],
        "notes": unit.notes,
    }
    return _drop_empty(data, keep=("cost", "elite", "recruitment_points", "command_value",
                                   "recruitment_cost", "models"))


def faction_document(faction: Faction) -> dict[str, Any]:
    game = faction.game.slug
    data: dict[str, Any] = {"slug": faction.slug, "name": faction.name, "version": faction.version}
    if game == "diskwars":
        data["alignment"] = faction.alignment
        data["command_cards"] = [
            _drop_empty({"slug": c.slug, "title": c.title, "alignment_only": c.alignment_only})
            for c in faction.command_cards.all()
        ]
    data["units"] = [unit_document(u, game) for u in faction.units.all()]
    return _drop_empty(data, keep=("units",))


def export_game(game: GameSystem, faction_slug: str | None = None) -> dict[str, Any]:
    factions = factions_with_details(game.factions.all())
    if faction_slug:
        factions = factions.filter(slug=faction_slug)
    return {"format": FORMAT, "game": game.slug, "factions": [faction_document(f) for f in factions]}
