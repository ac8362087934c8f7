"""The faction file (`armylists/factions@1`): reading and checking one.

The game is read first and the file validated against that game's model (its
home's `faction_schema`, and its `faction_file_fields` at the top level), so an
error's location is a plain JSON path (factions[0].units[3].cost). What the
file names across factions (copies, grimoires, spells, command cards) is
checked here against the file itself; the importer checks it against the
game's data already loaded.
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
from armylists.games.own_fields import details_of
from armylists.games.registry import game_home, games
from armylists.games.schema import FACTION_OPTIONS_MAX, FactionIn

FORMAT = "armylists/factions@1"
ENVELOPE = ("format", "game", "factions")


@dataclass(frozen=True)
class FactionFile:
    game: str
    factions: list[FactionIn]
    grimoires: list[Any] = field(default_factory=list)  # Dulce Bellum: the game's grimoires in this file


def parse_faction_file(data: Any) -> FactionFile:
    """Validate a whole faction file; raise BadInput naming the first fault's JSON path."""
    game = read_game(data, FORMAT, games(), "faction file")
    home = game_home(game)
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
    parsed = FactionFile(game=game, factions=factions, **tops)
    _check_references(parsed)
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


def _first_duplicate(slugs: list[str]) -> int | None:
    seen: set[str] = set()
    for i, slug in enumerate(slugs):
        if slug in seen:
            return i
        seen.add(slug)
    return None


def _unique(items: list, key: str | None, path: str, where: str) -> None:
    """Each item's `key` (or, with None, each item) once in `items`, else BadInput at the second."""
    values = [getattr(item, key) if key else item for item in items]
    if (i := _first_duplicate(values)) is not None:
        raise BadInput(f"{path}[{i}]" + (f".{key}" if key else ""), f"'{values[i]}' is used twice in {where}")


def _check_references(parsed: FactionFile) -> None:
    """Slugs are unique where the format says so, and what the file names exists in it."""
    home = game_home(parsed.game)
    _unique(parsed.factions, "slug", "factions", "this game")
    for fi, faction in enumerate(parsed.factions):
        here = f"factions[{fi}]"
        _unique(faction.units, "slug", f"{here}.units", "this faction")
        for ui, unit in enumerate(faction.units):
            _check_unit(home, unit, f"{here}.units[{ui}]", {u.slug: u for u in faction.units})
        _unique(getattr(faction, "command_cards", []), "slug", f"{here}.command_cards", "this faction")
    _check_cards_across_factions(parsed)
    _check_grimoires(parsed)


def _check_unit(home: Game, unit, here: str, units: dict) -> None:
    _unique(unit.options, "slug", f"{here}.options", "this unit")
    _unique(unit.option_groups, "slug", f"{here}.option_groups", "this unit")
    groups = {g.slug for g in unit.option_groups}
    for oi, option in enumerate(unit.options):
        if option.group and option.group not in groups:
            raise BadInput(f"{here}.options[{oi}].group", f"no option group '{option.group}' in this unit")
    home.check_unit(unit, here, units)  # its own fields beyond its schema (a size once, a copy of another unit)


def _check_cards_across_factions(parsed: FactionFile) -> None:
    """Diskwars: a command card slug is unique in the whole game (a list names cards by slug alone)."""
    owner: dict[str, str] = {}
    for fi, faction in enumerate(parsed.factions):
        for ci, card in enumerate(getattr(faction, "command_cards", [])):
            if owner.setdefault(card.slug, faction.slug) != faction.slug:
                raise BadInput(f"factions[{fi}].command_cards[{ci}].slug",
                               f"'{card.slug}' is already a card of faction '{owner[card.slug]}'")


def _check_grimoires(parsed: FactionFile) -> None:
    """Dulce Bellum: grimoire slugs once, spell slugs once across all the grimoires."""
    _unique(parsed.grimoires, "slug", "grimoires", "this file")
    grimoire_of: dict[str, str] = {}
    for gi, grimoire in enumerate(parsed.grimoires):
        for si, spell in enumerate(grimoire.spells):
            if spell.slug in grimoire_of:
                raise BadInput(f"grimoires[{gi}].spells[{si}].slug",
                               f"'{spell.slug}' is already a spell of grimoire '{grimoire_of[spell.slug]}'")
            grimoire_of[spell.slug] = grimoire.slug
    for fi, faction in enumerate(parsed.factions):
        _unique(getattr(faction, "grimoires", []), None, f"factions[{fi}].grimoires", "this faction")


def missing_references(parsed: FactionFile) -> list[tuple[str, str, str]]:
    """(path, kind, slug) of every grimoire and spell the factions name that the file itself does
    not hold: the importer looks them up in the game's data already loaded."""
    home = game_home(parsed.game)
    grimoires = {g.slug for g in parsed.grimoires}
    spells = {s.slug for g in parsed.grimoires for s in g.spells}
    missing = []
    for fi, faction in enumerate(parsed.factions):
        for gi, slug in enumerate(getattr(faction, "grimoires", [])):
            if slug not in grimoires:
                missing.append((f"factions[{fi}].grimoires[{gi}]", "grimoire", slug))
        for ui, unit in enumerate(faction.units):
            for name, spell in home.spells_named(details_of(unit)).items():
                if spell not in spells:
                    missing.append((f"factions[{fi}].units[{ui}].{name}", "spell", spell))
    return missing
