"""A campaign as the rules see it: armies, their units, their points bank and the missions played.

The state is never stored: it is what replaying the campaign's actions gives.
Units are frozen (a change makes a new one); armies and missions are cloned
before an action changes them, so a refused action leaves the state it was
given untouched. The bank is the sum of the army's ledger entries, and an
entry that would take it below zero is refused.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Iterator

from ..refused import Refused
from .bounds import NAME, SLUG, Many, Whole, bound
from .house import KEYS

if TYPE_CHECKING:
    from .game import CampaignNumbers


def _quick_to_pickle(cls):
    """A frozen slots dataclass pickled as a tuple of its fields: the dataclass default looks its fields up
    again for every object, which makes loading a long campaign's snapshot slow."""
    names = tuple(f.name for f in fields(cls))

    def getstate(self):
        return tuple(getattr(self, name) for name in names)

    def setstate(self, state):
        for name, value in zip(names, state, strict=True):
            object.__setattr__(self, name, value)

    cls.__getstate__, cls.__setstate__ = getstate, setstate
    return cls


@_quick_to_pickle
@dataclass(frozen=True, slots=True)
class Offer:
    """An upgrade a unit may buy, at the price it had when the unit was recruited."""

    slug: str = bound(SLUG)
    name: str = bound(NAME)
    price: int = bound(Whole(-10_000, 10_000))
    group: str | None = bound(SLUG, None)


@_quick_to_pickle
@dataclass(frozen=True, slots=True)
class Group:
    slug: str = bound(SLUG)
    max: int = bound(Whole(0, 50))


@_quick_to_pickle
@dataclass(frozen=True, slots=True)
class UnitSpec:
    """A unit as bought, with its points frozen: replaying a campaign never depends on today's unit data."""

    unit: str = bound(SLUG)
    faction: str = bound(SLUG)
    unit_name: str = bound(NAME)
    base: int = bound(Whole(0, 100_000))
    hero: bool = bound(None, False)
    offers: tuple[Offer, ...] = bound(Many(None, 100), ())
    groups: tuple[Group, ...] = bound(Many(None, 50), ())

    def offer(self, slug: str) -> Offer | None:
        return next((o for o in self.offers if o.slug == slug), None)

    def group_max(self, slug: str | None) -> int | None:
        return next((g.max for g in self.groups if g.slug == slug), None)


ACTIVE, DEAD, DISBANDED = "active", "dead", "disbanded"


@_quick_to_pickle
@dataclass(frozen=True, slots=True)
class UnitState:
    key: str
    name: str
    spec: UnitSpec
    upgrades: tuple[str, ...] = ()  # offer slugs, in the order bought
    xp: int = 0
    traits: tuple[str, ...] = ()  # regular traits; a Specialist is "specialist:melee" or "specialist:shooting"
    skill_sets: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    injuries: tuple[str, ...] = ()
    talents: tuple[str, ...] = ()
    status: str = ACTIVE
    sitting_out: int = 0  # matches still to sit out (no permadeath)
    notes: str = ""

    @property
    def hero(self) -> bool:
        return self.spec.hero

    @property
    def active(self) -> bool:
        return self.status == ACTIVE

    def upgrade_offers(self) -> tuple[Offer, ...]:
        return tuple(o for slug in self.upgrades if (o := self.spec.offer(slug)))

    @property
    def bought_value(self) -> int:
        """Its base and its upgrades, as bought: what a game's campaign rules start a unit's value from."""
        return self.spec.base + sum(o.price for o in self.upgrade_offers())

    def changed(self, **changes) -> UnitState:
        return replace(self, **changes)


@_quick_to_pickle
@dataclass(frozen=True, slots=True)
class LedgerEntry:
    army: str
    amount: int
    reason: str  # start | purchase | mission | objective | sale | recruit | event | disband | correction
    note: str
    action: int  # the number of the action that made it


@dataclass
class Allowance:
    """What an army has used of its step 5 and 6 allowances since its last mission."""

    heroes: int = 0
    veterans: int = 0
    sale_attempts: frozenset[tuple[str, str]] = frozenset()  # (unit, upgrade) of 5-point items tried


@dataclass
class ArmyState:
    key: str
    owner: str
    name: str
    faction: str
    units: dict[str, UnitState] = field(default_factory=dict)
    ledger: list[LedgerEntry] = field(default_factory=list)
    vp: int = 0
    matches: int = 0
    started: bool = True
    restarted: bool = False  # disbanded and started again: its VP count per match
    allowance: Allowance | None = None  # None until it has played a mission
    # The ledger is append-only, so its sum is kept up to date from the entries not yet counted:
    # (entries counted, their sum). A long campaign's bank then costs nothing to read.
    counted: tuple[int, int] = field(default=(0, 0), repr=False, compare=False)

    @property
    def bank(self) -> int:
        done, total = self.counted
        if done != len(self.ledger):
            total += sum(e.amount for e in self.ledger[done:])
            self.counted = (len(self.ledger), total)
        return total

    def active_units(self) -> Iterator[UnitState]:
        return (u for u in self.units.values() if u.active)

    def heroes(self) -> int:
        return sum(1 for u in self.active_units() if u.hero)

    def clone(self) -> ArmyState:
        allowance = replace(self.allowance) if self.allowance else None
        return replace(self, units=dict(self.units), ledger=list(self.ledger), allowance=allowance)


