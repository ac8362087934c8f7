"""Game slug -> that game's rules.

The engine names no game. The layer that loads the games in use
(`armylists.games.registry`) hands the engine, once, a function that answers
which rules each installed game has; the engine asks it on every look-up, so a
change of the games in use (a test's override) is seen at once.
"""
from __future__ import annotations

from typing import Callable, Mapping

from .game import GameRules

_installed: Callable[[], Mapping[str, GameRules]] = dict


def install(installed: Callable[[], Mapping[str, GameRules]]) -> None:
    """Say where the games in use and their rules come from (slug -> rules)."""
    global _installed
    _installed = installed


def games() -> tuple[str, ...]:
    """The slugs of the games in use."""
    return tuple(_installed())


def rules_for(game: str) -> GameRules:
    try:
        return _installed()[game]
    except KeyError:
        raise ValueError(f"no rules for game {game!r}") from None
