"""Turning bad input into one clear sentence that names where it is.

Shared by every file and request Muster reads: the faction file, the list file
and the check endpoint all report faults as `<json path>: <what is wrong>`.
This module imports nothing of Muster's and no Django, so every layer may use it.
"""
from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError

# Bounds on every JSON document Muster reads (FORMATS: list file bounds). A faction file
# holds a whole game's data, so it may be larger than a list.
LIST_BYTES = 1_000_000
FACTION_FILE_BYTES = 10_000_000
MAX_DEPTH = 20
# More digits than any bound of either format needs; longer integers are kept out of int().
MAX_DIGITS = 20


class BadInput(Exception):
    """Input that cannot be used as it is; `path` is a JSON path such as entries[3].unit."""

    def __init__(self, path: str, message: str):
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


def read_json(path: str | Path, max_bytes: int = LIST_BYTES) -> Any:
    """A JSON file's data, bounded before it is read whole; a missing, unreadable or
    out-of-bounds file is BadInput (the caller names the file)."""
    path = Path(path)
    try:
        too_big(path.stat().st_size, max_bytes)
        with path.open("rb") as file:
            raw = file.read(max_bytes + 1)
    except FileNotFoundError:
        raise BadInput("", "no such file") from None
    except IsADirectoryError:
        raise BadInput("", "is a directory, not a file") from None
    except OSError as error:
        raise BadInput("", f"cannot be read ({error.strerror or error})") from None
    return parse_json(raw, max_bytes)


