"""Age of Fantasy: Regiments above the engine (its rules: `rules`)."""
from __future__ import annotations

from armylists.games.opr.home import OprGame

from .rules import RULES


class AofRegiments(OprGame):
    slug = "aof-regiments"
    rules = RULES
    # AoF Regiments, Force Organisation: heroes may join one multi-model unit.
    heroes_join_units = True
    # Army Forge serves one book to several game systems, pricing it for the one asked for: AoF
    # Regiments reads the Age of Fantasy books, priced for Regiments or for Age of Fantasy itself.
    army_forge_systems = ("age-of-fantasy-regiments", "age-of-fantasy")


GAME = AofRegiments()
