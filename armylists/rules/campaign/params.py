"""The numbers and tables of a game's campaign rules, as typed records.

They are data of the game system (the `campaign` key of
factions/data/game_systems.json, loaded into the database by a migration and
shown on every campaign page); nothing here holds a default. A game without
campaign rules has no `CampaignParams`, and its campaigns are tracked by hand.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Mapping

from ..params import build_params


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


@dataclass(frozen=True, slots=True)
class CampaignParams:
    book: str  # how messages name the rules, e.g. "AoF Regiments, Campaign Rules"
    length_die: int  # the campaign lasts D<length_die> + length_add missions, VP or weeks
    length_add: int
    starting_points: int
    max_banked: int
    max_starting_heroes: int
    max_value_difference: int  # no army fields more than this over the lowest
    underdog_step: int  # one underdog point per this many points below the highest
    objective_points: int
    win_vp: int
    win_points: int
    loss_points: int
    event_min_roll: int
    xp_not_casualty: int
    xp_killed_unit: int
    xp_killed_hero: int
    xp_killed_hero_and_unit: int
    xp_per_level: int
    max_xp: int
    level_cost: int
    hero_level_cost: int
    hero_trait_cost: int  # per injury (cheaper) or talent (dearer)
    sit_out_die: int  # without permadeath a dead unit sits out D<sit_out_die> matches
    sell_divisor: int  # upgrades sell for price / divisor, rounded down to a multiple of sell_step
    sell_step: int
    gamble_price: int  # an upgrade of exactly this price sells only on a roll of gamble_min_roll+
    gamble_min_roll: int
    heroes_per_mission: int
    max_heroes: int
    veterans_per_mission: int
    veteran_fee: int
    veteran_xp: int
    tables: Tables

    @property
    def max_level(self) -> int:
        return self.max_xp // self.xp_per_level

    def section(self, name: str) -> str:
        """How a message cites the rules, e.g. "AoF Regiments, Campaign Rules: Recruit Units"."""
        return f"{self.book}: {name}"


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


def _tables(data: Mapping[str, Any]) -> Tables:
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


def number_names() -> tuple[str, ...]:
    """The campaign numbers a group may change as house rules (everything but the book's name and tables)."""
    return tuple(f.name for f in fields(CampaignParams) if f.name not in ("book", "tables"))


def campaign_params(data: Mapping[str, Any], overrides: Mapping[str, Any] | None = None) -> CampaignParams:
    """The typed campaign rules from a game system's `campaign` data, with a campaign's overrides on top.

    Unknown and missing names are refused (as for the list rules' numbers), and so is a number that is not whole.
    """
    merged = {**data, **(overrides or {})}
    bad = sorted(k for k, v in merged.items() if k not in ("book", "tables")
                 and (not isinstance(v, int) or isinstance(v, bool)))
    if bad:
        raise ValueError(f"campaign setting(s) must be whole numbers: {', '.join(bad)}")
    if "tables" in merged:
        merged["tables"] = _tables(merged["tables"])
    return build_params(CampaignParams, merged)
