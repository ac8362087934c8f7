"""Special rules explained: a rule as a unit's data writes it ("Tough(3)") -> its glossary line.

The descriptions live with each game's home (`glossary.json` in the game's package, {rule name:
description}, in our own words, never rulebook prose). The builder shows them
beside a unit's rules and the roster prints them once at its end.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class Term:
    name: str
    description: str


NO_DESCRIPTION = "no description in the book"


def explain(glossary: dict[str, str], rules: Iterable[str], book_texts: Iterable[dict[str, str]] = ()
            ) -> tuple[Term, ...]:
    """Each rule a list uses, once, sorted by name; names compare ignoring case. A rule is explained in its
    book's words where the faction's book gives them (`book_texts`: an Army Forge book's descriptions), else
    in Muster's (the game's `glossary`); a rule nobody explains is listed by name, saying so, never dropped."""
    known = lookup(glossary) | lookup({t["name"]: t["text"] for t in book_texts})
    terms: dict[str, Term] = {}
    for rule in rules:
        if spelled_out(rule):
            continue
        name = rule_name(rule)
        key = name.casefold()
        if not name or key in terms:
            continue
        found = known.get(key)
        terms[key] = Term(*found) if found and found[1].strip() else Term(name, NO_DESCRIPTION)
    return tuple(sorted(terms.values(), key=lambda t: t.name.casefold()))
