"""Army Forge's list files into Muster's (docs/list-file.md, "Army Forge lists"): plain Python and pydantic.

The shape read is what Army Forge's list export and share API give (other fields are ignored): `gameSystem`
(`aofs`, `aofr`; `aof`, the big-battle game, is refused), `name`, `pointsLimit` and `units`, each with the
book's `armyId`, the book unit's `id`, its `selectionId`, `joinToUnit`, `combined`, `customName` and
`selectedUpgrades` (each an `upgrade` section and an `option`, by `uid` and `id`; older exports give only `id`).

Army Forge's two marks, read as it means them: a unit with `combined` and `joinToUnit` is the second half of a
combined unit (AoF Regiments and Skirmish, Combined Units), merged into the half it names as one Muster entry
marked combined; a unit with `joinToUnit` and no `combined` is a hero joined to that unit (`joined_to`).

The books must be imported first, for the list's game: `books` gives, by Army Forge book uid, the faction's slug and
its units by Army Forge id, each with its slug and its options by uid (and by id). A book imported for the other
AoF game only is named with that game (`ListGame.elsewhere`): the same book must be downloaded for this one.

Each fault is said two ways (`BadInput`): with its JSON path, the selectionId and a command for `checklist` and
`POST /api/check`; in words of the list's units (its third unit, "Knights") for a page.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from armylists.boundary.errors import BadInput
from armylists.boundary.inwords import ordinal
from armylists.boundary.messages import bad_input
from armylists.boundary.text import line

# Army Forge's game systems, by the code a list file gives, and the game Muster checks them as.
GAMES = {"aofs": "aof-skirmish", "aofr": "aof-regiments"}
NOT_CHECKED = {"aof": "Age of Fantasy (the big-battle game)", "gf": "Grimdark Future",
               "gff": "Grimdark Future: Firefight"}
UNITS_MAX = 500
UPGRADES_MAX = 100

Text = line(200)


class Loose(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)


class Ref(Loose):
    uid: Text | None = None
    id: Text | None = None


class OptionRef(Ref):
    @model_validator(mode="after")
    def _named(self) -> OptionRef:
        if self.uid is None and self.id is None:
            raise ValueError("must give a uid (or, in an older export, an id)")
        return self


class Upgrade(Loose):
    upgrade: Ref | None = None  # its section: not read, the option is found among the unit's
    option: OptionRef


class ListUnit(Loose):
    armyId: Text
    id: Text
    selectionId: Text
    joinToUnit: Text | None = None
    combined: bool = False
    customName: Text | None = None
    selectedUpgrades: Annotated[list[Upgrade], Field(max_length=UPGRADES_MAX)] = []


class ArmyForgeList(Loose):
    gameSystem: Text
    name: Text | None = None
    pointsLimit: Annotated[int, Field(ge=0, le=1_000_000)]
    units: Annotated[list[ListUnit], Field(max_length=UNITS_MAX)]


# Each field's place in words, for a fault's sentence after its JSON path (docs/list-file.md, "Army Forge lists").
_UNIT, _UPGRADE = ("units", "[]"), ("units", "[]", "selectedUpgrades", "[]")
PLACES = {
    ("gameSystem",): "the game system", ("name",): "the list's name", ("pointsLimit",): "the points limit",
    ("units",): "the list of units", _UNIT: "each unit",
    (*_UNIT, "armyId"): "the unit's army book", (*_UNIT, "id"): "the unit's id in its army book",
    (*_UNIT, "selectionId"): "the unit's id in the list", (*_UNIT, "joinToUnit"): "the unit it joins",
    (*_UNIT, "combined"): "the mark of a combined unit's second half", (*_UNIT, "customName"): "the unit's name",
    (*_UNIT, "selectedUpgrades"): "the unit's upgrades", _UPGRADE: "each upgrade",
    (*_UPGRADE, "upgrade"): "the upgrade's section", (*_UPGRADE, "option"): "the upgrade's option",
    (*_UPGRADE, "option", "uid"): "the option's uid", (*_UPGRADE, "option", "id"): "the option's id",
}


@dataclass(frozen=True)
class BookUnit:
    slug: str
    options: Mapping[str, str]  # option slug by its Army Forge uid (and by id)
    all_models: frozenset[str] = frozenset()  # the slugs of its options bought for every model
    name: str = ""


@dataclass(frozen=True)
class ListGame:
    """The game the list is read for, and where else its books may have been imported."""
    slug: str
    name: str  # as people read it: "Age of Fantasy: Regiments"
    # An Army Forge book uid -> the name of another game it was imported for, and the book's name there; None when
    # no other game has it.
    elsewhere: Callable[[str], tuple[str, str] | None] = lambda uid: None


@dataclass(frozen=True)
class Book:
    faction: str
    name: str
    units: Mapping[str, BookUnit] = field(default_factory=dict)  # by Army Forge unit id


def books_from(factions) -> dict[str, Book]:
    """The factions imported from Army Forge (a library's, each with `slug`, `name`, `details`, `home`, `unit_docs`), by
    book uid, with their units and options by Army Forge id."""
    books = {}
    for f in factions:
        book_uid = (f.home.army_forge_reader.book_of(f.details) or {}).get("book")
        if not book_uid:
            continue
        units = {doc["army_forge_id"]: BookUnit(
            slug, {o["army_forge_id"]: o["slug"] for o in doc.get("options", ()) if o.get("army_forge_id")},
            frozenset(o["slug"] for o in doc.get("options", ()) if o.get("scope") == "all_models"), doc.get("name", ""))
            for slug, doc in f.unit_docs.items() if doc.get("army_forge_id")}
        books[book_uid] = Book(f.slug, f.name, units)
    return books


def is_army_forge_list(data: Any) -> bool:
    """An Army Forge list file, told by its shape: no Muster `format`, a `gameSystem` and `units`."""
    return isinstance(data, dict) and "format" not in data and "gameSystem" in data and "units" in data


def game_of(data: Any) -> str:
    """The Muster game an Army Forge list file is for; BadInput for a game system Muster does not check."""
    system = data.get("gameSystem") if isinstance(data, dict) else None
    if isinstance(system, str) and system in NOT_CHECKED:
        raise BadInput("gameSystem", f"'{system}' is {NOT_CHECKED[system]}: Muster checks Age of Fantasy: "
                                     "Regiments (aofr) and Age of Fantasy: Skirmish (aofs) lists only")
    if not isinstance(system, str) or system not in GAMES:
        raise BadInput("gameSystem", "the game system must be 'aofr' or 'aofs' (an Army Forge list of Age of "
                                     f"Fantasy: Regiments or Skirmish), not {_shown(system)}")
    return GAMES[system]


def _shown(value: Any) -> str:
    """A JSON value as a sentence names it: a short text as given, anything else by its kind."""
    if isinstance(value, str):
        return repr(value[:40]) + ("…" if len(value) > 40 else "")
    if value is None or isinstance(value, bool):
        return "null" if value is None else "true or false"
    return "a list" if isinstance(value, list) else "an object" if isinstance(value, dict) else "a number"


def muster_list(data: Any, books: Mapping[str, Book], read_for: ListGame | None = None) -> dict[str, Any]:
    """The Muster list file of an Army Forge list; BadInput naming the unit's `selectionId` and the id for
    anything the books do not have (and, on a page, the unit in words)."""
    game = game_of(data)
    read_for = read_for or ListGame(game, game)
    try:
        parsed = ArmyForgeList.model_validate(data)
    except ValidationError as error:
        raise bad_input(error, places=PLACES) from None
    ids = {u.selectionId: f"af-{i}" for i, u in enumerate(parsed.units, start=1)}
    if len(ids) != len(parsed.units):
        raise BadInput("units", "two units share a selectionId", shown="two of the list's units have the same id")
    entries: dict[str, dict[str, Any]] = {}
    halves: list[tuple[int, ListUnit, dict[str, Any]]] = []
    for i, unit in enumerate(parsed.units):
        entry = _entry(i, unit, books, ids, read_for)
        if unit.combined and unit.joinToUnit:
            halves.append((i, unit, entry))
        else:
            entries[unit.selectionId] = entry
    for i, unit, half in halves:
        _combine(i, unit, half, entries, books, parsed.units)
    factions = [e.get("faction") for e in entries.values()]
    primary = factions[0] if factions else next(iter(books.values())).faction if books else "unknown"
    for entry in entries.values():
        if entry.get("faction") == primary:
            entry.pop("faction")
    document = {"format": "armylists/list@1", "game": game, "faction": primary, "points_limit": parsed.pointsLimit,
                "entries": list(entries.values())}
    if parsed.name:
        document["name"] = parsed.name
    # The file as Army Forge gave it, kept beside the list (never checked): an organiser can see what was sent.
    document["meta"] = {"army_forge_list": data}
    return document


def _said(i: int, unit: ListUnit, named: str = "") -> str:
    """A unit as a page names it: "the list's third unit, “Knights”" (its own name, else its book's)."""
    name = unit.customName or named
    return f"the list's {ordinal(i + 1)} unit" + (f", “{name}”" if name else "")


def _not_imported(i: int, unit: ListUnit, read_for: ListGame) -> BadInput:
    """A book the list's game does not have: imported for the other game (said so, naming it), or not at all."""
    where, this = f"units[{i}].armyId", read_for.name
    command = f"import_factions --army-forge {read_for.slug} BOOK.json"
    found = read_for.elsewhere(unit.armyId)
    if found is not None:
        other, book = found
        wrong = f"was imported for {other}, not for {this}, the game of this list"
        return BadInput(where, f"the army book {book} (of unit '{unit.selectionId}') {wrong}: download the book from "
                               f"Army Forge for {this} and import it for that game ({command})",
                        shown=f"{_said(i, unit)}: its army book, {book}, {wrong}: the book must be downloaded from "
                              f"Army Forge for {this} and imported for that game (the site's staff can import it)")
    return BadInput(where, f"the army book '{unit.armyId}' (of unit '{unit.selectionId}') is not imported for {this}: "
                           f"import it first ({command})",
                    shown=f"{_said(i, unit)}: its army book is not in this site's library for {this}: the site's staff "
                          "must import the book from Army Forge first")


def _entry(i: int, unit: ListUnit, books: Mapping[str, Book], ids: Mapping[str, str],
           read_for: ListGame) -> dict[str, Any]:
    where = f"units[{i}]"
    book = books.get(unit.armyId)
    if book is None:
        raise _not_imported(i, unit, read_for)
    found = book.units.get(unit.id)
    if found is None:
        raise BadInput(f"{where}.id", f"unit '{unit.selectionId}': no unit '{unit.id}' in the book {book.name}",
                       shown=f"{_said(i, unit)}: the book {book.name} has no such unit as it was imported (it may "
                             "have changed since)")
    options = []
    for u, picked in enumerate(unit.selectedUpgrades):
        slug = found.options.get(picked.option.uid or "") or found.options.get(picked.option.id or "")
        if slug is None:
            named = picked.option.uid or picked.option.id
            raise BadInput(f"{where}.selectedUpgrades[{u}].option",
                           f"unit '{unit.selectionId}': no option '{named}' for this unit in the book {book.name}",
                           shown=f"{_said(i, unit, found.name)}: its {ordinal(u + 1)} upgrade is no option of this "
                                 f"unit in the book {book.name} as it was imported (it may have changed since)")
        options.append(slug)
    entry: dict[str, Any] = {"id": ids[unit.selectionId], "unit": found.slug, "faction": book.faction}
    if options:
        entry["options"] = options
    if unit.customName:
        entry["name"] = unit.customName[:100]
    if unit.joinToUnit and not unit.combined:
        if unit.joinToUnit not in ids:
            raise BadInput(f"{where}.joinToUnit", f"unit '{unit.selectionId}' joins '{unit.joinToUnit}', which is "
                                                  "not a unit of this list",
                           shown=f"{_said(i, unit, found.name)}: it joins a unit that is not in this list")
        entry["joined_to"] = ids[unit.joinToUnit]
    return entry


def _combine(i: int, unit: ListUnit, half: dict[str, Any], entries: dict[str, dict[str, Any]],
             books: Mapping[str, Book], units: list[ListUnit]) -> None:
    """The second half of a combined unit into the first: one entry, marked combined. Muster doubles the options
    bought for every model (both halves take them) and counts the others as bought, so the second half's own
    are added: the points are the book's."""
    host = entries.get(unit.joinToUnit or "")
    where, named = f"units[{i}]", books[unit.armyId].units[unit.id].name
    said = _said(i, unit, named)
    if host is None or host["unit"] != half["unit"] or host.get("combined"):
        raise BadInput(f"{where}.joinToUnit", f"unit '{unit.selectionId}' is combined with '{unit.joinToUnit}', "
                                              "which is not a single unit of the same kind in this list",
                       shown=f"{said}: it is combined with a unit that is not a single unit of the same kind in this "
                             "list")
    if host["faction"] != half["faction"]:
        # Two copies of the same unit combine (AoF Regiments, Combined Units): a unit of the same name in another
        # army book is another unit, with its own profile and upgrades.
        h, first = next((h, u) for h, u in enumerate(units) if u.selectionId == unit.joinToUnit)
        its_book, other = books[unit.armyId].name, books[first.armyId].name
        must = "the two halves of a combined unit must be copies of the same unit of one army book"
        raise BadInput(f"{where}.armyId", f"unit '{unit.selectionId}' of the book {its_book} is combined with "
                                          f"'{unit.joinToUnit}' of the book {other}: {must}",
                       shown=f"{said}, of the book {its_book}, is combined with {_said(h, first, named)}, of the book "
                             f"{other}: {must}")
    every = books[unit.armyId].units[unit.id].all_models
    mine = sorted(o for o in half.get("options", []) if o in every)
    theirs = sorted(o for o in host.get("options", []) if o in every)
    if mine != theirs:
        must = "the two halves of a combined unit must take the same upgrades for every model"
        raise BadInput(f"{where}.selectedUpgrades", f"unit '{unit.selectionId}': {must}", shown=f"{said}: {must}")
    host["combined"] = True
    extra = [o for o in half.get("options", []) if o not in every]
    if extra:
        host["options"] = [*host.get("options", []), *extra]
