"""What a string read at the boundary may hold besides its length: the bounded text types every file's
schema declares its names (`line`) and longer texts (`lines`) with.

No control character in a name, whatever it would do to a page, a roster line or a terminal; tabs
and line breaks only in a longer text (docs/faction-file.md and docs/list-file.md, "Bounds"). Above
all no NUL character, anywhere in a file: PostgreSQL stores it in neither a text column nor JSON, so
a file holding one is refused where it is read (`jsonfile`), never left to fail in the database.
"""
from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import AfterValidator, StringConstraints

NUL = "\x00"
NO_NUL = "must not contain a NUL character"
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_CONTROL_BUT_LINES = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_NAMED = {NUL: NO_NUL, "\t": "must not contain a tab", "\n": "must be one line", "\r": "must be one line"}


def _fault(text: str, lines: bool = False) -> str | None:
    """What is wrong with `text` as a name (or, with `lines`, as a longer text), in words; None if nothing."""
    found = (_CONTROL_BUT_LINES if lines else _CONTROL).search(text)
    return None if found is None else _NAMED.get(found.group(), "must not contain a control character")


def _refuse(lines: bool) -> AfterValidator:
    def check(value: str) -> str:
        if (problem := _fault(value, lines)) is not None:
            raise ValueError(problem)
        return value

    return AfterValidator(check)


_ONE_LINE, _MANY_LINES = _refuse(False), _refuse(True)


def line(max_length: int | None = None, min_length: int | None = None, pattern: str | None = None) -> Any:
    """A name, a label, a key: one line, no control character, within its bounds."""
    return Annotated[str, StringConstraints(min_length=min_length, max_length=max_length, pattern=pattern), _ONE_LINE]


def lines(max_length: int | None = None, min_length: int | None = None) -> Any:
    """A longer text (a rule, a note): tabs and line breaks allowed, no other control character."""
    return Annotated[str, StringConstraints(min_length=min_length, max_length=max_length), _MANY_LINES]
