"""Applying an action to a campaign, and replaying a campaign from its actions.

`apply` never changes the state it is given: it works on a copy, and a
refused action raises `Refused` (or `NeedDie` / `NeedChoice` when a die or a
player's choice is missing) and leaves nothing behind.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..refused import Refused
from . import armies, corrections
from .actions import (
    Action,
    AddUnit,
    Adjust,
    DisbandArmy,
    DisbandUnit,
    HouseRule,
    RenameUnit,
    SetNotes,
    SetStatus,
    StartArmy,
    Undo,
)
from .dice import BadDie, Choices, Dice, NeedChoice, NeedDie
from .game import CampaignNumbers, GameCampaign, Handler
from .house import BY_HAND, CAMPAIGN_KINDS, STORED_DICE
from .model import CampaignState, LedgerEntry
from .support import require_rules
from .undo import RULE as UNDO_RULE
from .undo import check_undo, undone

# What every campaign may do, its game's campaign rules or none; a game's rules add the handlers of the
# actions they govern (missions, upgrades, recruits...) and may replace these (`game.GameCampaign`).
HANDLERS: dict[type[Action], Handler] = {
    StartArmy: armies.start_army,
    RenameUnit: armies.rename_unit,
    SetNotes: armies.set_notes,
    DisbandUnit: armies.disband_unit,
    DisbandArmy: armies.disband_army,
    Adjust: corrections.adjust,
    SetStatus: corrections.set_status,
    AddUnit: armies.add_unit,
    HouseRule: corrections.house_rule,
}

KINDS = ("game-limited", "point-limited", "time-limited", "endless")


def handler(state: CampaignState, action: Action, rules: GameCampaign | None) -> Handler:
    """The handler of `action` in this campaign: its game's campaign rules' (`rules`), else the engine's own."""
    if state.params is not None:
        if rules is None:
            raise Refused("the campaign rules of this campaign's game are not in use here", BY_HAND)
        if type(action) in rules.handlers:
            return rules.handlers[type(action)]
    if type(action) not in HANDLERS:
        require_rules(state)  # refused: a campaign kept by hand
        raise Refused(f"{state.params.book} has no rule for a {action.kind.replace('-', ' ')}", BY_HAND)
    return HANDLERS[type(action)]


def new_campaign(*, game: str, game_master: str, params: CampaignNumbers | None, kind: str = "endless",
                 permadeath: bool = True, parallel_play: bool = False, late_joiners: bool = False) -> CampaignState:
    if kind not in KINDS:
        raise Refused(f"a campaign is {', '.join(KINDS)}; not {kind!r}", CAMPAIGN_KINDS)
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


def apply(state: CampaignState, action: Action, *, rules: GameCampaign | None, actor: str, dice: Dice | None = None,
          choices: Choices | None = None, strict: bool = False, before: CampaignState | None = None) -> Outcome:
    """`action` done by `actor`, under `rules`, the campaign rules of the campaign's game (None for a game
    without any). With `strict` (replaying a stored action) every die and choice it stored must be used, so a
    changed file cannot carry dice that were never rolled. An undo needs `before`, the state before the last
    action."""
    return _apply(state.clone(), action, rules, actor, dice or Dice(), choices or Choices(), strict, before)


def _apply(new: CampaignState, action: Action, rules: GameCampaign | None, actor: str, dice: Dice,
           choices: Choices, strict: bool, before: CampaignState | None = None) -> Outcome:
    """`apply` on a state the caller gives up: it is changed in place."""
    last_kind, new.last_kind = new.last_kind, action.kind
    new.actions += 1
    if strict and isinstance(action, Undo) and (dice.unused() or choices.unused()):
        raise Refused(f"dice or choices not used by this action: {', '.join(dice.unused() + choices.unused())}", STORED_DICE)
    if isinstance(action, Undo):
        return _undo(new, before, action, actor, last_kind)
    # Ledgers only grow: the action's entries are those past each ledger's length before it.
    lengths = {key: len(army.ledger) for key, army in new.armies.items()}
    summary = handler(new, action, rules)(new, action, actor, dice, choices)
    if strict and (dice.unused() or choices.unused()):
        raise Refused(f"dice or choices not used by this action: {', '.join(dice.unused() + choices.unused())}",
                      STORED_DICE)
    ledger = tuple(e for key, army in new.armies.items() for e in army.ledger[lengths.get(key, 0):]
                   if e.action == new.actions)
    return Outcome(new, action, actor, summary, ledger, dice.used, choices.used)


def _undo(new: CampaignState, before: CampaignState | None, action: Undo, actor: str, last_kind: str) -> Outcome:
    check_undo(new, action, actor, last_kind)
    if before is None:
        raise Refused("the state before the last action is not at hand to undo it", UNDO_RULE)
    restored, summary = undone(new, before, action)
    restored.last_kind = action.kind
    ledger = tuple(e for army in restored.armies.values() for e in army.ledger[-1:] if e.action == restored.actions)
    return Outcome(restored, action, actor, summary, ledger, {}, {})


@dataclass(frozen=True)
class Stored:
    """An action as the campaign keeps it: who did it, and the dice and choices it used."""

    action: Action
    actor: str
    rolls: dict[str, list[int]]
    choices: dict[str, str]


class ReplayRefused(Refused):
    """A stored action that no longer replays: `number` is its place in the log (from 1), `reason` why."""

    def __init__(self, number: int, kind: str, reason: Exception):
        self.number, self.kind, self.reason = number, kind, reason
        super().__init__(f"action {number} ({kind}): {reason}")


def replay(state: CampaignState, stored: Iterable[Stored], *,
           rules: GameCampaign | None) -> tuple[CampaignState, list[Outcome]]:
    """Every stored action in order, once each, under `rules` (as `apply`); the first that breaks a rule raises
    `ReplayRefused`."""
    outcomes: list[Outcome] = []
    records = list(stored)
    state, before = state.clone(), None
    for number, record in enumerate(records, start=1):
        # In place: a refused action ends the replay, so no state before it is needed again; only an
        # action that the next one undoes has its state before it kept.
        undone_next = number < len(records) and isinstance(records[number].action, Undo)
        kept = state.clone() if undone_next else None
        try:
            outcome = _apply(state, record.action, rules, record.actor, Dice(record.rolls),
                             Choices(record.choices), strict=True, before=before)
        except (Refused, NeedDie, NeedChoice, BadDie) as error:
            raise ReplayRefused(number, record.action.kind, error) from None
        outcomes.append(outcome)
        state, before = outcome.state, kept
    return state, outcomes
