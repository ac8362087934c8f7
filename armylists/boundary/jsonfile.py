"""Reading a JSON document within bounds: size, encoding, depth and the digits of its numbers.

Shared by every file and request Muster reads (the faction file, the list file, the campaign file
and the check endpoint), so each reports its faults as `<json path>: <what is wrong>`.
"""
from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

from .errors import BadInput
from .messages import json_path
from .numbers import MAX_DIGITS
from .text import NO_NUL, NUL

# Bounds on every JSON document Muster reads (docs/list-file.md and docs/faction-file.md, "Bounds"). A faction file
# holds a whole game's data, so it may be larger than a list.
LIST_BYTES = 1_000_000
FACTION_FILE_BYTES = 10_000_000
MAX_DEPTH = 20


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
        data = json.loads(text, parse_int=_integer, parse_float=_finite, parse_constant=_no_constant)
    except ValueError as error:  # json.JSONDecodeError among them
        raise BadInput("", f"not valid JSON ({error})") from None
    # JSON writes a NUL inside a string only as an escape, so a document without one is never walked.
    if "\\u0000" in text and (fault := _nul_at(data)) is not None:
        raise fault
    return data


# UTF-16 and UTF-32 byte order marks, longest first (UTF-32-LE starts like UTF-16-LE).
_BOMS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"), (b"\xff\xfe", "UTF-16"),
         (b"\xfe\xff", "UTF-16"))


# The first bytes of files people send by mistake instead of a JSON file, and what they are.
_NOT_JSON = ((b"\x89PNG", "a PNG image"), (b"\xff\xd8\xff", "a JPEG image"), (b"GIF8", "a GIF image"),
             (b"%PDF", "a PDF"), (b"PK\x03\x04", "a zip archive (a Word or Excel file is one too)"),
             (b"\x1f\x8b", "a gzip archive"), (b"RIFF", "a WebP image or a sound file"))


def _utf8(raw: bytes) -> str:
    for magic, what in _NOT_JSON:
        if raw.startswith(magic):
            raise BadInput("", f"not a JSON file: this is {what}")
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


def _nul_at(data: Any, path: tuple[int | str, ...] = ()) -> BadInput | None:
    """The first string holding a NUL character, named by its JSON path (a key: its object's), wherever it is,
    `meta` and `stats` included: the database stores none (`text`)."""
    if isinstance(data, str):
        return BadInput(json_path(path), NO_NUL) if NUL in data else None
    if isinstance(data, dict) and any(NUL in key for key in data):
        return BadInput(json_path(path), f"its keys {NO_NUL}") if path else BadInput("", f"the file's keys {NO_NUL}")
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        if (found := _nul_at(value, (*path, key))) is not None:
            return found
    return None


def long_number_in(data: Any, path: tuple[int | str, ...] = ()) -> BadInput | None:
    """A fault naming the first LongNumber in data that no bound looked at (`meta`, `stats`)."""
    if isinstance(data, LongNumber):
        return BadInput(json_path(path), f"must have at most {MAX_DIGITS} digits")
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        if (found := long_number_in(value, (*path, key))) is not None:
            return found
    return None
