"""A document's envelope: its format and the game it is for."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import BadInput


def read_game(data: Any, fmt: str, games: Iterable[str], kind: str) -> str:
    """Check a document's envelope (a JSON object of format `fmt`) and return its game."""
    if not isinstance(data, dict):
        raise BadInput("", f"a {kind} must be a JSON object")
    if data.get("format") != fmt:
        raise BadInput("format", f"must be \"{fmt}\"")
    game = data.get("game")
    if not isinstance(game, str) or game not in games:
        raise BadInput("game", f"no game {game!r}; expected one of {', '.join(games)}")
    return game
