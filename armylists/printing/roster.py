"""A printable roster as plain data: what the PDF shows, built from a checked list.

Tests assert on the `Sheet`, never on PDF bytes. Building a sheet issues no
database queries: everything comes from the `Checked` result and its library,
so a saved list, a shared list and a list file print the same way.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cached_property

from armylists.checking.check import Checked
from armylists.checking.library import fingerprint
from armylists.checking.listfile import dump_list
from armylists.checking.resolve import snapshot_of
from armylists.games.library_items import ChosenCard
from armylists.rules.model import Entry
from armylists.rules.report import Figure, Report

from .cards import Card, CardContext, Stat, build_card
from .glossary import Term, glossary

NO_PLAYER = "—"
UNTITLED = "Untitled list"


@dataclass(frozen=True, slots=True)
class Problem:
    number: int
    severity: str
    code: str
    message: str
    rule: str


@dataclass(frozen=True, slots=True)
class Count:
    """One of the report's figures, e.g. Heroes "2 of 4"; `ok` is false when it breaks a limit."""

    label: str
    value: str
    ok: bool


@dataclass(frozen=True)
class Group:
    title: str | None
    note: str | None
    cards: tuple[Card, ...]

    @property
    def rows(self) -> tuple[tuple[Card, ...], ...]:
        """The cards two by two, as printed side by side; a row never splits across pages."""
        return tuple(self.cards[i:i + 2] for i in range(0, len(self.cards), 2))


@dataclass(frozen=True)
class Sheet:
    list_name: str
    player: str
    game: str
    game_slug: str
    faction: str
    points: int | None
    points_limit: int | None
    legal: bool
    problems: tuple[Problem, ...]
    counts: tuple[Count, ...]
    extras: tuple[Stat, ...]
    checked_at: datetime
    list_fingerprint: str
    data_fingerprint: str
    groups: tuple[Group, ...]
    glossary: tuple[Term, ...]
    command_cards: tuple[Stat, ...] = ()  # Diskwars: each card chosen, with its text where known
    # The army book's spells, once, when the list has a caster: "Mist Veil (1)" and what it does.
    spells: tuple[Stat, ...] = ()
    # The rules edition Muster checked against, and the army book's where it came from Army Forge.
    editions: str = ""
    sample_data: bool = False  # a unit is made up for the demo: the stamp says so, never a plain "LEGAL"
    # The rounds of the victory points and objectives tally printed at the roster's end, filled in at the table.
    tally_rounds: tuple[int, ...] = tuple(range(1, 7))

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card, joined heroes included, in print order."""
        return tuple(c for g in self.groups for top in g.cards for c in (top, *top.joined))

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity == "error")

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity != "error")


def build_sheet(checked: Checked, *, player: str | None, checked_at: datetime,
                game_name: str | None = None, fingerprints: tuple[str, str] | None = None) -> Sheet:
    document, army, report, library = checked.document, checked.army, checked.report, checked.library
    list_fingerprint, data_fingerprint = fingerprints or fingerprints_of(checked)
    problems = tuple(Problem(i, v.severity, v.code, v.message, v.rule)
                     for i, v in enumerate(report.violations, start=1))
    names = {slug: f.name for slug, f in library.factions.items()}
    ctx = CardContext(army.game, army.faction, names, report.entry_points, {e.id: e.label for e in army.entries},
                      library.grimoires, _book_spells(library))
    flagged = _violations_by_entry(problems, report)
    home = library.home

    def card(entry: Entry, joined: tuple[Card, ...] = ()) -> Card:
        doc = library.factions[entry.faction].unit_docs[entry.unit.slug]
        return build_card(home, entry, doc, ctx, flagged.get(entry.id, ()), joined)

    # Inside its host's card, a joined hero's "Joined to" would only repeat the "Joined by" heading.
    groups = tuple(Group(s.title, s.note or None,
                         tuple(card(e, tuple(card(h).without_detail("Joined to") for h in s.joined.get(e.id, ())))
                               for e in s.entries))
                   for s in home.printing.roster_sections(army, report))
    cards = [c for g in groups for c in g.cards]
    spells = _spells(cards)
    return Sheet(
        list_name=document.name or UNTITLED,
        player=player or NO_PLAYER,
        game=game_name or army.game,
        game_slug=army.game,
        faction=names.get(army.faction, army.faction),
        points=report.points,
        points_limit=report.points_limit,
        legal=report.legal,
        problems=problems,
        counts=tuple(_count(f) for f in report.figures),
        extras=tuple(home.printing.roster_extras(army)),
        checked_at=checked_at,
        list_fingerprint=list_fingerprint,
        data_fingerprint=data_fingerprint,
        groups=groups,
        glossary=glossary(home, (r for c in cards for r in c.all_rules),
                          library.rule_sources(e.faction for e in army.entries), (s.value for s in spells)),
        command_cards=_command_cards(home.cards.chosen(army) if home.cards else (), library.card_texts()),
        spells=spells,
        editions=_editions(army, library),
        sample_data=any(e.unit.sample for e in army.entries),
    )


def _book_spells(library) -> dict[str, list[dict]]:
    """Faction slug -> its army book's spells, where it has some (its casters' cards print them)."""
    home = library.home
    return {slug: spells for slug, f in library.factions.items() if (spells := home.library.book_spells(f.details))}


def _editions(army, library) -> str:
    """"Checked against the Age of Fantasy: Regiments 3.4.0 rules · army book: Army Forge 3.5.2"."""
    home = library.home
    system = home.system
    used = (library.factions[f] for f in {e.faction for e in army.entries} if f in library.factions)
    reader = home.army_forge_reader
    books = sorted({v for f in used if reader and (v := (reader.book_of(f.details) or {}).get("version"))})
    said = f"Checked against the {system['name']} {system['version']} rules"
    return said + (f" · army book: Army Forge {', '.join(books)}" if books else "")


def _spells(cards: list[Card]) -> tuple[Stat, ...]:
    """Each spell the list's casters may cast, once, with its cost and what it does."""
    found: dict[str, Stat] = {}
    for spell in (s for c in cards for s in (*c.spells, *(s for j in c.joined for s in j.spells))):
        cost = f" ({spell['threshold']})" if spell.get("threshold") is not None else ""
        found.setdefault(spell["name"], Stat(f"{spell['name']}{cost}", spell.get("text") or ""))
    return tuple(found.values())


