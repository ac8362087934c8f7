"""Loading faction files into the library: each file whole, or not at all."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from django.db import transaction

from armylists.checking.boundary import BadInput, read_json

from .models import CommandCard, Faction, GameSystem, Option, OptionGroup, Unit, UnitSize, data_changed
from .schemas import FactionFile, FactionIn, parse_faction_file

OPTIONAL_COLUMNS = ("cost", "hero", "mercenary", "keywords", "kind", "size", "race", "unique", "elite",
                    "recruitment_points", "command_value", "recruitment_cost", "rarity", "limit", "type",
                    "spellcaster")


class FactionFileError(Exception):
    """A faction file that was refused; the message names the file and the JSON path."""


@dataclass(frozen=True)
class Imported:
    path: str
    game: str
    factions: tuple[str, ...]
    units: int


def import_file(path: str | Path) -> Imported:
    """Validate the whole file, then write it in one transaction."""
    try:
        parsed = parse_faction_file(read_json(path))
    except BadInput as error:
        raise FactionFileError(f"{path}: {error}") from None
    return Imported(str(path), parsed.game, *import_document(parsed))


@transaction.atomic
def import_document(parsed: FactionFile) -> tuple[tuple[str, ...], int]:
    game = GameSystem.objects.get(slug=parsed.game)
    units = 0
    for faction_in in parsed.factions:
        units += _replace_faction(game, faction_in)
    data_changed(game.pk)
    return tuple(f.slug for f in parsed.factions), units


def _replace_faction(game: GameSystem, data: FactionIn) -> int:
    """Importing a faction that exists replaces its data; lists refer to units by slug."""
    faction, _ = Faction.objects.update_or_create(
        game=game, slug=data.slug,
        defaults={"name": data.name, "version": data.version or "",
                  "alignment": getattr(data, "alignment", "") or ""},
    )
    faction.units.all().delete()
    faction.command_cards.all().delete()
    CommandCard.objects.bulk_create(
        CommandCard(faction=faction, slug=c.slug, title=c.title, alignment_only=c.alignment_only or "",
                    position=i)
        for i, c in enumerate(getattr(data, "command_cards", []))
    )
    rows = Unit.objects.bulk_create(_unit_row(faction, i, u) for i, u in enumerate(data.units))
    options, groups, sizes = [], [], []
    for row, unit_in in zip(rows, data.units, strict=True):
        options += [Option(unit=row, slug=o.slug, name=o.name, cost=o.cost, group=o.group or "",
                           scope=getattr(o, "scope", "") or "", command=getattr(o, "command", "") or "",
                           position=i) for i, o in enumerate(unit_in.options)]
        groups += [OptionGroup(unit=row, slug=g.slug, name=g.name, min=g.min, max=g.max, position=i)
                   for i, g in enumerate(unit_in.option_groups)]
        sizes += [UnitSize(unit=row, size=s.size, points=s.points, morale=s.morale, position=i)
                  for i, s in enumerate(getattr(unit_in, "sizes", []))]
    Option.objects.bulk_create(options)
    OptionGroup.objects.bulk_create(groups)
    UnitSize.objects.bulk_create(sizes)
    return len(rows)


def _unit_row(faction: Faction, position: int, data) -> Unit:
    columns = {name: getattr(data, name) for name in OPTIONAL_COLUMNS if hasattr(data, name)}
    columns = {k: ("" if v is None and k in {"kind", "size", "race", "rarity", "type"} else v)
               for k, v in columns.items()}
    return Unit(
        faction=faction, slug=data.slug, name=data.name, position=position, rules=data.rules,
        stats=data.stats, notes=data.notes or "", model_count=getattr(data, "models", None),
        unit_class=getattr(data, "class_", "") or "", **columns,
    )
