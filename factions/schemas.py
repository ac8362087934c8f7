"""The faction file (`armylists/factions@1`): reading and checking one.

The game is read first and the file validated against that game's model (its
home's `faction_schema`, and its `faction_file_fields` at the top level), so an
error's location is a plain JSON path (factions[0].units[3].cost). What the
file names across factions is checked here against the file itself: slugs, and
what a game's own fields name (copies, grimoires, spells, command cards), which
its game checks (`Files.check_unit`, `check_file`); the importer has the game
check it against its data already loaded (`Files.check_against_library`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import TypeAdapter, ValidationError

from armylists.boundary.envelope import read_game
from armylists.boundary.errors import BadInput
from armylists.boundary.jsonfile import long_number_in
from armylists.boundary.messages import bad_input
from armylists.games.base import Game
from armylists.games.registry import game_home, games
from armylists.games.schema import FACTION_OPTIONS_MAX, FactionIn, unique

FORMAT = "armylists/factions@1"
ENVELOPE = ("format", "game", "factions")


@dataclass(frozen=True)
class FactionFile:
    game: str
    factions: list[FactionIn]
    # The game's own top-level fields in this file (`Game.faction_file_fields`: Dulce Bellum's grimoires), by name.
    tops: dict[str, Any] = field(default_factory=dict)


def parse_faction_file(data: Any) -> FactionFile:
    """Validate a whole faction file; raise BadInput naming the first fault's JSON path."""
    game = read_game(data, FORMAT, games(), "faction file")
    home = game_home(game)  # the game the file names, read where the file comes in
    extra = sorted(set(data) - set(ENVELOPE) - set(home.faction_file_fields))
    if extra:
        raise BadInput(extra[0], "is not a field of this format")
    if not isinstance(data.get("factions"), list):
        raise BadInput("factions", "must be a list")
    factions = []
    for i, raw in enumerate(data["factions"]):
        try:
            factions.append(home.faction_schema.model_validate(raw))
        except ValidationError as error:
            raise bad_input(error, ("factions", i)) from None
        _options_bounded(factions[-1], f"factions[{i}].units")
    tops = {}
    for name, kind in home.faction_file_fields.items():
        try:
            tops[name] = TypeAdapter(kind).validate_python(data.get(name, []))
        except ValidationError as error:
            raise bad_input(error, (name,)) from None
    parsed = FactionFile(game=game, factions=factions, tops=tops)
    _check_references(parsed, home)
    for fi, faction in enumerate(parsed.factions):
        for ui, unit in enumerate(faction.units):
            if (fault := long_number_in(unit.stats, ("factions", fi, "units", ui, "stats"))) is not None:
                raise fault
    return parsed


def _options_bounded(faction: FactionIn, path: str) -> None:
    """A faction's units hold at most FACTION_OPTIONS_MAX options together (docs/faction-file.md, "Bounds")."""
    total = sum(len(unit.options) for unit in faction.units)
    if total > FACTION_OPTIONS_MAX:
        raise BadInput(path, f"have {total:,} options together, more than the {FACTION_OPTIONS_MAX:,} "
                             "a faction may have")


def _check_references(parsed: FactionFile, home: Game) -> None:
    """Slugs are unique where the format says so, and what the file names exists in it; what a game's own
    fields name (command cards, grimoires), its game (`home`) checks."""
    unique(parsed.factions, "slug", "factions", "this game")
    for fi, faction in enumerate(parsed.factions):
        here = f"factions[{fi}]"
        unique(faction.units, "slug", f"{here}.units", "this faction")
        for ui, unit in enumerate(faction.units):
            _check_unit(home, unit, f"{here}.units[{ui}]", {u.slug: u for u in faction.units})
    home.files.check_file(parsed.factions, parsed.tops)


def _check_unit(home: Game, unit, here: str, units: dict) -> None:
    unique(unit.options, "slug", f"{here}.options", "this unit")
    unique(unit.option_groups, "slug", f"{here}.option_groups", "this unit")
    groups = {g.slug for g in unit.option_groups}
    for oi, option in enumerate(unit.options):
        if option.group and option.group not in groups:
            raise BadInput(f"{here}.options[{oi}].group", f"no option group '{option.group}' in this unit")
    home.files.check_unit(unit, here, units)  # its own fields beyond its schema (a size once, a copy of another unit)
