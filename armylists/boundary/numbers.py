"""Whole numbers read straight from a request or a header, never through int() alone."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# More digits than any bound of either format needs; longer integers are kept out of int().
MAX_DIGITS = 20


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
