"""Everything that can happen in a campaign, as one record per action.

A campaign is its list of actions: replaying them in order through `apply`
gives the armies, their units, banks and VP. An action holds only what the
players decided; the dice it needed are passed in (and recorded by the
caller), so the same action with the same dice always has the same outcome.

Every kind of the campaign file is declared here, the file's format being one
for every game (docs/campaigns.md, "The campaign file"); its handler is the
engine's (`engine.HANDLERS`) or that of the game whose rules govern it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .bounds import (
    COUNT,
    KEY,
    KEYS,
    MAX_ARMIES,
    MAX_UNITS,
    MISSION,
    NAME,
    NOTES,
    REASON,
    ROUND,
    SLUG,
    TRAIT_KEYS,
    USERNAME,
    Many,
    OneOf,
    Text,
    Whole,
    bound,
)
from .model import UnitSpec


@dataclass(frozen=True, slots=True)
class Action:
    kind: ClassVar[str]


@dataclass(frozen=True, slots=True)
class NewUnit:
    name: str = bound(NAME)
    spec: UnitSpec = bound(None)
    upgrades: tuple[str, ...] = bound(Many(SLUG, 100), ())


# --- the campaign and its armies ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SetLength(Action):
    """The campaign's D6+4 length, rolled or entered (dice key "length")."""

    kind: ClassVar[str] = "set-length"


@dataclass(frozen=True, slots=True)
class StartArmy(Action):
    kind: ClassVar[str] = "start-army"
    army: str = bound(KEY)
    owner: str = bound(USERNAME)
    name: str = bound(NAME)
    faction: str = bound(SLUG)
    units: tuple[NewUnit, ...] = bound(Many(None, MAX_UNITS))


@dataclass(frozen=True, slots=True)
class RenameUnit(Action):
    kind: ClassVar[str] = "rename-unit"
    army: str = bound(KEY)
    unit: str = bound(KEY)
    name: str = bound(NAME)


@dataclass(frozen=True, slots=True)
class SetNotes(Action):
    kind: ClassVar[str] = "set-notes"
    army: str = bound(KEY)
    unit: str = bound(KEY)
    notes: str = bound(NOTES)


# --- a mission: steps 1 to 4 -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Fielded:
    army: str = bound(KEY)
    units: tuple[str, ...] = bound(Many(KEY, MAX_UNITS, 1))


@dataclass(frozen=True, slots=True)
class StartMission(Action):
    """Step 1: who plays with which units; each army rolls its special objective (dice "<army>/objective")."""

    kind: ClassVar[str] = "start-mission"
    fielded: tuple[Fielded, ...] = bound(Many(None, MAX_ARMIES, 2))


@dataclass(frozen=True, slots=True)
class UnitXp:
    unit: str = bound(KEY)
    xp: int = bound(COUNT)


@dataclass(frozen=True, slots=True)
class ArmyCount:
    army: str = bound(KEY)
    count: int = bound(COUNT)


@dataclass(frozen=True, slots=True)
class RandomEvent(Action):
    """A campaign random event (dice "event": two D6, tens then units) and what it did. `round`: the mission's
    round it happened in (one event a round); older logs and files without it give each event the next free
    round (docs/campaigns.md, "Random events")."""

    kind: ClassVar[str] = "random-event"
    mission: int = bound(MISSION)
    round: int | None = bound(ROUND, None)
    army: str | None = bound(KEY, None)  # the army it selected, or that earns its reward
    units: tuple[str, ...] = bound(KEYS, ())  # the units it selected, or that earn its XP
    achieved: bool = bound(None, True)  # conditional events: whether the army did what the event asks
    destroyed: tuple[ArmyCount, ...] = bound(Many(None, MAX_ARMIES), ())  # Bring me their Heads: units of `army` each enemy destroyed
    split: tuple[UnitXp, ...] = bound(Many(None, MAX_UNITS), ())  # Countdown: the XP each unit gets


@dataclass(frozen=True, slots=True)
class RecordResult(Action):
    """Step 2: the one winner; every other army lost, conceding included."""

    kind: ClassVar[str] = "record-result"
    mission: int = bound(MISSION)
    winner: str = bound(KEY)
    conceded: tuple[str, ...] = bound(Many(KEY, MAX_ARMIES), ())


@dataclass(frozen=True, slots=True)
class UnitResult:
    unit: str = bound(KEY)
    casualty: bool = bound(None, False)
    killed_units: int = bound(COUNT, 0)
    killed_heroes: int = bound(COUNT, 0)
    killed_heroes_and_units: int = bound(COUNT, 0)


