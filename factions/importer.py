"""Loading faction files into the library: each file whole, or not at all."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from django.db import transaction
from pydantic import TypeAdapter

from armylists.boundary.errors import BadInput
from armylists.boundary.jsonfile import FACTION_FILE_BYTES, read_json
from armylists.games.own_fields import FACTION_SHARED, OPTION_SHARED, details_of

from .models import (
    Faction,
    GameSystem,
    Option,
    OptionGroup,
    Unit,
    data_changed,
)
from .schemas import FactionFile, FactionIn, parse_faction_file


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
        parsed = parse_faction_file(read_json(path, FACTION_FILE_BYTES))
        return Imported(str(path), parsed.game, *import_document(parsed))
    except BadInput as error:
        raise FactionFileError(f"{path}: {error}") from None


@transaction.atomic
def import_document(parsed: FactionFile) -> tuple[tuple[str, ...], int]:
    """Write a parsed file; what it names outside itself must be in the game's data already
    (else BadInput, and nothing is written)."""
    # Locked until written: the game's own top-level fields are read, merged with the file's and written again.
    game = GameSystem.objects.select_for_update().get(slug=parsed.game)
    _check_against_loaded(game, parsed)
    _replace_game_fields(game, parsed)
    units = 0
    for faction_in in parsed.factions:
        units += _replace_faction(game, faction_in)
    data_changed(game.pk)
    return tuple(f.slug for f in parsed.factions), units


def _check_against_loaded(game: GameSystem, parsed: FactionFile) -> None:
    """What the file names but does not hold is in the game's data already, and what it adds clashes with
    nothing kept (a command card's slug, a spell's): the game says (`Files.check_against_library`)."""
    others = game.factions.exclude(slug__in=[f.slug for f in parsed.factions])
    game.home.files.check_against_library(parsed.factions, parsed.tops, game.details,
                                               dict(others.values_list("slug", "details")))


def _replace_game_fields(game: GameSystem, parsed: FactionFile) -> None:
    """The game's own top-level items the file holds (Dulce Bellum's grimoires) kept as it writes them, at their
    defaults left out as an export leaves them out: one imported again replaces the one with its slug, in its
    place (the factions that name it still do); the others are kept, and new ones go after them."""
    for name, kind in game.home.faction_file_fields.items():
        items = TypeAdapter(kind).dump_python(parsed.tops.get(name, []), mode="json", exclude_defaults=True)
        if items:
            by_slug = {item["slug"]: item for item in game.details.get(name, ())}
            game.details[name] = list((by_slug | {item["slug"]: item for item in items}).values())
            game.save(update_fields=["details"])


def _replace_faction(game: GameSystem, data: FactionIn) -> int:
    """Importing a faction that exists replaces its data; lists refer to units by slug."""
    faction, _ = Faction.objects.update_or_create(
        game=game, slug=data.slug,
        defaults={"name": data.name, "version": data.version or "",
                  "rule_texts": [r.model_dump() for r in data.rule_texts],
                  "details": details_of(data, FACTION_SHARED)},
    )
    faction.units.all().delete()
    rows = Unit.objects.bulk_create(_unit_row(faction, i, u) for i, u in enumerate(data.units))
    options, groups = [], []
    for row, unit_in in zip(rows, data.units, strict=True):
        options += [Option(unit=row, slug=o.slug, name=o.name, cost=o.cost, group=o.group or "",
                           details=details_of(o, OPTION_SHARED), position=i)
                    for i, o in enumerate(unit_in.options)]
        groups += [OptionGroup(unit=row, slug=g.slug, name=g.name, min=g.min, max=g.max, position=i)
                   for i, g in enumerate(unit_in.option_groups)]
    Option.objects.bulk_create(options)
    OptionGroup.objects.bulk_create(groups)
    return len(rows)


def _unit_row(faction: Faction, position: int, data) -> Unit:
    return Unit(faction=faction, slug=data.slug, name=data.name, position=position, rules=data.rules,
                stats=data.stats, notes=data.notes or "", details=details_of(data))
