"""The list file (`armylists/list@1`) as pydantic models, one per game.

The game is read first and the document validated against that game's model,
so a fault's location is a plain JSON path (entries[3].unit). Fields that
belong to another game are refused by name rather than silently ignored.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from armylists.checking.boundary import BadInput, bad_input, read_game

FORMAT = "armylists/list@1"
LIST_NAME_MAX = 300

Text = Annotated[str, StringConstraints(min_length=1, max_length=200)]
Id = Annotated[str, StringConstraints(min_length=1, max_length=64)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class EntryIn(Strict):
    id: Id
    unit: Text
    faction: Text | None = None
    options: list[Text] = []
    name: Annotated[str, StringConstraints(max_length=120)] | None = None


class OprEntryIn(EntryIn):
    combined: bool = False
    joined_to: Id | None = None


class DulceBellumEntryIn(EntryIn):
    size: Literal["single", "squad", "platoon", "company", "horde"]
    spells: list[Text] = []


class DiskwarsEntryIn(EntryIn):
    regiment: Id | None = None


class ListIn(Strict):
    format: Literal["armylists/list@1"]
    game: str
    faction: Text
    name: Annotated[str, StringConstraints(max_length=LIST_NAME_MAX)] | None = None
    points_limit: Annotated[int, Field(ge=1, le=1_000_000)]
    entries: list[EntryIn]

    def entry_ids(self) -> list[str]:
        return [e.id for e in self.entries]


class OprListIn(ListIn):
    entries: list[OprEntryIn]
    force_organisation: bool = True
    mixed_armies: Literal["free", "tournament"] = "free"


class BattlegroundListIn(ListIn):
    command_cards: Annotated[int, Field(ge=0, le=1000)] = 0


class DulceBellumListIn(ListIn):
    entries: list[DulceBellumEntryIn]


class DiskwarsListIn(ListIn):
    entries: list[DiskwarsEntryIn]
    points_limit: Annotated[int, Field(ge=1, le=1_000_000)] | None = None
    command_cards: list[Text] = []
    regiments: Annotated[int, Field(ge=1, le=20)] | None = None


LIST_MODELS: dict[str, type[ListIn]] = {
    "aof-regiments": OprListIn,
    "aof-skirmish": OprListIn,
    "battleground": BattlegroundListIn,
    "diskwars": DiskwarsListIn,
    "dulce-bellum": DulceBellumListIn,
}


def parse_list(data: Any) -> ListIn:
    """Validate a list document; raise BadInput naming the first fault's JSON path."""
    game = read_game(data, FORMAT, tuple(LIST_MODELS), "list file")
    try:
        parsed = LIST_MODELS[game].model_validate(data)
    except ValidationError as error:
        raise bad_input(error) from None
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
