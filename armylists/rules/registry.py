"""Game slug -> that game's rules."""
from __future__ import annotations

from . import aof_regiments, aof_skirmish, battleground, diskwars, dulce_bellum
from .game import GameRules

RULES: dict[str, GameRules] = {
    r.slug: r
    for r in (
        aof_regiments.RULES,
        aof_skirmish.RULES,
        battleground.RULES,
        diskwars.RULES,
        dulce_bellum.RULES,
    )
}


def rules_for(game: str) -> GameRules:
    try:
        return RULES[game]
    except KeyError:
        raise ValueError(f"no rules for game {game!r}") from None
