"""Special rules explained: a rule as a unit's data writes it ("Tough(3)") -> its glossary line.

The descriptions live with each game's home (`glossary.json` in the game's package, {rule name:
description}, in our own words, never rulebook prose). The builder shows them
beside a unit's rules and the roster prints them once at its end.
"""
from __future__ import annotations

import re

# "Tough(3)", "Caster (+1)", "Immune (arcane)" -> the part before the bracket;
# "Impact 2", "Magic X", "Regeneration 4+" -> the part before the trailing value.
_BRACKETED = re.compile(r"\s*\(.*$")
_TRAILING_VALUE = re.compile(r"\s+(?:[+-]?\d+\+?|[xXnN]|[dD]\d+)$")
_NOT_ID = re.compile(r"[^a-z0-9]+")


def rule_name(rule: str) -> str:
    """A rule without its parameter: "Tough(3)" -> "Tough"."""
    name = _BRACKETED.sub("", rule.strip())
    return _TRAILING_VALUE.sub("", name).strip()


def spelled_out(rule: str) -> bool:
    """A rule written with its own text ("Big Boss: may remove ...") needs no glossary line."""
    name, colon, text = rule.partition(":")
    return bool(colon and text.strip())


def term_key(name: str) -> str:
    """A rule name as an HTML id part: "Fear of Fire" -> "fear-of-fire"."""
    return _NOT_ID.sub("-", name.casefold()).strip("-")


def lookup(glossary: dict[str, str]) -> dict[str, tuple[str, str]]:
    """The glossary by case-folded name: (name as the glossary writes it, description)."""
    return {name.casefold(): (name, text) for name, text in glossary.items()}
