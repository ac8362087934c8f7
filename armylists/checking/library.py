"""The unit data a list is checked against, from the database or frozen in a snapshot.

A `Library` holds, for each faction of a game, its unit documents (the
faction-file JSON of each unit) and its own fields as its file names them
(Diskwars' command cards, the slugs of the grimoires it may use...), and the
game's grimoires (Dulce Bellum); what it says of a faction's own fields, it
asks the game. A tournament submission stores `Library.snapshot()` of the units
it uses (with every grimoire of the game, which the spell rules need whole), so
it is re-checked later against exactly the data it was submitted with
(`Library.from_snapshot`); a snapshot keeps the keys it always had.

`library_of(game)` keeps each game's library in memory, per process, and
reads it again only when the game's `data_version` has changed (an import or
an admin edit changes it, see `factions.models.data_changed`): a warm check
runs one small query for the version instead of four for every unit of the
game (five with grimoires). A `Library` is shared between requests: nothing may change
one after it is built.
"""
from __future__ import annotations

import hashlib
import json
import threading
import uuid
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.db import connection, connections

from armylists.games.base import Game
from armylists.games.library_items import ChosenCard, Grimoire, Spell
from armylists.games.own_fields import GRIMOIRE
from armylists.games.registry import game_home
from armylists.ops.timelimit import shielded
from armylists.rules.model import Faction as EngineFaction
from armylists.rules.model import Unit
from factions.engine_units import engine_faction, engine_unit
from factions.exporter import factions_with_details, unit_document
from factions.models import Faction, GameSystem


@dataclass
class LibraryFaction:
    slug: str
    name: str
    unit_docs: dict[str, dict[str, Any]]
    # The fields its game declares for its factions, as its faction file names them (docs/architecture.md, "A
    # game is one package"): whoever needs one asks `home` of them (`home.library.alignment_of(details)`), never reads
    # one by name (tests/games/test_game_fields_stay_in_games.py).
    details: dict[str, Any] = field(default_factory=dict)
    # The rules' own words as its book gives them ({"name", "text"}), printed once on a roster.
    rule_texts: list[dict[str, str]] = field(default_factory=list)
    home: Game | None = None  # its game's (set by its `Library`)
    _units: dict[str, Unit] = field(default_factory=dict, repr=False)

    def unit(self, slug: str) -> Unit | None:
        if slug not in self._units and slug in self.unit_docs:
            self._units[slug] = engine_unit(self.unit_docs[slug], self.slug, self.home)
        return self._units.get(slug)

    def frozen(self, unit_slugs: Iterable[str], drawn_on: bool) -> dict[str, Any]:
        """As a snapshot keeps it: these of its units, and what its game keeps of its own fields."""
        units = {u: self.unit_docs[u] for u in sorted(set(unit_slugs)) if u in self.unit_docs}
        data = {"name": self.name, "units": units, **self.home.files.frozen_details(self.details, drawn_on)}
        return data | ({"rule_texts": self.rule_texts} if self.rule_texts else {})

    @classmethod
    def from_dict(cls, slug: str, data: dict[str, Any]) -> LibraryFaction:
        """A faction of a snapshot: besides its name, units and rule texts, its own fields as its file names
        them (a snapshot stored before faction details had the same keys)."""
        details = {k: v for k, v in data.items() if k not in FROZEN_SHARED}
        return cls(slug, data["name"], data["units"], details, list(data.get("rule_texts", ())))


# What a snapshot's faction has besides its own fields.
FROZEN_SHARED = frozenset({"name", "units", "rule_texts"})


