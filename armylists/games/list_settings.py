"""A list's settings, each declared once, in the package of the game that has it.

A `ListSetting` says everything Muster does with one setting of a list: the
list file's field it is, how the builder asks for it (label, kind, bounds,
default and help, the last two computed from the game's numbers in force, so
an event's override shows), how a change to it is named in a list's history,
which of the engine's `Army`'s fields a rule reads it from (`points_limit`, or
one of the army's `details`, the game's own), and whether an event may set it
for every list. The builder's controls, its change notes, the
engine's overrides and the event settings form are all derived from these.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from armylists.rules.params import GameParams

NUMBER, YES_NO, CHOICE = "number", "yes-no", "choice"


def _nothing(params: GameParams) -> Any:
    return None


def _no_help(params: GameParams) -> str:
    return ""


def _no_choices(params: GameParams) -> tuple[tuple[str, str], ...]:
    return ()


@dataclass(frozen=True)
class ListSetting:
    name: str  # the list file's field and the form field's name
    label: str
    kind: str  # NUMBER | YES_NO | CHOICE
    army_field: str  # what its rules read it as on the engine's `Army`: a field every army has, or one of its details
    event_may_set: bool = True  # an event may set it for every list
    low: int | None = None  # a NUMBER's bounds, as the list file's
    high: int | None = None
    default: Callable[[GameParams], Any] = _nothing  # from the numbers in force
    help: Callable[[GameParams], str] = _no_help
    choices: Callable[[GameParams], tuple[tuple[str, str], ...]] = _no_choices  # (value, label)
    attrs: Mapping[str, str] = field(default_factory=dict)  # the builder's input attributes
    said: str = ""  # how a list's history names a change to it ("changed the points limit"); "": the label

    @property
    def noun(self) -> str:
        return self.said or self.label.lower()


POINTS_LIMIT = ListSetting(
    "points_limit", "Points limit", NUMBER, army_field="points_limit", low=1, high=1_000_000,
    attrs={"list": "points-presets", "data-testid": "points-limit-input"})
