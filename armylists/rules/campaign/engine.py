"""Applying an action to a campaign, and replaying a campaign from its actions.

`apply` never changes the state it is given: it works on a copy, and a
refused action raises `Refused` (or `NeedDie` / `NeedChoice` when a die or a
player's choice is missing) and leaves nothing behind.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
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
from .undo import NOT_UNDONE, Later, check_undo, checkpoint, undone, without
from .undo import RULE as UNDO_RULE

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
    changed file cannot carry dice that were never rolled. An undo of the log's last action needs `before`, the
    state before that action; an undo of an earlier one needs the log, and is done by `replay`."""
    if isinstance(action, Undo):
        return _undo_last(state, action, actor, before)
    return _apply(state.clone(), action, rules, actor, dice or Dice(), choices or Choices(), strict)


def _apply(new: CampaignState, action: Action, rules: GameCampaign | None, actor: str, dice: Dice,
           choices: Choices, strict: bool) -> Outcome:
    """`apply` on a state the caller gives up: it is changed in place."""
    new.actions += 1
    if action.kind in NOT_UNDONE:
        new.fixed[new.actions] = action.kind
    # Ledgers only grow: the action's entries are those past each ledger's length before it.
    lengths = {key: len(army.ledger) for key, army in new.armies.items()}
    summary = handler(new, action, rules)(new, action, actor, dice, choices)
    if strict and (dice.unused() or choices.unused()):
        raise Refused(f"dice or choices not used by this action: {', '.join(dice.unused() + choices.unused())}",
                      STORED_DICE)
    ledger = tuple(e for key, army in new.armies.items() for e in army.ledger[lengths.get(key, 0):]
                   if e.action == new.actions)
    return Outcome(new, action, actor, summary, ledger, dice.used, choices.used)


def _undo_last(state: CampaignState, action: Undo, actor: str, before: CampaignState | None) -> Outcome:
    """The undo of the log's last action, from `before`, the state before it: nothing after it to apply again."""
    check_undo(state, action, actor)
    if action.number != state.actions or before is None:
        raise Refused("an action before the log's last is undone with the log at hand (replayed with the undo)",
                      UNDO_RULE)
    return _undone(state, action, actor, before.clone())


def _undone(state: CampaignState, action: Undo, actor: str, restored: CampaignState) -> Outcome:
    """The outcome of the undo: `restored`, the state without the undone action, with the log's bookkeeping."""
    current = state.clone()
    current.actions += 1
    restored, summary = undone(current, restored, action)
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
    `ReplayRefused`. An undo applies the actions after the one it undoes again, without it (`undo.without`):
    the state before each action that a later one undoes is kept for that, and nothing else."""
    outcomes: list[Outcome] = []
    records = list(stored)
    targets = {r.action.number for r in records if isinstance(r.action, Undo)}
    kept: dict[int, CampaignState] = {}
    made: list[int] = []  # the units made before each action, so an action applied again makes the same keys
    state = state.clone()
    for number, record in enumerate(records, start=1):
        # In place: a refused action ends the replay, so no state before it is needed again.
        if number in targets:
            kept[number] = state.clone()
        made.append(state.units_made)
        try:
            if isinstance(record.action, Undo):
                outcome = _undo_in_log(state, record, rules, records, kept, made)
            else:
                outcome = _apply(state, record.action, rules, record.actor, Dice(record.rolls),
                                 Choices(record.choices), strict=True)
        except (Refused, NeedDie, NeedChoice, BadDie) as error:
            raise ReplayRefused(number, record.action.kind, error) from None
        outcomes.append(outcome)
        state = outcome.state
    return state, outcomes


def _undo_in_log(state: CampaignState, record: Stored, rules: GameCampaign | None, records: list[Stored],
                 kept: dict[int, CampaignState], made: list[int]) -> Outcome:
    action = record.action
    if record.rolls or record.choices:
        raise Refused("an undo rolls no dice and makes no choices", STORED_DICE)
    check_undo(state, action, record.actor)
    start = checkpoint(state, action.number, kept)
    later = [Later(n, records[n - 1].action.kind, made[n - 1], partial(_again, records[n - 1], rules))
             for n in range(start, state.actions + 1)]
    return _undone(state, action, record.actor, without(kept[start], action.number, set(state.undone), later))


def _again(record: Stored, rules: GameCampaign | None, state: CampaignState) -> None:
    """A stored action applied again in place, with its stored dice and choices (an undo's `Later`)."""
    try:
        _apply(state, record.action, rules, record.actor, Dice(record.rolls), Choices(record.choices), strict=True)
    except (NeedDie, NeedChoice, BadDie) as error:
        raise Refused(f"its dice or choices no longer fit ({error})", STORED_DICE) from None
