"""The faction file (`armylists/factions@1`): reading and checking one.

The game is read first and the file validated against that game's model (its
home's `faction_schema`), so an error's location is a plain JSON path
(factions[0].units[3].cost).
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from armylists.checking.boundary import BadInput, bad_input, read_game
from armylists.games.registry import GAMES, game_home
from armylists.games.schema import FactionIn

FORMAT = "armylists/factions@1"


class FactionFile(BaseModel):
    game: str
    factions: list[FactionIn]


def parse_faction_file(data: Any) -> FactionFile:
    """Validate a whole faction file; raise BadInput naming the first fault's JSON path."""
    game = read_game(data, FORMAT, GAMES, "faction file")
    if not isinstance(data.get("factions"), list):
        raise BadInput("factions", "must be a list")
    model = game_home(game).faction_schema
    factions = []
    for i, raw in enumerate(data["factions"]):
        try:
            factions.append(model.model_validate(raw))
        except ValidationError as error:
            raise bad_input(error, ("factions", i)) from None
    parsed = FactionFile(game=game, factions=factions)
    _check_references(parsed)
    extra = sorted(set(data) - {"format", "game", "factions"})
    if extra:
        raise BadInput(extra[0], "is not a field of this format")
    return parsed


def _first_duplicate(slugs: list[str]) -> int | None:
    seen: set[str] = set()
    for i, slug in enumerate(slugs):
        if slug in seen:
            return i
        seen.add(slug)
    return None


def _check_references(parsed: FactionFile) -> None:
    """Slugs are unique where the format says so, and option groups exist."""
    if (i := _first_duplicate([f.slug for f in parsed.factions])) is not None:
        raise BadInput(f"factions[{i}].slug", f"'{parsed.factions[i].slug}' is used twice in this game")
    for fi, faction in enumerate(parsed.factions):
        if (ui := _first_duplicate([u.slug for u in faction.units])) is not None:
            raise BadInput(f"factions[{fi}].units[{ui}].slug",
                           f"'{faction.units[ui].slug}' is used twice in this faction")
        for ui, unit in enumerate(faction.units):
            here = f"factions[{fi}].units[{ui}]"
            if (oi := _first_duplicate([o.slug for o in unit.options])) is not None:
                raise BadInput(f"{here}.options[{oi}].slug", f"'{unit.options[oi].slug}' is used twice in this unit")
            groups = {g.slug for g in unit.option_groups}
            for oi, option in enumerate(unit.options):
                if option.group and option.group not in groups:
                    raise BadInput(f"{here}.options[{oi}].group", f"no option group '{option.group}' in this unit")
            sizes = getattr(unit, "sizes", [])
            if (si := _first_duplicate([s.size for s in sizes])) is not None:
                raise BadInput(f"{here}.sizes[{si}].size", f"'{sizes[si].size}' is listed twice")
        cards = getattr(faction, "command_cards", [])
        if (ci := _first_duplicate([c.slug for c in cards])) is not None:
            raise BadInput(f"factions[{fi}].command_cards[{ci}].slug",
                           f"'{cards[ci].slug}' is used twice in this faction")
