"""Age of Fantasy: Regiments above the engine (its rules: `rules`)."""
from __future__ import annotations

from armylists.games.opr.home import OprGame

from .rules import RULES


class AofRegiments(OprGame):
    slug = "aof-regiments"
    rules = RULES
    # AoF Regiments, Force Organisation: heroes may join one multi-model unit.
    heroes_join_units = True


GAME = AofRegiments()
