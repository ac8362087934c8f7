"""The shape every game's rules take, so the engine can run any of them alike."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator

from .model import Army, Entry, Unit
from .params import GameParams
from .report import Figure, Violation


@dataclass(frozen=True, slots=True)
class Tally:
    """Points worked out once per check and shared by every rule."""

    entry_points: dict[str, int]
    points: int | None  # None for games without a points total (Diskwars)


Check = Callable[[Army, GameParams, Tally], Iterator[Violation]]


def one_copy(entry: Entry) -> int:
    """An entry is one copy of its unit."""
    return 1


def no_groups(unit: Unit) -> frozenset[str]:
    """No option group of a unit is taken from once per copy."""
    return frozenset()


@dataclass(frozen=True, slots=True)
class GameRules:
    params_type: type[GameParams]
    entry_cost: Callable[[Entry], int]
    # The list's points from its entries' points; None when the game has no total.
    list_points: Callable[[Army, GameParams, dict[str, int]], int | None]
    checks: tuple[Check, ...]
    figures: Callable[[Army, GameParams, Tally], tuple[Figure, ...]]
    # How many copies of its unit an entry is, and the unit's option groups an entry of several takes from once per
    # copy, as the `option-group` check every game has reads them (an OPR combined unit is two copies: AoF
    # Regiments, Combined Units); by default one copy.
    copies: Callable[[Entry], int] = one_copy
    per_copy_groups: Callable[[Unit], frozenset[str]] = no_groups


def sum_of_entries(army: Army, params: GameParams, entry_points: dict[str, int]) -> int:
    return sum(entry_points.values())


def per(limit: int | None, step: int) -> int:
    """"One per N points" of the limit, rounded down (docs/game-settings.md: G // N)."""
    return (limit or 0) // step if step else 0
