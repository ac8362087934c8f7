"""The one-line descriptions of special rules printed once at the end of a roster.

The descriptions live with each game's home (`glossary.json` in the game's package,
{rule name: description}), written in our own words: never rulebook prose. A rule with no description is
left out: a line that only says "see the rulebook" tells the player nothing the card does not.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from armylists.games.registry import game_home, homes
from armylists.games.terms import lookup, rule_name, spelled_out

__all__ = ["Term", "descriptions", "glossary", "rule_name", "spelled_out"]

@dataclass(frozen=True, slots=True)
class Term:
    name: str
    description: str


def descriptions() -> dict[str, dict[str, str]]:
    """Every game's descriptions, by game."""
    return {home.slug: home.glossary for home in homes()}


def glossary(game: str, rules: Iterable[str]) -> tuple[Term, ...]:
    """Each rule the list uses, once, sorted by name; names compare ignoring case."""
    known = lookup(game_home(game).glossary)
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
