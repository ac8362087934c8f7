"""The dice tables of AoF Regiments' campaign rules, as typed records.

AoF Regiments, Campaign Rules: the special objectives, the casualty, injury,
talent, trait and skill tables, and the random events. They are data
(`rules.json` beside this module), read here once per campaign.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Row:
    """One result of a dice table: rolls `low` to `high` give it."""

    low: int
    high: int
    key: str
    name: str
    text: str = ""
    effect: str = ""  # "dead", "xp" (earns `xp`), "pick-other" (Fast Learner)
    xp: int = 0
    repeatable: bool = False  # may be gained more than once (Specialist)
    picks: tuple[str, ...] = ()  # a choice made when it is gained (Specialist: melee or shooting)
    sets: tuple[str, ...] = ()  # skill-set table: the two sets the roll offers


@dataclass(frozen=True, slots=True)
class Table:
    name: str
    rows: tuple[Row, ...]

    @property
    def sides(self) -> int:
        return max(r.high for r in self.rows)

    def lookup(self, roll: int) -> Row:
        for row in self.rows:
            if row.low <= roll <= row.high:
                return row
        raise ValueError(f"{self.name}: no result for a roll of {roll}")

    def row(self, key: str) -> Row | None:
        return next((r for r in self.rows if r.key == key), None)

    def row_keys(self) -> tuple[str, ...]:
        return tuple(r.key for r in self.rows)


@dataclass(frozen=True, slots=True)
class EventEffect:
    """What a random event changes on the army sheet; "none" for events that only change the game."""

    kind: str = "none"  # points | bounty | vp | xp | xp-all | xp-split | pow | casualty-reroll | time-warp
    amount: int = 0
    die: int = 0  # a die of this many sides multiplies `per` (points) or is the XP earned
    per: int = 0
    cost: int = 0
    xp: int = 0
    points: int = 0
    conditional: bool = False  # only if the unit or army achieves what the event asks
    units: int = 1  # how many units it selects; 0 for any number


@dataclass(frozen=True, slots=True)
class Event:
    number: int
    key: str
    name: str
    effect: EventEffect


@dataclass(frozen=True, slots=True)
class Tables:
    objectives: Table
    casualties: Table
    injuries: Table
    talents: Table
    traits: Table
    skill_set_pairs: Table
    skill_sets: Mapping[str, Table]
    events: Mapping[int, Event]

    def trait_name(self, key: str) -> str:
        """A trait's, skill's, injury's or talent's name ("specialist:melee" -> "Specialist (melee)"); a key
        no table holds, as it is."""
        name, _, pick = key.partition(":")
        for table in (self.traits, self.injuries, self.talents, *self.skill_sets.values()):
            row = table.row(name)
            if row is not None:
                return f"{row.name} ({pick})" if pick else row.name
        return key


def _row(data: Mapping[str, Any]) -> Row:
    low, high = data["roll"]
    extra = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k != "roll"}
    return Row(low=low, high=high, **extra)


def _table(name: str, rows: list[Mapping[str, Any]]) -> Table:
    table = Table(name, tuple(_row(r) for r in rows))
    covered = sorted(n for r in table.rows for n in range(r.low, r.high + 1))
    if covered != list(range(1, table.sides + 1)):
        raise ValueError(f"campaign table {name}: the rolls must cover 1 to {table.sides} once each")
    return table


def read_tables(data: Mapping[str, Any]) -> Tables:
    events = {e["number"]: Event(e["number"], e["key"], e["name"], EventEffect(**e.get("effect", {})))
              for e in data["events"]}
    return Tables(
        objectives=_table("objectives", data["objectives"]),
        casualties=_table("casualties", data["casualties"]),
        injuries=_table("injuries", data["injuries"]),
        talents=_table("talents", data["talents"]),
        traits=_table("traits", data["traits"]),
        skill_set_pairs=_table("skill sets", data["skill_set_pairs"]),
        skill_sets={key: _table(s["name"], s["traits"]) for key, s in data["skill_sets"].items()},
        events=events,
    )
