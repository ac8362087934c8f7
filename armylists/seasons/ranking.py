"""A season's ranking from its counted events' standings: plain Python, no database (docs/events.md, "Seasons").

Each counted event gives each player of its standings a score: in `placing` mode the number of players in
the standings less their place plus one (players sharing a place share its score, the place of the best of
them, as the event's standings rank them: 1, 2, 2, 4); in `vp` mode the VP the standings give them. A
player's season score is the sum of their best `best` scores (all of them when `best` is None); among
scores equal at the cut-off the one with more VP counts, then the later event. Players are ranked by score,
then by events counted, then by VP over the counted events; players equal on all three share a place.
"""
from __future__ import annotations

import gc
from collections.abc import Hashable, Iterable, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple

PLACING, VP = "placing", "vp"
SCORINGS = {PLACING: "Placing (players in the event − place + 1)", VP: "VP"}


class EventLine(NamedTuple):
    """One line of an event's standings, as far as a season reads it. A tuple: a season of 50 events keeps
    20,000 of them in the cache, and a tuple is quick to store and read back."""

    person: Hashable  # the same person across events (their account)
    rank: int
    vp: int
    name: str  # their display name in this event


@dataclass(frozen=True, slots=True)
class EventStandings:
    """A counted event's standings; `order` breaks ties of `date` (the season's order of its events)."""

    event: Hashable
    date: datetime
    lines: Sequence[EventLine]
    order: int = 0


class Contribution(NamedTuple):
    """An event's part in a player's season score (a tuple, as `EventLine`)."""

    event: Hashable
    score: int
    vp: int
    counted: bool


@dataclass(slots=True)
class SeasonLine:
    person: Hashable
    name: str
    score: int
    events: int
    vp: int
    rank: int = 0
    contributions: list[Contribution] = field(default_factory=list)  # in the season's order of events

    def key(self) -> tuple[int, int, int]:
        return self.score, self.events, self.vp


def event_score(line: EventLine, players: int, scoring: str) -> int:
    return players - line.rank + 1 if scoring == PLACING else line.vp


@contextmanager
def _uncollected():
    """A season of 2,000 players makes some 40,000 small objects in one go, which set the cyclic garbage collector
    off again and again over everything the process holds: the ranking took 300 ms instead of 60 (tests/
    bench_seasons.py). They hold no cycles, so the collector waits until the ranking is done."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def season_ranking(events: Iterable[EventStandings], *, scoring: str = PLACING,
                   best: int | None = None) -> list[SeasonLine]:
    """Every player of the counted events in order, ranked; equals by name, then as the caller's persons sort
    when their names are the same."""
    with _uncollected():
        return _ranking(events, scoring, best)


def _ranking(events: Iterable[EventStandings], scoring: str, best: int | None) -> list[SeasonLine]:
    if scoring not in SCORINGS:
        raise ValueError(f"unknown scoring {scoring!r}")
    if best is not None and best < 1:
        raise ValueError("best counts at least one event")
    events = sorted(events, key=lambda e: (e.date, e.order))  # latest last
    found: dict[Hashable, list[tuple[int, EventStandings, EventLine]]] = {}
    for position, standings in enumerate(events):
        for line in standings.lines:
            found.setdefault(line.person, []).append((position, standings, line))
    players_of = {e.event: len(e.lines) for e in events}
    season = [_line(person, played, players_of=players_of, scoring=scoring, best=best)
              for person, played in found.items()]
    season.sort(key=lambda s: (-s.score, -s.events, -s.vp, s.name.casefold(), s.name, str(s.person)))
    previous = None
    for i, line in enumerate(season, start=1):
        line.rank = season[i - 2].rank if line.key() == previous else i
        previous = line.key()
    return season


def _line(person, played, *, players_of: dict, scoring: str, best: int | None) -> SeasonLine:
    """One player's season: their events' scores, the best `best` counted (more VP, then the later event first
    among equal scores), named as in the latest counted event."""
    scored = [(event_score(line, players_of[standings.event], scoring), line.vp, position, standings.event, line)
              for position, standings, line in played]
    chosen = sorted(scored, key=lambda s: (s[0], s[1], s[2]), reverse=True)[:best]
    counted = {s[2] for s in chosen}
    latest = max(chosen, key=lambda s: s[2])
    contributions = [Contribution(event, score, vp, position in counted)
                     for score, vp, position, event, _ in sorted(scored, key=lambda s: s[2])]
    return SeasonLine(person, latest[4].name, sum(s[0] for s in chosen), len(chosen), sum(s[1] for s in chosen),
                      contributions=contributions)
