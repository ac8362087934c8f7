"""What every game's list and faction schemas are built from (pydantic).

The two file formats (`armylists/list@1`, `armylists/factions@1`) share an
envelope and most fields; each game's home subclasses these models with the
fields only that game has, so a field of another game is refused by name.
Parsing (reading the envelope, turning errors into JSON paths) lives with the
format's reader: `armylists.checking.listfile` and `factions.schemas`.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints

LIST_NAME_MAX = 300
ENTRY_NAME_MAX = 120

Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9-]+$")]
Name = Annotated[str, StringConstraints(min_length=1)]
Text = Annotated[str, StringConstraints(min_length=1, max_length=200)]
Id = Annotated[str, StringConstraints(min_length=1, max_length=64)]
PointsLimit = Annotated[int, Field(ge=1, le=1_000_000)]
Size = Literal["single", "squad", "platoon", "company", "horde"]
Alignment = Literal["order", "destruction"]


def _whole_number(minimum: int):
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise ValueError(f"must be an integer ≥ {minimum}")
        return value

    return BeforeValidator(check)


Count = Annotated[int, _whole_number(0)]
AtLeastOne = Annotated[int, _whole_number(1)]


def drop_empty(data: dict[str, Any], keep: tuple[str, ...] = ()) -> dict[str, Any]:
    """A faction-file object without its empty fields (those not in `keep`), as export writes it."""
    return {k: v for k, v in data.items() if k in keep or v not in (None, "", [], {}, False)}


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# --- the list file ---------------------------------------------------------------


class EntryIn(Strict):
    id: Id
    unit: Text
    faction: Text | None = None
    options: list[Text] = []
    name: Annotated[str, StringConstraints(max_length=ENTRY_NAME_MAX)] | None = None


class ListIn(Strict):
    format: Literal["armylists/list@1"]
    game: str
    faction: Text
    name: Annotated[str, StringConstraints(max_length=LIST_NAME_MAX)] | None = None
    points_limit: PointsLimit
    entries: list[EntryIn]

    def entry_ids(self) -> list[str]:
        return [e.id for e in self.entries]


# --- the faction file ------------------------------------------------------------


class OptionGroupIn(Strict):
    slug: Slug
    name: Name
    min: Count = 0
    max: Count = 1


class OptionIn(Strict):
    slug: Slug
    name: Name
    cost: int = 0
    group: Slug | None = None


class UnitIn(Strict):
    slug: Slug
    name: Name
    rules: list[str] = []
    stats: dict[str, Any] = {}
    options: list[OptionIn] = []
    option_groups: list[OptionGroupIn] = []
    notes: str | None = None


class FactionIn(Strict):
    slug: Slug
    name: Name
    version: str | None = None
    units: list[UnitIn]