def whole_number(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """The whole number `text` writes in ASCII digits (no sign, at most `max_digits` of them), else None.

    str.isdigit() alone lets through "²", which int() refuses, and any number of digits, which int()
    refuses past 4,300: a number read straight from a request goes through here, never int() alone.
    """
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= max_digits else None


def declared_length(meta: Mapping[str, Any]) -> int:
    """A request's body length as its Content-Length declares it (0 when absent or not a number)."""
    return whole_number(str(meta.get("CONTENT_LENGTH") or "")) or 0


def too_big(size: int, max_bytes: int) -> None:
    if size > max_bytes:
        raise BadInput("", f"must be at most {max_bytes:,} bytes (it is {size:,})")


def parse_json(raw: bytes, max_bytes: int = LIST_BYTES) -> Any:
    """Bytes that must be a bounded JSON document in UTF-8 -> its data.

    Checked in order of cost: size, encoding, nesting (by scanning the brackets,
    so no depth can exhaust the parser's recursion), then parsed with integers
    of more than MAX_DIGITS digits kept as `LongNumber` (a bound then names
    their path) and NaN or Infinity refused.
    """
    too_big(len(raw), max_bytes)
    text = _utf8(raw)
    if _deeper_than(text, MAX_DEPTH):
        path = _path_at_depth(text, MAX_DEPTH + 1)
        raise BadInput(path, f"nests more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(text, parse_int=_integer, parse_float=_finite, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise BadInput("", f"not valid JSON ({error})") from None
    except ValueError as error:
        raise BadInput("", f"not valid JSON ({error})") from None


# UTF-16 and UTF-32 byte order marks, longest first (UTF-32-LE starts like UTF-16-LE).
_BOMS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"), (b"\xff\xfe", "UTF-16"),
         (b"\xfe\xff", "UTF-16"))


def _utf8(raw: bytes) -> str:
    for bom, name in _BOMS:
        if raw.startswith(bom):
            raise BadInput("", f"must be UTF-8; this file is {name}: save it as UTF-8")
    # JSON starts with ASCII, so UTF-16 without a byte order mark has a zero byte among its first two.
    if b"\x00" in raw[:4]:
        raise BadInput("", "must be UTF-8; this file looks like UTF-16: save it as UTF-8")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise BadInput("", f"must be UTF-8; byte {error.start + 1:,} is not (save the file as UTF-8)") from None


# A JSON string, to its closing quote or to the end of the text (so an unclosed string is one
# match, never a search restarted inside it): linear whatever the text holds.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]")
_SAME_BRACKETS = str.maketrans("{}", "[]")


def _deeper_than(text: str, limit: int) -> bool:
    """Whether any array or object nests deeper than `limit`, without parsing.

    Strings are removed, then all but the brackets: each pass removes the
    innermost pairs, so a pair left after `limit` passes is nested deeper
    (C-level regex passes, no recursion). More than `limit` openers left
    unclosed count as too deep too, so that the parser never recurses further
    than twice the limit before it reports mismatched brackets.
    """
    shape = _NOT_BRACKET.sub("", _STRING.sub("", text)).translate(_SAME_BRACKETS)
    for _ in range(limit):
        shape, removed = _INNERMOST.subn("", shape)
        if not removed:
            break
    return "[]" in shape or shape.count("[") > limit


_TOKEN = re.compile(_STRING.pattern + r"|[\[\]{},:]", re.S)


def _path_at_depth(text: str, depth: int) -> str:
    """The JSON path of the first array or object at `depth` (1: the document itself)."""
    stack: list[list] = []  # [key or index] per open container; keys are None until their ':'
    last_string = None
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "[{":
            if len(stack) + 1 >= depth:
                return json_path(tuple(step[0] for step in stack))
            stack.append([0 if token == "[" else None, token])
        elif token in "]}":
            if stack:
                stack.pop()
        elif token == ",":
            if stack and stack[-1][1] == "[":
                stack[-1][0] += 1
        elif token == ":":
            if stack:
                stack[-1][0] = last_string
        else:
            try:
                last_string = json.loads(token)
            except ValueError:
                last_string = token
    return ""


class LongNumber(int):
    """An integer written with more than MAX_DIGITS digits, held as ±10**MAX_DIGITS: beyond every
    bound, so validation names its path (`points_limit: must be at most 1,000,000`)."""


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        return LongNumber(-(10**MAX_DIGITS) if digits.startswith("-") else 10**MAX_DIGITS)
    return int(digits)


def _finite(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise ValueError(f"the number {digits[:20]}{'...' if len(digits) > 20 else ''} is too large")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def long_number_in(data: Any, path: tuple[int | str, ...] = ()) -> BadInput | None:
    """A fault naming the first LongNumber in data that no bound looked at (`meta`, `stats`)."""
    if isinstance(data, LongNumber):
        return BadInput(json_path(path), f"must have at most {MAX_DIGITS} digits")
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        if (found := long_number_in(value, (*path, key))) is not None:
            return found
    return None


def read_game(data: Any, fmt: str, games: Iterable[str], kind: str) -> str:
    """Check a document's envelope (a JSON object of format `fmt`) and return its game."""
    if not isinstance(data, dict):
        raise BadInput("", f"a {kind} must be a JSON object")
    if data.get("format") != fmt:
        raise BadInput("format", f"must be \"{fmt}\"")
    game = data.get("game")
    if not isinstance(game, str) or game not in games:
        # The file's own words: a file names its game by the value the format gives it.
        said = "missing" if game is None else f"no game {game!r}" if isinstance(game, str) else "not a game's name"
        raise BadInput("game", f"{said}; expected one of {', '.join(games)}")
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
        return f"must be an integer {sign} {bound:,}"
    if kind in {"less_than_equal", "less_than"}:
        return f"must be at most {ctx.get('le', ctx.get('lt')):,}"
    if kind == "string_pattern_mismatch":
        pattern = ctx.get("pattern", "")
        if pattern == r"^[A-Za-z0-9_-]{1,40}$":  # an entry id (armylists.games.schema)
            return "must be 1 to 40 letters, digits, '_' or '-'"
        if pattern == r"^[a-z0-9-]{1,64}$":  # a slug
            return "must be 1 to 64 lower-case letters, digits or hyphens"
        return "must use only lower-case letters, digits and hyphens"
    if kind == "literal_error":
        return f"must be {ctx.get('expected')}"
    if kind in {"string_type", "bool_type", "list_type", "dict_type", "model_type"}:
        return {"string_type": "must be a string", "bool_type": "must be true or false",
                "list_type": "must be a list", "dict_type": "must be an object",
                "model_type": "must be an object"}[kind]
    if kind == "string_too_long":
        return f"must be at most {ctx.get('max_length'):,} characters"
    if kind == "string_too_short":
        return "must not be empty"
    if kind == "too_short":
        return "must not be empty" if ctx.get("min_length") == 1 else f"must hold at least {ctx.get('min_length')}"
    if kind == "too_long":
        return f"must hold at most {ctx.get('max_length'):,}"
    if kind == "value_error":
        return str(ctx.get("error", error["msg"]))
    return error["msg"]


def bad_input(error: ValidationError, prefix: tuple[int | str, ...] = ()) -> BadInput:
    """The first fault pydantic found, as a BadInput."""
    first = error.errors(include_url=False)[0]
    # Union members and function validators add tags that are not part of the JSON path.
    loc = tuple(p for p in first["loc"] if not (isinstance(p, str) and ("[" in p or p.startswith("function-"))))
    if first["type"] == "required_with":  # a model's check about one of its fields, named in ctx
        loc += (first["ctx"]["field"],)
    return BadInput(json_path(prefix + loc), _describe(first))
