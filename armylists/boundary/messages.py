"""A fault pydantic found, as one sentence naming its JSON path (`entries[3].unit: is required`), and, where the
format names its fields in words, the field too (`pointsLimit: the points limit must be an integer`)."""
from __future__ import annotations

from collections.abc import Mapping

from pydantic import ValidationError

from .errors import BadInput


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


# A place's words, by its JSON path's names with each list index written "[]": ("units", "[]", "armyId").
Places = Mapping[tuple[str, ...], str]


def bad_input(error: ValidationError, prefix: tuple[int | str, ...] = (), places: Places | None = None) -> BadInput:
    """The first fault pydantic found, as a BadInput."""
    return faults(error, prefix, places)[0]


def _in_words(loc: tuple[int | str, ...], described: str, places: Places | None) -> str:
    """`described` said of the place's words, where the format gives them and the sentence reads with them."""
    words = (places or {}).get(tuple("[]" if isinstance(p, int) else p for p in loc))
    return f"{words} {described}" if words and described.startswith(("must ", "is ")) else described


def faults(error: ValidationError, prefix: tuple[int | str, ...] = (), places: Places | None = None) -> list[BadInput]:
    """Every fault pydantic found, each as a BadInput, in its order."""
    found = []
    for fault in error.errors(include_url=False):
        # Union members and function validators add tags that are not part of the JSON path.
        loc = tuple(p for p in fault["loc"] if not (isinstance(p, str) and ("[" in p or p.startswith("function-"))))
        if fault["type"] == "required_with":  # a model's check about one of its fields, named in ctx
            loc += (fault["ctx"]["field"],)
        found.append(BadInput(json_path(prefix + loc), _in_words(loc, _describe(fault), places)))
    return found
