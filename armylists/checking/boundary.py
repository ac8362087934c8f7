"""Turning bad input into one clear sentence that names where it is.

Shared by every file and request Muster reads: the faction file, the list file
and the check endpoint all report faults as `<json path>: <what is wrong>`.
This module imports nothing of Muster's and no Django, so every layer may use it.
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import ValidationError


class BadInput(Exception):
    """Input that cannot be used as it is; `path` is a JSON path such as entries[3].unit."""

    def __init__(self, path: str, message: str):
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


def read_json(path: str | Path) -> Any:
    """A JSON file's data; a missing or unreadable file is BadInput (the caller names the file)."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BadInput("", "no such file") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadInput("", f"not valid JSON ({error})") from None


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


def json_path(loc: tuple[int | str, ...]) -> str:
    """('entries', 3, 'unit') -> 'entries[3].unit'"""
    path = ""
    for part in loc:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path


def _describe(error: dict) -> str:
    kind, ctx = error["type"], error.get("ctx") or {}
    if kind == "missing":
        return "is required"
    if kind == "extra_forbidden":
        return "is not a field of this format"
    if kind in {"int_type", "int_parsing", "int_from_float"}:
        return "must be an integer"
    if kind in {"greater_than_equal", "greater_than"}:
        sign = "≥" if kind == "greater_than_equal" else ">"
        bound = ctx.get("ge", ctx.get("gt"))
        return f"must be an integer {sign} {bound}"
    if kind == "string_pattern_mismatch":
        return "must use only lower-case letters, digits and hyphens"
    if kind == "literal_error":
        return f"must be {ctx.get('expected')}"
    if kind in {"string_type", "bool_type", "list_type", "dict_type", "model_type"}:
        return {"string_type": "must be a string", "bool_type": "must be true or false",
                "list_type": "must be a list", "dict_type": "must be an object",
                "model_type": "must be an object"}[kind]
    if kind == "string_too_long":
        return f"must be at most {ctx.get('max_length')} characters"
    if kind == "too_short":
        return "must not be empty"
    if kind == "value_error":
        return str(ctx.get("error", error["msg"]))
    return error["msg"]


def bad_input(error: ValidationError, prefix: tuple[int | str, ...] = ()) -> BadInput:
    """The first fault pydantic found, as a BadInput."""
    first = error.errors(include_url=False)[0]
    # Union members and function validators add tags that are not part of the JSON path.
    loc = tuple(p for p in first["loc"] if not (isinstance(p, str) and ("[" in p or p.startswith("function-"))))
    return BadInput(json_path(prefix + loc), _describe(first))
