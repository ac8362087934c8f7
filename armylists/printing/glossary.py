"""The one-line descriptions of special rules printed once at the end of a roster.

A rule is explained in its book's words where the faction's book gives them (an Army Forge book describes
every rule it uses); else in Muster's, from each game's home (`glossary.json` in the game's package,
{rule name: description}, written in our own words: never rulebook prose). A rule nobody explains (a
custom rule with no text) is listed by name with "no description in the book": never silently dropped.
"""
from __future__ import annotations

from collections.abc import Iterable

from armylists.games.registry import game_home, homes
from armylists.games.terms import NO_DESCRIPTION, Term, explain, rule_name, spelled_out

__all__ = ["NO_DESCRIPTION", "Term", "descriptions", "glossary", "rule_name", "spelled_out"]


def descriptions() -> dict[str, dict[str, str]]:
    """Every game's descriptions, by game."""
    return {home.slug: home.glossary for home in homes()}


def glossary(game: str, rules: Iterable[str], book_texts: Iterable[dict[str, str]] = ()) -> tuple[Term, ...]:
    """Each rule the list uses, once, explained (armylists/games/terms.py, `explain`) with `game`'s glossary."""
    return explain(game_home(game).glossary, rules, book_texts)