@dataclass
class MissionState:
    number: int
    armies: tuple[str, ...]
    fielded: dict[str, tuple[str, ...]]
    values: dict[str, int]  # each army's fielded value when the mission was set up
    objectives: dict[str, str]
    winner: str | None = None
    conceded: tuple[str, ...] = ()
    pending_xp: dict[tuple[str, str], int] = field(default_factory=dict)  # XP earned from events
    doomed: frozenset[tuple[str, str]] = frozenset()  # units an event killed (Time Warp lost)
    rerolls: frozenset[str] = frozenset()  # armies that paid to re-roll casualty 1s
    done: frozenset[str] = frozenset()  # armies whose post-battle is recorded
    event_rounds: frozenset[int] = frozenset()  # the rounds that had their random event (one a round)

    @property
    def has_result(self) -> bool:
        return self.winner is not None

    @property
    def open(self) -> bool:
        return set(self.done) != set(self.armies)

    def clone(self) -> MissionState:
        return replace(self, fielded=dict(self.fielded), values=dict(self.values),
                       objectives=dict(self.objectives), pending_xp=dict(self.pending_xp))


@dataclass
class CampaignState:
    game: str
    game_master: str
    params: CampaignNumbers | None  # the game's campaign rules (`game.GameCampaign.read`); None: kept by hand
    kind: str = "endless"  # game-limited | point-limited | time-limited | endless
    permadeath: bool = True
    parallel_play: bool = False
    late_joiners: bool = False
    length: int | None = None
    armies: dict[str, ArmyState] = field(default_factory=dict)
    missions: list[MissionState] = field(default_factory=list)
    closed: int = field(default=0, repr=False, compare=False)  # the missions before this one are all over
    units_made: int = 0  # unit keys are "u1", "u2"… in the order units join, so a replay gives the same keys
    actions: int = 0
    # Actions that are never undone, by number: undos, the campaign's length, armies' starts (undo.NOT_UNDONE).
    fixed: dict[int, str] = field(default_factory=dict)
    undone: dict[int, int] = field(default_factory=dict)  # the actions the game master undid: number -> the undo's
    # One object per distinct unit spec, shared by every unit bought with it, so a long campaign's
    # state (and its snapshot) holds each spec once.
    specs: dict[UnitSpec, UnitSpec] = field(default_factory=dict, repr=False, compare=False)

    @property
    def manual(self) -> bool:
        return self.params is None

    def clone(self) -> CampaignState:
        return replace(self, armies={k: a.clone() for k, a in self.armies.items()},
                       missions=[m.clone() for m in self.missions], fixed=dict(self.fixed), undone=dict(self.undone))

    def army(self, key: str) -> ArmyState:
        try:
            return self.armies[key]
        except KeyError:
            raise Refused(f"there is no army {key!r} in this campaign", KEYS) from None

    def unit(self, army: ArmyState, key: str) -> UnitState:
        unit = army.units.get(key)
        if unit is None:
            raise Refused(f"{army.name} has no unit {key!r}", KEYS)
        return unit

    def mission(self, number: int) -> MissionState:
        if not 1 <= number <= len(self.missions):
            raise Refused(f"there is no mission {number}", KEYS)
        return self.missions[number - 1]

    def open_mission_of(self, army: str) -> MissionState | None:
        # A mission once over stays over (post-battles are only added), so the missions before the first open
        # one need not be looked at again: a long log's replay asked every mission for every action.
        while self.closed < len(self.missions) and not self.missions[self.closed].open:
            self.closed += 1
        missions = self.missions
        return next((missions[i] for i in range(self.closed, len(missions))
                     if army in missions[i].armies and army not in missions[i].done), None)

    def same_spec(self, spec: UnitSpec) -> UnitSpec:
        return self.specs.setdefault(spec, spec)

    def new_unit_key(self) -> str:
        self.units_made += 1
        return f"u{self.units_made}"

    def post(self, army: ArmyState, amount: int, reason: str, note: str) -> None:
        """Add a ledger entry; the bank may never go below zero."""
        if army.bank + amount < 0:
            raise Refused(f"{army.name} has {army.bank} points in the bank and cannot pay {-amount} ({note})",
                          "the points bank never goes below zero")
        if amount:
            army.ledger.append(LedgerEntry(army.key, amount, reason, note, self.actions))
