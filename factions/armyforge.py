"""Army Forge army books into the library (docs/faction-file.md, "Army Forge books").

The book is read by the OPR package's reader into an ordinary faction-file document, validated by
`parse_faction_file` and written by `import_document`, all or nothing. A first import writes at once;
a book already in the library is compared with what is there, and written only when confirmed; a
faction of the same slug that did not come from Army Forge (a demo's sample faction) keeps it, and the book
goes beside it under a slug of its own, unless it is to replace it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from armylists.boundary.errors import BadInput
from armylists.boundary.jsonfile import FACTION_FILE_BYTES, parse_json, read_json
from armylists.games.base import Game
from armylists.games.book_reading import LeftOut
from armylists.games.own_fields import FACTION_SHARED, details_of
from armylists.games.registry import game_home, homes

from .exporter import faction_document, factions_with_details
from .importer import FactionFileError, import_document
from .models import SLUG_MAX, Faction
from .schemas import FORMAT, FactionFile, parse_faction_file
from .signals import broken_by_replacing


@dataclass
class Changes:
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    costs: list[str] = field(default_factory=list)  # "Warriors: 100 -> 110 pts"
    profiles: list[str] = field(default_factory=list)  # names of units whose profile or options changed
    # The book's texts: names of the rules whose description changed (added or removed), of the spells likewise,
    # and its version ("3.5.1 -> 3.5.2"). They change no check, so they are written at once.
    rule_texts: list[str] = field(default_factory=list)
    spell_texts: list[str] = field(default_factory=list)
    version: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return self.units_changed or self.texts_changed

    @property
    def units_changed(self) -> bool:
        """What a list is checked with changed: written only when confirmed."""
        return bool(self.added or self.removed or self.costs or self.profiles)

    @property
    def texts_changed(self) -> bool:
        return bool(self.rule_texts or self.spell_texts or self.version)

    def lines(self) -> list[str]:
        said = [("Units added", self.added), ("Units removed", self.removed), ("Costs changed", self.costs),
                ("Profiles or options changed", self.profiles), ("Rule texts changed", self.rule_texts),
                ("Spells changed", self.spell_texts), ("Army Forge book version", self.version)]
        return [f"{title}: {', '.join(names)}" for title, names in said if names]


@dataclass
class BookImport:
    source: str
    home: Game  # the game it was read for
    parsed: FactionFile
    left_out: list[LeftOut]
    existing: Faction | None
    changes: Changes | None  # None: a first import (or one replacing a faction not from Army Forge)
    beside: Faction | None = None  # a faction of the book's slug not from Army Forge, which keeps it
    # What replacing a faction not from Army Forge would break (saved lists, events, campaigns): written only
    # once the person confirms (factions/signals.py).
    breaks: list[str] = field(default_factory=list)

    def edition_lines(self) -> list[str]:
        """The book's version, the rules version Muster checks it against, and what is known to differ."""
        reader = self.home.army_forge_reader
        book = reader.book_of(details_of(self.faction, FACTION_SHARED)) if reader else None
        return edition_lines(self.home, book.get("version") if book else None)

    def beside_line(self) -> str:
        """Where the book went, when a faction not from Army Forge holds its slug; else nothing."""
        if self.beside is None:
            return ""
        return (f"The library's own faction '{self.beside.name}' keeps the slug '{self.beside.slug}' (lists name it); "
                f"this book is beside it as '{self.faction.slug}' (use --replace to overwrite it instead).")

    @property
    def faction(self) -> Any:
        return self.parsed.factions[0]

    @property
    def options(self) -> int:
        return sum(len(u.options) for u in self.faction.units)

    def write(self) -> None:
        import_document(self.parsed)


def read_army_forge(data: Any, game: str, source: str, replace: bool = False) -> BookImport:
    """Read and compare one book; raise FactionFileError naming `source` and the JSON path."""
    if isinstance(data, dict) and data.get("format") == FORMAT:
        raise FactionFileError(f"{source}: this is a Muster faction file, not an Army Forge book: load it with "
                               "the admin's Import factions, or `manage.py import_factions FILE`")
    try:
        home = game_home(game)  # the game the command or the admin's form names
        if home.army_forge_reader is None:
            raise BadInput("", f"{home.system['name']} reads no Army Forge army books")
        reading = home.army_forge_reader.read_book(data)
        parsed = parse_faction_file({"format": FORMAT, "game": game, "factions": [reading.faction]})
    except BadInput as error:
        raise FactionFileError(f"{source}: {error}") from None
    existing = _faction(game, parsed.factions[0].slug)
    beside = None
    if existing is not None and not existing.army_forge_book and not replace:
        # A sample faction (or one from a Muster file) keeps its slug, which lists and scripts name: the book
        # goes beside it, under a slug of its own (the same one each time, so it is compared when imported again).
        beside = existing
        reading.faction["slug"] = _slug_beside(home, existing.slug)
        parsed = parse_faction_file({"format": FORMAT, "game": game, "factions": [reading.faction]})
        existing = _faction(game, reading.faction["slug"])
    changes = _changes(home, faction_document(existing, home), reading.faction) \
        if existing and existing.army_forge_book else None
    breaks = broken_by_replacing(game, existing.slug, {u.slug for u in parsed.factions[0].units}) \
        if existing is not None and not existing.army_forge_book else []
    return BookImport(source, home, parsed, reading.left_out, existing, changes, beside, breaks)


