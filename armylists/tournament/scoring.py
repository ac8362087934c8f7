"""Scoring and standings from the games played: plain Python, no database.

AoF Regiments, Tournament Guidelines, "Victory Points", "Destruction Points"
and "Winning the Tournament": a win scores 3 VP, a tie 1 VP each; each player
gets the cost of the enemy units destroyed or shaken as destruction points;
most VP wins, ties broken by total destruction points, otherwise it is a tie.
How many VP each result scores, what a bye scores and the tiebreakers in
order are the event's (`Scoring`); players equal on VP and every tiebreaker
share a rank, and only they do.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

WIN, TIE, LOSS = "win", "tie", "loss"
# The scoring an event starts from where its game's book gives none: the same numbers as AoF Regiments' above,
# shown as the organiser's choice (docs/events.md, "Scoring"), in the shape a game's home declares its book's
# (`Game.tournament_scoring`). The event's saved scoring (models.Tournament) starts from these too.
DEFAULTS = {"rounds": 4, "win": 3, "tie": 1, "loss": 0, "tiebreakers": ("destruction",)}
# The tiebreakers an event may choose, in the order it chooses them.
TIEBREAKERS = {
    "destruction": "Destruction points",
    "opponents_vp": "Opponents' VP (the VP of everyone a player has met)",
}


@dataclass(frozen=True)
class Scoring:
    win: int
    tie: int
    loss: int
    tiebreakers: tuple[str, ...]
    bye: int | None = None  # None: a win's VP

    def vp(self, result: str) -> int:
        return {WIN: self.win, TIE: self.tie, LOSS: self.loss}[result]

    @property
    def bye_vp(self) -> int:
        return self.win if self.bye is None else self.bye


class Game(NamedTuple):
    """One player's side of one table: their result, destruction points and opponent (None for a bye).

    A tuple: an event of 1,000 players has 8,000 of them after four rounds, made on every look at the standings.
    """

    round: int
    player: int
    opponent: int | None
    result: str
    destruction: int = 0


@dataclass(slots=True)
class Line:
    player: int
    vp: int = 0
    destruction: int = 0
    played: int = 0
    opponents: list[int] = field(default_factory=list)  # in round order; byes are not opponents
    byes: int = 0
    opponents_vp: int = 0
    rank: int = 0

    def key(self, tiebreakers: Sequence[str]) -> tuple[int, ...]:
        return (self.vp, *(getattr(self, name) for name in tiebreakers))


def lines(players: Iterable[int], games: Iterable[Game], scoring: Scoring) -> dict[int, Line]:
    """Each player's totals from their games (a bye scores the event's bye VP and no destruction points)."""
    found = {p: Line(p) for p in players}
    for game in sorted(games, key=lambda g: g[0]):
        line = found.setdefault(game.player, Line(game.player))
        line.played += 1
        if game.opponent is None:
            line.byes += 1
            line.vp += scoring.bye_vp
            continue
        line.vp += scoring.vp(game.result)
        line.destruction += game.destruction
        line.opponents.append(game.opponent)
    for line in found.values():
        line.opponents_vp = sum(found[o].vp for o in line.opponents if o in found)
    return found


def standings(players: Iterable[int], games: Iterable[Game], scoring: Scoring,
              order_of_equals: Sequence[int] = ()) -> list[Line]:
    """Every player in order, ranked; the equal keep `order_of_equals` (e.g. by name) among themselves."""
    found = lines(players, games, scoring)
    place = {p: i for i, p in enumerate(order_of_equals)}
    ranked = sorted(found.values(), key=lambda line: (tuple(-v for v in line.key(scoring.tiebreakers)),
                                                      place.get(line.player, len(place))))
    previous = None
    for i, line in enumerate(ranked, start=1):
        key = line.key(scoring.tiebreakers)
        line.rank = ranked[i - 2].rank if key == previous else i
        previous = key
    return ranked
