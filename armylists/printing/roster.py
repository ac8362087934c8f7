"""A printable roster as plain data: what the PDF shows, built from a checked list.

Tests assert on the `Sheet`, never on PDF bytes. Building a sheet issues no
database queries: everything comes from the `Checked` result and its library,
so a saved list, a shared list and a list file print the same way.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from armylists.checking.check import Checked
from armylists.checking.library import fingerprint
from armylists.checking.listfile import dump_list
from armylists.checking.resolve import snapshot_of
from armylists.games.registry import game_home
from armylists.rules.model import Army, Entry
from armylists.rules.report import Figure, Report

from .cards import Card, CardContext, Stat, build_card
from .glossary import Term, glossary

NO_PLAYER = "—"


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
    sample_data: bool = False  # a unit is made up for the demo: the stamp says so, never a plain "LEGAL"

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
                game_name: str | None = None) -> Sheet:
    document, army, report, library = checked.document, checked.army, checked.report, checked.library
    problems = tuple(Problem(i, v.severity, v.code, v.message, v.rule)
                     for i, v in enumerate(report.violations, start=1))
    names = {slug: f.name for slug, f in library.factions.items()}
    ctx = CardContext(army.game, army.faction, names, report.entry_points, {e.id: e.label for e in army.entries},
                      army.grimoires, {slug: f.spells for slug, f in library.factions.items() if f.spells})
    flagged = _violations_by_entry(problems, report)

    def card(entry: Entry, joined: tuple[Card, ...] = ()) -> Card:
        doc = library.factions[entry.faction].unit_docs[entry.unit.slug]
        return build_card(entry, doc, ctx, flagged.get(entry.id, ()), joined)

    home = game_home(army.game)
    # Inside its host's card, a joined hero's "Joined to" would only repeat the "Joined by" heading.
    groups = tuple(Group(s.title, s.note or None,
                         tuple(card(e, tuple(card(h).without_detail("Joined to") for h in s.joined.get(e.id, ())))
                               for e in s.entries))
                   for s in home.roster_sections(army, report))
    cards = [c for g in groups for c in g.cards]
    return Sheet(
        list_name=document.name or "Untitled list",
        player=player or NO_PLAYER,
        game=game_name or army.game,
        game_slug=army.game,
        faction=names.get(army.faction, army.faction),
        points=report.points,
        points_limit=report.points_limit,
        legal=report.legal,
        problems=problems,
        counts=tuple(_count(f) for f in report.figures),
        extras=tuple(home.roster_extras(army)),
        checked_at=checked_at,
        list_fingerprint=fingerprint(dump_list(document)),
        data_fingerprint=fingerprint(snapshot_of(document, library)),
        groups=groups,
        glossary=glossary(army.game, (r for c in cards for r in c.all_rules)),
        command_cards=_command_cards(army, library.card_texts()),
        sample_data=any(e.unit.sample for e in army.entries),
    )


def _command_cards(army: Army, texts: dict[str, str]) -> tuple[Stat, ...]:
    return tuple(Stat(c.title, texts.get(c.slug, "")) for c in army.cards_chosen)


def _violations_by_entry(problems: tuple[Problem, ...], report: Report) -> dict[str, tuple[int, ...]]:
    numbers: dict[str, list[int]] = {}
    for problem, violation in zip(problems, report.violations, strict=True):
        for entry_id in dict.fromkeys(violation.entries):
            numbers.setdefault(entry_id, []).append(problem.number)
    return {k: tuple(v) for k, v in numbers.items()}


def _count(figure: Figure) -> Count:
    if figure.limit is None or figure.kind == "info":
        return Count(figure.label, str(figure.value), True)
    return Count(figure.label, f"{figure.value} of {figure.limit}", figure.ok)