@dataclass(frozen=True, slots=True)
class PostBattle(Action):
    """Steps 3 and 4 for one army: its objective, casualties and XP."""

    kind: ClassVar[str] = "post-battle"
    mission: int = bound(MISSION)
    army: str = bound(KEY)
    objective_completed: bool = bound(None, False)
    results: tuple[UnitResult, ...] = bound(Many(None, MAX_UNITS), ())


# --- between missions: steps 5 and 6 -----------------------------------------------------------

@dataclass(frozen=True, slots=True)
class BuyUpgrade(Action):
    kind: ClassVar[str] = "buy-upgrade"
    army: str = bound(KEY)
    unit: str = bound(KEY)
    upgrade: str = bound(SLUG)


@dataclass(frozen=True, slots=True)
class SellUpgrade(Action):
    kind: ClassVar[str] = "sell-upgrade"
    army: str = bound(KEY)
    unit: str = bound(KEY)
    upgrade: str = bound(SLUG)


@dataclass(frozen=True, slots=True)
class Recruit(Action):
    kind: ClassVar[str] = "recruit"
    army: str = bound(KEY)
    unit: NewUnit = bound(None)
    veteran: bool = bound(None, False)


@dataclass(frozen=True, slots=True)
class DisbandUnit(Action):
    kind: ClassVar[str] = "disband-unit"
    army: str = bound(KEY)
    unit: str = bound(KEY)


@dataclass(frozen=True, slots=True)
class DisbandArmy(Action):
    kind: ClassVar[str] = "disband-army"
    army: str = bound(KEY)


# --- the game master's corrections, and campaigns kept by hand ----------------------------------

@dataclass(frozen=True, slots=True)
class Adjust(Action):
    """Points, VP or XP changed by hand, with a reason: a game master's correction, or the
    ordinary way to keep a campaign of a game without campaign rules."""

    kind: ClassVar[str] = "adjust"
    army: str = bound(KEY)
    reason: str = bound(REASON)
    unit: str | None = bound(KEY, None)
    points: int = bound(Whole(-100_000, 100_000), 0)
    vp: int = bound(Whole(-100, 100), 0)
    xp: int = bound(Whole(-1000, 1000), 0)


@dataclass(frozen=True, slots=True)
class SetTraits(Action):
    """A game master's correction of a unit's traits, skills, injuries and talents."""

    kind: ClassVar[str] = "set-traits"
    army: str = bound(KEY)
    unit: str = bound(KEY)
    reason: str = bound(REASON)
    traits: tuple[str, ...] = bound(TRAIT_KEYS, ())
    skill_sets: tuple[str, ...] = bound(TRAIT_KEYS, ())
    skills: tuple[str, ...] = bound(TRAIT_KEYS, ())
    injuries: tuple[str, ...] = bound(TRAIT_KEYS, ())
    talents: tuple[str, ...] = bound(TRAIT_KEYS, ())


@dataclass(frozen=True, slots=True)
class SetStatus(Action):
    """A game master's correction: bring a unit back, strike it off, or change its matches to sit out."""

    kind: ClassVar[str] = "set-status"
    army: str = bound(KEY)
    unit: str = bound(KEY)
    reason: str = bound(REASON)
    status: str = bound(OneOf(("active", "dead", "disbanded")), "active")
    sitting_out: int = bound(Whole(0, 20), 0)


@dataclass(frozen=True, slots=True)
class AddUnit(Action):
    """A unit added by hand, for nothing (games without campaign rules)."""

    kind: ClassVar[str] = "add-unit"
    army: str = bound(KEY)
    unit: NewUnit = bound(None)


@dataclass(frozen=True, slots=True)
class HouseRule(Action):
    """A house rule the game master records in the log, e.g. units priced differently from the library."""

    kind: ClassVar[str] = "house-rule"
    text: str = bound(Text(max_length=2000, lines=True))


@dataclass(frozen=True, slots=True)
class Undo(Action):
    """The game master takes back the log's last action: a logged correction, so the action it undoes
    stays in the log (append-only) and this one records that it no longer counts."""

    kind: ClassVar[str] = "undo"
    number: int = bound(Whole(1, 100_000))  # the action undone: always the one before this
    reason: str = bound(REASON)


# Every action declared above, by its kind: a new kind needs only its dataclass here and its handler.
ACTION_TYPES: dict[str, type[Action]] = {cls.kind: cls for cls in Action.__subclasses__()}
