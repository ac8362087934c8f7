"""The shape every game's rules take, so the engine can run any of them alike."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator

from .model import Army, Entry
from .params import GameParams
from .report import Figure, Violation


@dataclass(frozen=True, slots=True)
class Tally:
    """Points worked out once per check and shared by every rule."""

    entry_points: dict[str, int]
    points: int | None  # None for games without a points total (Diskwars)


Check = Callable[[Army, GameParams, Tally], Iterator[Violation]]


def one_copy(entry: Entry) -> tuple[int, frozenset[str]]:
    """An entry is one copy of its unit: it takes from each of the unit's option groups at most the group's `max`."""
    return 1, frozenset()


@dataclass(frozen=True, slots=True)
class GameRules:
    params_type: type[GameParams]
    entry_cost: Callable[[Entry], int]
    # The list's points from its entries' points; None when the game has no total.
    list_points: Callable[[Army, GameParams, dict[str, int]], int | None]
    checks: tuple[Check, ...]
    figures: Callable[[Army, GameParams, Tally], tuple[Figure, ...]]
    # How many copies of its unit an entry is, and the unit's option groups it may take from once per copy (the
    # `option-group` check every game has reads it; an OPR combined unit is two: AoF Regiments, Combined Units).
    copies: Callable[[Entry], tuple[int, frozenset[str]]] = one_copy


def sum_of_entries(army: Army, params: GameParams, entry_points: dict[str, int]) -> int:
    return sum(entry_points.values())


def per(limit: int | None, step: int) -> int:
    """"One per N points" of the limit, rounded down (docs/game-settings.md: G // N)."""
    return (limit or 0) // step if step else 0
