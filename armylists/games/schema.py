"""What every game's list and faction schemas are built from (pydantic).

The two file formats (`armylists/list@1`, `armylists/factions@1`) share an
envelope and most fields; each game's home subclasses these models with the
fields only that game has, so a field of another game is refused by name.
Parsing (reading the envelope, turning errors into JSON paths) lives with the
format's reader: `armylists.checking.listfile` and `factions.schemas`.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints

from armylists.boundary.errors import BadInput
from armylists.boundary.text import line, lines

# The bounds of both formats (docs/faction-file.md, "Bounds": "Every slug in every file matches [a-z0-9-]{1,64}. Names
# are at most 200 characters, notes and texts at most 5,000"; list file bounds). Names are one line, texts may
# hold line breaks, neither a control character (`armylists.boundary.text`).
NAME_MAX = 200
TEXT_MAX = 5_000
LIST_NAME_MAX = NAME_MAX
ENTRY_NAME_MAX = NAME_MAX
MAX_ENTRIES = 1_000
MAX_OPTIONS = 100
SLUG_PATTERN = r"^[a-z0-9-]{1,64}$"
ENTRY_ID_PATTERN = r"^[A-Za-z0-9_-]{1,40}$"

Slug = Annotated[str, StringConstraints(pattern=SLUG_PATTERN)]
Name = line(NAME_MAX, min_length=1)
ListName, EntryName = line(LIST_NAME_MAX), line(ENTRY_NAME_MAX)  # may be empty
LongText = lines(TEXT_MAX)
Id = Annotated[str, StringConstraints(pattern=ENTRY_ID_PATTERN)]
PointsLimit = Annotated[int, Field(ge=1, le=1_000_000)]
EntryT = TypeVar("EntryT")
Entries = Annotated[list[EntryT], Field(max_length=MAX_ENTRIES)]  # a game's entries: Entries[ItsEntryIn]


def _whole_number(minimum: int, maximum: int) -> Any:
    """A plain JSON integer from `minimum` to `maximum` (never a bool), said as the formats say it."""

    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise ValueError(f"must be an integer ≥ {minimum:,}")
        if value > maximum:
            raise ValueError(f"must be at most {maximum:,}")
        return value

    # The check runs before pydantic's own, so the published JSON Schema is given the bounds here.
    return Annotated[int, BeforeValidator(check), Field(json_schema_extra={"minimum": minimum, "maximum": maximum})]


# Every number of a faction file is bounded, so that none can overflow a database column.
COST_MIN, COST_MAX = -1_000, 100_000
Cost = _whole_number(COST_MIN, COST_MAX)
Count = _whole_number(0, COST_MAX)
AtLeastOne = _whole_number(1, COST_MAX)
SMALL_MAX = 1_000
SmallCount = _whole_number(0, SMALL_MAX)  # option group min/max, elite, Spellcaster(n)

# What a faction may hold (docs/faction-file.md, "Bounds"): far more than any army book has, few enough that
# a game's library of many such factions loads in a fraction of a second. An Army Forge book is held to them
# as its packages expand, before anything is built (armylists/games/opr/armyforge/reader.py).
UNITS_MAX = 500
UNIT_OPTIONS_MAX = 400  # options (and option groups) of one unit
FACTION_OPTIONS_MAX = 5_000  # options of all a faction's units together
UnitT = TypeVar("UnitT")
OptionT = TypeVar("OptionT")
Units = Annotated[list[UnitT], Field(max_length=UNITS_MAX)]  # a game's units: Units[ItsUnitIn]
UnitOptions = Annotated[list[OptionT], Field(max_length=UNIT_OPTIONS_MAX)]  # UnitOptions[ItsOptionIn]


def is_sample(notes: str | None) -> bool:
    """A unit made up for the demo: its data's `notes` begin with "Sample" (docs/faction-file.md, Units)."""
    return (notes or "").startswith("Sample")


SAMPLE_TAG = "Sample"  # how every page, roster and PDF marks such a unit


def drop_empty(data: dict[str, Any], keep: tuple[str, ...] = ()) -> dict[str, Any]:
    """A faction-file object without its empty fields (those not in `keep`), as export writes it."""
    return {k: v for k, v in data.items() if k in keep or v not in (None, "", [], {}, False)}


def unique(items: list, key: str | None, path: str, where: str) -> None:
    """Each item's `key` (or, with None, each item) once in `items` of a faction file, else BadInput at the
    second."""
    seen: set[Any] = set()
    for i, item in enumerate(items):
        value = getattr(item, key) if key else item
        if value in seen:
            raise BadInput(f"{path}[{i}]" + (f".{key}" if key else ""), f"'{value}' is used twice in {where}")
        seen.add(value)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# --- the list file ---------------------------------------------------------------


class EntryIn(Strict):
    id: Id
    unit: Slug
    faction: Slug | None = None
    options: Annotated[list[Slug], Field(max_length=MAX_OPTIONS)] = []
    name: EntryName | None = None


class ListIn(Strict):
    format: Literal["armylists/list@1"]
    game: str
    faction: Slug
    name: ListName | None = None
    points_limit: PointsLimit
    entries: Entries[EntryIn]
    # Anything a program wants to keep with the list; never checked, kept through import and export.
    meta: dict[str, Any] | None = None

    def entry_ids(self) -> list[str]:
        return [e.id for e in self.entries]


# --- the faction file ------------------------------------------------------------


class OptionGroupIn(Strict):
    slug: Slug
    name: Name
    min: SmallCount = 0
    max: SmallCount = 1


class OptionIn(Strict):
    slug: Slug
    name: Name
    cost: Cost = 0
    group: Slug | None = None


class UnitIn(Strict):
    slug: Slug
    name: Name
    rules: list[LongText] = []
    stats: dict[Name, Any] = {}
    options: UnitOptions[OptionIn] = []
    option_groups: UnitOptions[OptionGroupIn] = []
    notes: LongText | None = None


class RuleTextIn(Strict):
    """A special rule in its book's words (docs/faction-file.md, "Rule texts")."""

    name: Name
    text: LongText


RULE_TEXTS_MAX = 1_000


class FactionIn(Strict):
    slug: Slug
    name: Name
    version: Name | None = None
    rule_texts: Annotated[list[RuleTextIn], Field(max_length=RULE_TEXTS_MAX)] = []
    units: Units[UnitIn]
