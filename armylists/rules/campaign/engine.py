"""Applying an action to a campaign, and replaying a campaign from its actions.

`apply` never changes the state it is given: it works on a copy, and a
refused action raises `Refused` (or `NeedDie` / `NeedChoice` when a die or a
player's choice is missing) and leaves nothing behind.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from ..refused import Refused
from . import armies, corrections, events, missions
from .actions import (
    Action,
    AddUnit,
    Adjust,
    BuyUpgrade,
    DisbandArmy,
    DisbandUnit,
    PostBattle,
    RandomEvent,
    RecordResult,
    Recruit,
    RenameUnit,
    SellUpgrade,
    SetLength,
    SetNotes,
    SetStatus,
    SetTraits,
    StartArmy,
    StartMission,
)
from .dice import BadDie, Choices, Dice, NeedChoice, NeedDie
from .params import CampaignParams
from .state import CampaignState, LedgerEntry

Handler = Callable[[CampaignState, Action, str, Dice, Choices], str]

HANDLERS: dict[type[Action], Handler] = {
    SetLength: corrections.set_length,
    StartArmy: armies.start_army,
    RenameUnit: armies.rename_unit,
    SetNotes: armies.set_notes,
    StartMission: missions.start_mission,
    RandomEvent: events.random_event,
    RecordResult: missions.record_result,
    PostBattle: missions.post_battle,
    BuyUpgrade: armies.buy_upgrade,
    SellUpgrade: armies.sell_upgrade,
    Recruit: armies.recruit,
    DisbandUnit: armies.disband_unit,
    DisbandArmy: armies.disband_army,
    Adjust: corrections.adjust,
    SetTraits: corrections.set_traits,
    SetStatus: corrections.set_status,
    AddUnit: armies.add_unit,
}

KINDS = ("game-limited", "point-limited", "time-limited", "endless")


def new_campaign(*, game: str, game_master: str, params: CampaignParams | None, kind: str = "endless",
                 permadeath: bool = True, parallel_play: bool = False, late_joiners: bool = False) -> CampaignState:
    if kind not in KINDS:
        raise Refused(f"a campaign is {', '.join(KINDS)}; not {kind!r}")
    if params is None:
        kind = "endless"  # without campaign rules there is no length to play to
    return CampaignState(game=game, game_master=game_master, params=params, kind=kind, permadeath=permadeath,
                         parallel_play=parallel_play, late_joiners=late_joiners)


@dataclass(frozen=True)
class Outcome:
    state: CampaignState
    action: Action
    actor: str
    summary: str
    ledger: tuple[LedgerEntry, ...]
    rolls: dict[str, list[int]]
    choices: dict[str, str]


def apply(state: CampaignState, action: Action, *, actor: str, dice: Dice | None = None,
          choices: Choices | None = None, strict: bool = False) -> Outcome:
    """`action` done by `actor`. With `strict` (replaying a stored action) every die and choice it
    stored must be used, so a changed file cannot carry dice that were never rolled."""
    return _apply(state.clone(), action, actor, dice or Dice(), choices or Choices(), strict)


def _apply(new: CampaignState, action: Action, actor: str, dice: Dice, choices: Choices, strict: bool) -> Outcome:
    """`apply` on a state the caller gives up: it is changed in place."""
    new.actions += 1
    summary = HANDLERS[type(action)](new, action, actor, dice, choices)
    if strict and (dice.unused() or choices.unused()):
        raise Refused(f"dice or choices not used by this action: {', '.join(dice.unused() + choices.unused())}")
    ledger = tuple(e for army in new.armies.values() for e in army.ledger if e.action == new.actions)
    return Outcome(new, action, actor, summary, ledger, dice.used, choices.used)


@dataclass(frozen=True)
class Stored:
    """An action as the campaign keeps it: who did it, and the dice and choices it used."""

    action: Action
    actor: str
    rolls: dict[str, list[int]]
    choices: dict[str, str]


def replay(state: CampaignState, stored: Iterable[Stored]) -> tuple[CampaignState, list[Outcome]]:
    """Every stored action in order; the first that breaks a rule raises `Refused`."""
    outcomes = []
    state = state.clone()
    for number, record in enumerate(stored, start=1):
        try:
            # In place: a refused action ends the replay, so no state before it is needed again.
            outcome = _apply(state, record.action, record.actor, Dice(record.rolls), Choices(record.choices),
                             strict=True)
        except (Refused, NeedDie, NeedChoice, BadDie) as error:
            raise Refused(f"action {number} ({record.action.kind}): {error}") from None
        outcomes.append(outcome)
        state = outcome.state
    return state, outcomes
