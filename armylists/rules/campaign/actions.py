"""Everything that can happen in a campaign, as one record per action.

A campaign is its list of actions: replaying them in order through `apply`
gives the armies, their units, banks and VP. An action holds only what the
players decided; the dice it needed are passed in (and recorded by the
caller), so the same action with the same dice always has the same outcome.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .model import UnitSpec


@dataclass(frozen=True, slots=True)
class Action:
    kind: ClassVar[str]


@dataclass(frozen=True, slots=True)
class NewUnit:
    name: str
    spec: UnitSpec
    upgrades: tuple[str, ...] = ()


# --- the campaign and its armies ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SetLength(Action):
    """The campaign's D6+4 length, rolled or entered (dice key "length")."""

    kind: ClassVar[str] = "set-length"


@dataclass(frozen=True, slots=True)
class StartArmy(Action):
    kind: ClassVar[str] = "start-army"
    army: str
    owner: str
    name: str
    faction: str
    units: tuple[NewUnit, ...]


@dataclass(frozen=True, slots=True)
class RenameUnit(Action):
    kind: ClassVar[str] = "rename-unit"
    army: str
    unit: str
    name: str


@dataclass(frozen=True, slots=True)
class SetNotes(Action):
    kind: ClassVar[str] = "set-notes"
    army: str
    unit: str
    notes: str


# --- a mission: steps 1 to 4 -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Fielded:
    army: str
    units: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StartMission(Action):
    """Step 1: who plays with which units; each army rolls its special objective (dice "<army>/objective")."""

    kind: ClassVar[str] = "start-mission"
    fielded: tuple[Fielded, ...]


@dataclass(frozen=True, slots=True)
class UnitXp:
    unit: str
    xp: int


@dataclass(frozen=True, slots=True)
class ArmyCount:
    army: str
    count: int


@dataclass(frozen=True, slots=True)
class RandomEvent(Action):
    """A campaign random event (dice "event": two D6, tens then units) and what it did."""

    kind: ClassVar[str] = "random-event"
    mission: int
    army: str | None = None  # the army it selected, or that earns its reward
    units: tuple[str, ...] = ()  # the units it selected, or that earn its XP
    achieved: bool = True  # conditional events: whether the army did what the event asks
    destroyed: tuple[ArmyCount, ...] = ()  # Bring me their Heads: units of `army` each enemy destroyed
    split: tuple[UnitXp, ...] = ()  # Countdown: the XP each unit gets


@dataclass(frozen=True, slots=True)
class RecordResult(Action):
    """Step 2: the one winner; every other army lost, conceding included."""

    kind: ClassVar[str] = "record-result"
    mission: int
    winner: str
    conceded: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class UnitResult:
    unit: str
    casualty: bool = False
    killed_units: int = 0
    killed_heroes: int = 0
    killed_heroes_and_units: int = 0


@dataclass(frozen=True, slots=True)
class PostBattle(Action):
    """Steps 3 and 4 for one army: its objective, casualties and XP."""

    kind: ClassVar[str] = "post-battle"
    mission: int
    army: str
    objective_completed: bool = False
    results: tuple[UnitResult, ...] = ()


# --- between missions: steps 5 and 6 -----------------------------------------------------------

@dataclass(frozen=True, slots=True)
class BuyUpgrade(Action):
    kind: ClassVar[str] = "buy-upgrade"
    army: str
    unit: str
    upgrade: str


@dataclass(frozen=True, slots=True)
class SellUpgrade(Action):
    kind: ClassVar[str] = "sell-upgrade"
    army: str
    unit: str
    upgrade: str


@dataclass(frozen=True, slots=True)
class Recruit(Action):
    kind: ClassVar[str] = "recruit"
    army: str
    unit: NewUnit
    veteran: bool = False


@dataclass(frozen=True, slots=True)
class DisbandUnit(Action):
    kind: ClassVar[str] = "disband-unit"
    army: str
    unit: str


@dataclass(frozen=True, slots=True)
class DisbandArmy(Action):
    kind: ClassVar[str] = "disband-army"
    army: str


# --- the game master's corrections, and campaigns kept by hand ----------------------------------

@dataclass(frozen=True, slots=True)
class Adjust(Action):
    """Points, VP or XP changed by hand, with a reason: a game master's correction, or the
    ordinary way to keep a campaign of a game without campaign rules."""

    kind: ClassVar[str] = "adjust"
    army: str
    reason: str
    unit: str | None = None
    points: int = 0
    vp: int = 0
    xp: int = 0


@dataclass(frozen=True, slots=True)
class SetTraits(Action):
    """A game master's correction of a unit's traits, skills, injuries and talents."""

    kind: ClassVar[str] = "set-traits"
    army: str
    unit: str
    reason: str
    traits: tuple[str, ...] = ()
    skill_sets: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    injuries: tuple[str, ...] = ()
    talents: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SetStatus(Action):
    """A game master's correction: bring a unit back, strike it off, or change its matches to sit out."""

    kind: ClassVar[str] = "set-status"
    army: str
    unit: str
    reason: str
    status: str = "active"
    sitting_out: int = 0


@dataclass(frozen=True, slots=True)
class AddUnit(Action):
    """A unit added by hand, for nothing (games without campaign rules)."""

    kind: ClassVar[str] = "add-unit"
    army: str
    unit: NewUnit


@dataclass(frozen=True, slots=True)
class HouseRule(Action):
    """A house rule the game master records in the log, e.g. units priced differently from the library."""

    kind: ClassVar[str] = "house-rule"
    text: str


@dataclass(frozen=True, slots=True)
class Undo(Action):
    """The game master takes back the log's last action: a logged correction, so the action it undoes
    stays in the log (append-only) and this one records that it no longer counts."""

    kind: ClassVar[str] = "undo"
    number: int  # the action undone: always the one before this
    reason: str


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (SetLength, StartArmy, RenameUnit, SetNotes, StartMission, RandomEvent, RecordResult,
                PostBattle, BuyUpgrade, SellUpgrade, Recruit, DisbandUnit, DisbandArmy, Adjust, SetTraits,
                SetStatus, AddUnit, HouseRule, Undo)
}
