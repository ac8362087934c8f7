"""The game master's undo: any action of the log taken back, as a correction logged after it.

The log stays append-only: the undone action keeps its place and the undo,
appended after it, says it no longer counts. The state after an undo is what
the log gives without the undone action: the actions after it are applied
again, in order, on the state before it (with the dice and choices each
stored). When one of them no longer holds without it (points it spent, a unit
it recruited, a mission it set up), the undo is refused, naming that action:
the game master undoes the later one first. What must never go back is kept:
unit keys already given out are not given again, and the points bank's ledger
keeps every entry made and adds the difference as one correction, so the bank
is right and its history whole (docs/campaigns.md, "Corrections and undo").
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .actions import Undo
from .model import CampaignState, Refused
from .support import game_master_only

RULE = "the game master undoes an action of the log with a reason; an undo is not undone, nor an action twice"
DEPENDS = "an action that later actions depend on is undone after them"
NOT_UNDONE = {"set-length": "the campaign's length is rolled once; a game master corrects it by hand",
              "start-army": "an army's start is undone by disbanding the army",
              "undo": "an undo is not undone"}


def check_undo(state: CampaignState, action: Undo, actor: str) -> None:
    """`state` is the log's state before the undo."""
    game_master_only(state, actor, "an undo")
    if not action.reason.strip():
        raise Refused("an undo needs a reason", "every correction gives its reason")
    if not 1 <= action.number <= state.actions:
        raise Refused(f"there is no action {action.number} in the log (it has {state.actions})", RULE)
    if action.number in state.undone:
        raise Refused(f"action {action.number} is already undone (by action {state.undone[action.number]})", RULE)
    kind = state.fixed.get(action.number)
    if kind is not None:
        raise Refused(f"action {action.number} ({kind.replace('-', ' ')}) is not undone", NOT_UNDONE[kind])


def checkpoint(state: CampaignState, target: int, kept: Iterable[int]) -> int:
    """The action from which the log is applied again to undo `target`: the latest action at or before it whose
    state before it (one of `kept`) already lacks every action undone so far that comes before it. That is
    `target` itself, unless an earlier action was undone after `target` was done."""
    for start in sorted((n for n in kept if n <= target), reverse=True):
        if all(at < start for undone, at in state.undone.items() if undone < start):
            return start
    raise Refused(f"the state before action {target} is not at hand to undo it", RULE)


@dataclass(frozen=True)
class Later:
    """An action after the checkpoint, to apply again: its number, and how many units had been made before it
    (so a unit it makes gets the key it had)."""

    number: int
    kind: str
    units_made: int
    apply: Callable[[CampaignState], object]  # applies the stored action, with its stored dice, in place


def without(before: CampaignState, target: int, undone: set[int], later: Iterable[Later]) -> CampaignState:
    """The state the log gives without `target` (and the actions in `undone`): `before` (the state before the
    checkpoint, left unchanged) with every later action but those applied again."""
    state = before.clone()
    for step in later:
        if step.number == target or step.number in undone or step.kind == "undo":
            continue
        state.actions, state.units_made = step.number - 1, step.units_made
        try:
            step.apply(state)
        except Refused as error:
            raise Refused(f"action {step.number} ({step.kind.replace('-', ' ')}) no longer holds without action "
                          f"{target}: {error}; undo action {step.number} first", DEPENDS) from None
    return state


def undone(current: CampaignState, restored: CampaignState, action: Undo) -> tuple[CampaignState, str]:
    """The state after the undo: `restored` (the state without the undone action, taken over) with the log's
    bookkeeping of `current` (the state before the undo, counting the undo itself)."""
    restored.actions, restored.units_made, restored.specs = current.actions, current.units_made, current.specs
    restored.fixed, restored.undone = {**current.fixed, current.actions: "undo"}, {**current.undone,
                                                                                   action.number: current.actions}
    for key, army in restored.armies.items():
        bank = army.bank
        now = current.armies.get(key)
        army.ledger, army.counted = (list(now.ledger) if now else []), (0, 0)
        restored.post(army, bank - army.bank, "correction", f"undo of action {action.number}")
    return restored, f"action {action.number} is undone ({action.reason.strip()})"