def fingerprints_of(checked: Checked) -> tuple[str, str]:
    """The list's fingerprint and its unit data's, as the roster prints them."""
    return fingerprint(dump_list(checked.document)), fingerprint(snapshot_of(checked.document, checked.library))


@dataclass(frozen=True)
class Printing:
    """A list about to be printed: as checked, with who it is printed for, when and for which game.
    What its PDF will show is known from here without laying its cards out (printing/rendered.py
    keys the cache by it), so a roster printed before costs its check, not its sheet."""
    checked: Checked
    player: str | None
    checked_at: datetime
    game_name: str | None = None

    @cached_property
    def fingerprints(self) -> tuple[str, str]:
        return fingerprints_of(self.checked)

    @property
    def list_name(self) -> str:
        return self.checked.document.name or UNTITLED

    @property
    def entries(self) -> int:
        return len(self.checked.army.entries)

    def sheet(self) -> Sheet:
        return build_sheet(self.checked, player=self.player, checked_at=self.checked_at, game_name=self.game_name,
                           fingerprints=self.fingerprints)


def _command_cards(chosen: tuple[ChosenCard, ...], texts: dict[str, str]) -> tuple[Stat, ...]:
    return tuple(Stat(c.title, texts.get(c.slug, "")) for c in chosen)


def _violations_by_entry(problems: tuple[Problem, ...], report: Report) -> dict[str, tuple[int, ...]]:
    """The numbers each card points to: the violations shown on their entries, as the builder shows
    them (a list-wide one is printed once, with the list's problems)."""
    numbers: dict[str, list[int]] = {}
    for problem, violation in zip(problems, report.violations, strict=True):
        if violation.list_wide:
            continue
        for entry_id in dict.fromkeys(violation.entries):
            numbers.setdefault(entry_id, []).append(problem.number)
    return {k: tuple(v) for k, v in numbers.items()}


def _count(figure: Figure) -> Count:
    if figure.limit is None or figure.kind == "info":
        return Count(figure.label, str(figure.value), True)
    return Count(figure.label, f"{figure.value} of {figure.limit}", figure.ok)