def imported_elsewhere(book: str, game: str) -> tuple[str, str] | None:
    """The name of another game the Army Forge book `book` (its uid) was imported for, and its faction's name there;
    None when no other game has it. A list of `game` naming it is told so, since the same book must be downloaded
    for each game (docs/list-file.md, "Army Forge lists")."""
    readers = [home.slug for home in homes() if home.army_forge_reader and home.slug != game]
    for faction in Faction.objects.filter(game__slug__in=readers).select_related("game").order_by("game__name", "pk"):
        if (faction.army_forge_book or {}).get("book") == book:
            return faction.game.name, faction.name
    return None


def _faction(game: str, slug: str) -> Faction | None:
    return factions_with_details(Faction.objects.filter(game__slug=game, slug=slug)).first()


def _slug_beside(home: Game, slug: str) -> str:
    """The slug of a book beside a faction of the same slug not from Army Forge: "<slug>-army-forge", or with a
    number after it when that too is a faction not from Army Forge."""
    stem = slug[:SLUG_MAX - len("-army-forge-99")]
    for n in range(1, 100):
        candidate = f"{stem}-army-forge" + (f"-{n}" if n > 1 else "")
        found = Faction.objects.filter(game__slug=home.slug, slug=candidate).values_list("details", flat=True).first()
        if found is None or ((reader := home.army_forge_reader) and reader.book_of(found)):
            return candidate
    raise FactionFileError(f"no free slug beside the faction '{slug}': rename one of the library's factions")


def read_army_forge_file(path: str | Path, game: str, replace: bool = False) -> BookImport:
    try:
        data = read_json(path, FACTION_FILE_BYTES)
    except BadInput as error:
        raise FactionFileError(f"{path}: {error}") from None
    return read_army_forge(data, game, str(path), replace)


def read_army_forge_upload(raw: bytes, name: str, game: str, replace: bool = False) -> BookImport:
    try:
        data = parse_json(raw, FACTION_FILE_BYTES)
    except BadInput as error:
        raise FactionFileError(f"{name}: {error}") from None
    return read_army_forge(data, game, name, replace)


def _normal(value: Any) -> Any:
    """A document without empty fields at any depth, so that the library's export and a freshly read book
    compare like with like (their options' fields at their defaults left out by their game's `book_profile`)."""
    if isinstance(value, dict):
        kept = {k: _normal(v) for k, v in value.items()}
        return {k: v for k, v in kept.items() if v not in (None, "", [], {}, False)}
    if isinstance(value, list):
        return [_normal(v) for v in value]
    return value


def _profile(home: Game, unit: dict[str, Any]) -> dict[str, Any]:
    """What a player sees of a unit besides its cost and its name, as its game says."""
    return _normal(home.files.book_profile(unit))


def _changes(home: Game, old: dict[str, Any], new: dict[str, Any]) -> Changes:
    cost = home.library.listed_cost
    before = {u["slug"]: u for u in old.get("units", [])}
    after = {u["slug"]: u for u in new["units"]}
    changes = Changes(added=[after[s]["name"] for s in after if s not in before],
                      removed=[before[s]["name"] for s in before if s not in after])
    for slug, unit in after.items():
        was = before.get(slug)
        if was is None:
            continue
        if cost(was) != cost(unit):
            changes.costs.append(f"{unit['name']}: {cost(was)} -> {cost(unit)} pts")
        if _profile(home, was) != _profile(home, unit):
            changes.profiles.append(unit["name"])
    changes.rule_texts = _texts_changed(old.get("rule_texts", ()), new.get("rule_texts", ()), "text")
    changes.spell_texts = _texts_changed(home.library.book_spells(old), home.library.book_spells(new), None)
    reader = home.army_forge_reader
    versions = [((reader.book_of(doc) if reader else None) or {}).get("version") for doc in (old, new)]
    if versions[0] != versions[1]:
        changes.version = [f"{versions[0] or 'not given'} -> {versions[1] or 'not given'}"]
    return changes


def _texts_changed(old, new, field_name: str | None) -> list[str]:
    """The names of the items (rule texts, spells) added, removed or changed (their `field_name`, or anything of
    them), in the new book's order, then the removed ones."""
    def by_name(items):
        return {i["name"]: (i.get(field_name) if field_name else _normal(i)) for i in items}
    before, after = by_name(old), by_name(new)
    return [n for n, v in after.items() if before.get(n, None) != v or n not in before] + \
        [n for n in before if n not in after]


def edition_lines(home: Game, book_version: str | None) -> list[str]:
    """Army Forge's books follow the current edition of the rules (3.5.x), Muster's construction rules a given
    one: both said, and any construction rule the book's edition is known to change (the game's system.json,
    `book_editions`: {"3.5": ["..."]}), or that none is known."""
    system = home.system
    lines = [f"Army Forge book version {book_version or 'not given'}; Muster checks lists against the "
             f"{system['name']} {system['version']} rules."]
    edition = ".".join((book_version or "").split(".")[:2])
    known = system.get("book_editions", {}).get(edition, [])
    if known:
        lines.append(f"Known to change in the book's edition ({edition}): " + "; ".join(known))
    elif book_version and not book_version.startswith(edition_of(system["version"])):
        lines.append(f"No construction rule of edition {edition} is known to Muster to differ from "
                     f"{system['version']}.")
    return lines


def edition_of(version: str) -> str:
    return ".".join(version.split(".")[:2])
