"""The list file (`armylists/list@1`): reading it and writing it back.

The game is read first and the document validated against that game's model
(its home's `list_schema`), so a fault's location is a plain JSON path
(entries[3].unit). Fields that belong to another game are refused by name
rather than silently ignored.
"""
from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from armylists.boundary.envelope import read_game
from armylists.boundary.errors import BadInput
from armylists.boundary.jsonfile import long_number_in
from armylists.boundary.messages import bad_input
from armylists.games.registry import game_home, games
from armylists.games.schema import LIST_NAME_MAX, ListIn

FORMAT = "armylists/list@1"

__all__ = ["FORMAT", "LIST_NAME_MAX", "ListIn", "parse_list", "dump_list"]


def parse_list(data: Any) -> ListIn:
    """Validate a list document; raise BadInput naming the first fault's JSON path."""
    game = read_game(data, FORMAT, games(), "list file")
    try:
        parsed = game_home(game).list_schema.model_validate(data)
    except ValidationError as error:
        raise bad_input(error) from None
    # `meta` is never checked, but a number in it is bounded like any other.
    if parsed.meta and (fault := long_number_in(parsed.meta, ("meta",))) is not None:
        raise fault
    seen: set[str] = set()
    for i, entry_id in enumerate(parsed.entry_ids()):
        if entry_id in seen:
            raise BadInput(f"entries[{i}].id", f"'{entry_id}' is used by an earlier entry")
        seen.add(entry_id)
    return parsed


def dump_list(parsed: ListIn) -> dict[str, Any]:
    """The document as a list file, without fields left at their defaults."""
    data = parsed.model_dump(exclude_defaults=True)
    return {"format": FORMAT, "game": parsed.game, "faction": parsed.faction, **data}
