"""The game master's undo: the log's last action taken back, as a correction logged after it.

The log stays append-only: the undone action keeps its place and this one
says it no longer counts. The state after an undo is the state before the
undone action, but for what must never go back: unit keys already given out
are not given again, and the points bank's ledger keeps the undone action's
entries and adds their reversal, so the bank is as before and its history
whole (docs/campaigns.md, "Corrections and undo").
"""
from __future__ import annotations

from .actions import Undo
from .model import CampaignState, Refused
from .support import game_master_only

RULE = "only the log's last action can be undone, by the game master, and an undo is not undone"
NOT_UNDONE = {"set-length": "the campaign's length is rolled once; a game master corrects it by hand",
              "start-army": "an army's start is undone by disbanding the army"}


def check_undo(state: CampaignState, action: Undo, actor: str, last_kind: str) -> None:
    game_master_only(state, actor, "an undo")
    last = state.actions - 1  # `state` already counts the undo itself
    if action.number != last:
        raise Refused(f"action {action.number} is not the last action of the log (the last is {last})", RULE)
    if last_kind == "undo":
        raise Refused("the last action is itself an undo", RULE)
    if last_kind in NOT_UNDONE:
        raise Refused(f"a {last_kind.replace('-', ' ')} is not undone", NOT_UNDONE[last_kind])


def undone(current: CampaignState, before: CampaignState, action: Undo) -> tuple[CampaignState, str]:
    """The state after undoing `current`'s last action, given the state `before` it (left unchanged)."""
    restored = before.clone()
    restored.actions, restored.units_made, restored.specs = current.actions, current.units_made, current.specs
    reason = action.reason.strip()
    if not reason:
        raise Refused("an undo needs a reason", "every correction gives its reason")
    for key, army in restored.armies.items():
        army.ledger, army.counted = list(current.armies[key].ledger), (0, 0)
        made = sum(e.amount for e in army.ledger if e.action == action.number)
        restored.post(army, -made, "correction", f"undo of action {action.number}")
    return restored, f"action {action.number} is undone ({reason})"