@dataclass
class Library:
    # Its game's home: a live library's from the game row it is read from, a snapshot's from the game it names.
    home: Game = field(repr=False)
    factions: dict[str, LibraryFaction]
    grimoire_docs: list[dict[str, Any]] = field(default_factory=list)  # Dulce Bellum: the game's grimoires
    # The game's data version it was read at (`library_of`); None for a frozen snapshot.
    version: uuid.UUID | None = None
    # The game's common rules in their own words ({"name", "text"}: Army Forge's common-rules file, docs/
    # faction-file.md, "Army Forge's common rules"), explained after a book's own; a snapshot keeps them.
    common_rule_texts: list[dict[str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        for faction in self.factions.values():
            faction.home = self.home

    @property
    def game(self) -> str:
        """Its game's slug."""
        return self.home.slug

    def unit(self, faction: str, unit: str) -> Unit | None:
        """A unit of one of the library's factions, or None."""
        source = self.factions.get(faction)
        return source.unit(unit) if source else None

    def unit_names(self) -> dict[str, str]:
        """Unit slug -> the unit's name, for saying what changed in a list (one army may mix factions)."""
        return {slug: doc["name"] for f in self.factions.values() for slug, doc in f.unit_docs.items()}

    def card_docs(self) -> Iterator[tuple[LibraryFaction, dict[str, Any]]]:
        """Each faction's command cards as its file writes them, with the faction, as its game reads them
        (`CommandCards.of`): none where the game has no cards (its home's `cards` is None)."""
        return ((f, c) for f in self.factions.values() if (cards := f.home.cards) for c in cards.of(f.details))

    def command_cards(self) -> dict[str, ChosenCard]:
        """Every faction's command cards by slug: one army may draw on several factions."""
        return {c["slug"]: f.home.cards.card(c, f.slug) for f, c in self.card_docs()}

    def rule_sources(self, factions: Iterable[str]) -> list[tuple[str, list[dict[str, str]]]]:
        """Where a list's rules are explained, first first: each of its factions' books (by the faction's name),
        then the game's common rules (docs/faction-file.md, "Army Forge's common rules")."""
        books = [(self.factions[slug].name, self.factions[slug].rule_texts)
                 for slug in sorted(set(factions)) if slug in self.factions]
        return books + [("", self.common_rule_texts)]

    def card_texts(self) -> dict[str, str]:
        """Command card slug -> its text, where the data has one (the builder and the roster show it)."""
        return {c["slug"]: text for f, c in self.card_docs() if (text := f.home.cards.shown(c).text)}

    @cached_property
    def grimoires(self) -> tuple[Grimoire, ...]:
        """Every grimoire of the game, as its rules read them (`Magic.grimoire`); none where the game has no magic."""
        magic = self.home.magic
        return tuple(magic.grimoire(g) for g in self.grimoire_docs) if magic else ()

    @cached_property
    def spells(self) -> dict[str, tuple[Spell, Grimoire]]:
        """Spell slug -> the spell and its grimoire (spell slugs are unique in a game)."""
        return {s.slug: (s, g) for g in self.grimoires for s in g.spells}

    @cached_property
    def _grimoires_by_slug(self) -> dict[str, Grimoire]:
        return {g.slug: g for g in self.grimoires}

    def grimoire(self, slug: str | None) -> Grimoire | None:
        return self._grimoires_by_slug.get(slug or "")

    @cached_property
    def engine_factions(self) -> tuple[EngineFaction, ...]:
        """Every faction of the library, named and with its own fields, for the engine's messages and the rules
        that read a faction (the grimoires its casters may use)."""
        return tuple(engine_faction(f.slug, f.name, f.details, f.home) for f in self.factions.values())

    def snapshot(self, used: dict[str, Iterable[str]], cards: Iterable[str] = ()) -> dict[str, Any]:
        """The data of just the units a list uses (faction slug -> unit slugs) and the command cards of
        those factions and of the factions whose cards it chooses (a Diskwars list may choose a card from
        a faction none of its units belongs to); every faction's name and grimoires and the game's
        grimoires, which messages and the spell rules read whatever the list uses."""
        owners = {card["slug"]: f.slug for f, card in self.card_docs()}
        drawn_on = set(used) | {owners[card] for card in cards if card in owners}
        factions = {slug: source.frozen(used.get(slug, ()), slug in drawn_on) for slug, source in self.factions.items()}
        data = {"game": self.game, "factions": factions}
        data |= {"rule_texts": self.common_rule_texts} if self.common_rule_texts else {}
        return data | ({"grimoires": self.grimoire_docs} if self.grimoire_docs else {})

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> Library:
        """A stored snapshot: the game it names is looked up here, where the stored data comes in."""
        factions = {slug: LibraryFaction.from_dict(slug, f) for slug, f in data["factions"].items()}
        return cls(game_home(data["game"]), factions, list(data.get("grimoires", [])),
                   common_rule_texts=list(data.get("rule_texts", ())))


def fingerprint(data: Any) -> str:
    """A short, stable hash of any JSON data, printed on rosters so a judge can compare."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def library_from_rows(home: Game, factions: Iterable[Faction], grimoires: Iterable[dict[str, Any]] = (),
                      common_rule_texts: Iterable[dict[str, str]] = ()) -> Library:
    return Library(home, {
        f.slug: LibraryFaction(f.slug, f.name, {u.slug: unit_document(u, home) for u in f.units.all()},
                               dict(f.details), list(f.rule_texts))
        for f in factions
    }, list(grimoires), common_rule_texts=list(common_rule_texts))


def load_library(game: GameSystem) -> Library:
    """Every faction of `game`, read from the database: four queries whatever the number of units, one more for
    a game whose casters choose a grimoire (its entries declare a `GRIMOIRE` field; Dulce Bellum: its row's
    details, read again as its units are)."""
    home = game.home
    grimoires = home.magic.grimoire_docs(GameSystem.objects.values_list("details", flat=True).get(pk=game.pk)) \
        if home.magic is not None and home.files.entry_field(GRIMOIRE.kind) is not None else ()
    # The common rules' texts come with the row (read just before, with its data version).
    return library_from_rows(home, factions_with_details(game.factions.all()), grimoires, game.rule_texts)


# Game id -> (the data version it was read at, its library).
_LIBRARIES: dict[int, tuple[uuid.UUID, Library]] = {}
# Libraries being read beside the requests that need them: (game id, version wanted) -> the reading.
_READING: dict[tuple[int, uuid.UUID | None], Future] = {}
_reading_lock = threading.Lock()
_reader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="library-reader")
WAIT_SLICE_S = 0.05


def library_of(game: GameSystem, *, just_read: bool = False) -> Library:
    """Every faction of `game`, kept in memory while the game's data version stays the same.

    One small query reads the version, so a game object held since before an
    import (or an admin edit) never gets stale unit data. `just_read`: the
    request at hand has just read `game` from the database (with a list, say),
    so the version it carries is current and the query is saved.
    """
    kept = _LIBRARIES.get(game.pk)
    version = game.data_version
    if kept is not None:
        if not just_read:
            version = GameSystem.objects.filter(pk=game.pk).values_list("data_version", flat=True).first()
        if kept[0] == version:
            return kept[1]
    if connection.in_atomic_block:
        # Inside a transaction the library is read through its connection, which sees what the transaction
        # wrote (an import checking the lists a replace would break); another thread's would not.
        return _keep(game.pk, version, load_library(game))
    return _read_beside(game.pk, version)


def _keep(game_id: int, version: uuid.UUID | None, library: Library) -> Library:
    library.version = version
    _LIBRARIES[game_id] = (version, library)
    return library


def _read_beside(game_id: int, version: uuid.UUID | None) -> Library:
    """The library, read by this process's reader thread while the request waits for it.

    A large library can take longer to read than a request may run (armylists/ops/timelimit.py): the
    request is cut, but the reading goes on and is kept, so the next request finds it read; every request
    that wants it meanwhile waits for the same reading (docs/deploying.md, "What the site does against hostile
    clients")."""
    with shielded(), _reading_lock:  # a reading started is a reading noted, whenever the request is cut
        reading = _READING.get((game_id, version))
        if reading is None:
            reading = _READING[(game_id, version)] = _reader.submit(_read_and_keep, game_id, version)
    while True:
        try:  # in slices, so that a request's time limit can stop the wait between two of them
            return reading.result(timeout=WAIT_SLICE_S)
        except FutureTimeout:
            continue


def _read_and_keep(game_id: int, version: uuid.UUID | None) -> Library:
    try:
        game = GameSystem.objects.get(pk=game_id)
        return _keep(game_id, game.data_version, load_library(game))
    finally:
        connections.close_all()  # the reader thread's own: it holds none between readings
        with _reading_lock:
            _READING.pop((game_id, version), None)


def load_every_library() -> None:
    """Every game's library, read into this process before it takes requests (settings.WARM_UP)."""
    for game in GameSystem.objects.all():
        library_of(game)
