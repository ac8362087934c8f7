"""Game slug -> that game's home: the one place above the engine that names the five games."""
from __future__ import annotations

from .aof_regiments import AofRegiments
from .aof_skirmish import AofSkirmish
from .base import Game
from .battleground import Battleground
from .diskwars import Diskwars
from .dulce_bellum import DulceBellum

HOMES: dict[str, Game] = {
    home.slug: home
    for home in (AofRegiments(), AofSkirmish(), Battleground(), Diskwars(), DulceBellum())
}
GAMES: tuple[str, ...] = tuple(HOMES)


def game_home(slug: str) -> Game:
    try:
        return HOMES[slug]
    except KeyError:
        raise ValueError(f"no game {slug!r}") from None


def homes() -> tuple[Game, ...]:
    return tuple(HOMES.values())
