"""The one-line descriptions of special rules printed once at the end of a roster.

The descriptions live with each game's home (armylists/games/glossary/<game>.json,
{rule name: description}), written in our own words: never rulebook prose. A rule with no description is
left out: a line that only says "see the rulebook" tells the player nothing the card does not.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from armylists.games.registry import game_home, homes

# "Tough(3)", "Caster (+1)", "Immune (arcane)" -> the part before the bracket;
# "Impact 2", "Magic X", "Regeneration 4+" -> the part before the trailing value.
_BRACKETED = re.compile(r"\s*\(.*$")
_TRAILING_VALUE = re.compile(r"\s+(?:[+-]?\d+\+?|[xXnN]|[dD]\d+)$")


@dataclass(frozen=True, slots=True)
class Term:
    name: str
    description: str


def rule_name(rule: str) -> str:
    """A rule without its parameter: "Tough(3)" -> "Tough"."""
    name = _BRACKETED.sub("", rule.strip())
    return _TRAILING_VALUE.sub("", name).strip()


def descriptions() -> dict[str, dict[str, str]]:
    """Every game's descriptions, by game."""
    return {home.slug: home.glossary for home in homes()}


def spelled_out(rule: str) -> bool:
    """A rule printed with its own text ("Big Boss: may remove ...") needs no glossary line."""
    name, colon, text = rule.partition(":")
    return bool(colon and text.strip())


def glossary(game: str, rules: Iterable[str]) -> tuple[Term, ...]:
    """Each rule the list uses, once, sorted by name; names compare ignoring case."""
    known = {name.casefold(): (name, text) for name, text in game_home(game).glossary.items()}
    terms: dict[str, Term] = {}
    for rule in rules:
        if spelled_out(rule):
            continue
        name = rule_name(rule)
        key = name.casefold()
        if not name or key in terms:
            continue
        if key in known and known[key][1].strip():
            terms[key] = Term(*known[key])
    return tuple(sorted(terms.values(), key=lambda t: t.name.casefold()))
