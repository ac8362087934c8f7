"""The one-line descriptions of special rules printed once at the end of a roster.

A rule is explained in its book's words where the faction's book gives them (an Army Forge book describes
most rules it uses); else in the game's common rules' (Army Forge's common-rules file, docs/faction-file.md,
"Army Forge's common rules"); else in Muster's, from each game's home (`glossary.json` in the game's package,
{rule name: description}, written in our own words, with the rulebook's numbers). A rule nobody explains (a
custom rule with no text) is listed by name with "no description in Muster" and where to read it: never
silently dropped, never explained by guess.
"""
from __future__ import annotations

from collections.abc import Iterable

from armylists.games.base import Game
from armylists.games.registry import homes
from armylists.games.terms import NO_DESCRIPTION, Source, Term, explain, rule_name, spelled_out

__all__ = ["NO_DESCRIPTION", "Term", "descriptions", "glossary", "rule_name", "spelled_out"]


def descriptions() -> dict[str, dict[str, str]]:
    """Every game's descriptions, by game."""
    return {home.slug: home.glossary for home in homes()}


def glossary(home: Game, rules: Iterable[str], sources: Iterable[Source] = (), spells: Iterable[str] = ()
             ) -> tuple[Term, ...]:
    """Each rule the list uses, once, explained (armylists/games/terms.py, `explain`) with its game's (`home`)
    glossary."""
    return explain(home.glossary, rules, sources, spells)
