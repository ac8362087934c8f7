"""The one-line descriptions of special rules printed once at the end of a roster.

A rule is explained in its book's words where the faction's book gives them (an Army Forge book describes
every rule it uses); else in Muster's, from each game's home (`glossary.json` in the game's package,
{rule name: description}, written in our own words: never rulebook prose). A rule nobody explains (a
custom rule with no text) is listed by name with "no description in the book": never silently dropped.
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


NO_DESCRIPTION = "no description in the book"


def glossary(game: str, rules: Iterable[str], book_texts: Iterable[dict[str, str]] = ()) -> tuple[Term, ...]:
    """Each rule the list uses, once, sorted by name; names compare ignoring case. A rule is explained in its
    book's words where the faction's book gives them (`book_texts`: an Army Forge book's descriptions), else
    in Muster's (the game's glossary); a rule nobody explains is listed by name, saying so, never dropped."""
    known = lookup(game_home(game).glossary) | lookup({t["name"]: t["text"] for t in book_texts})
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
