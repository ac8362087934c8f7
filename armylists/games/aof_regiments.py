"""Age of Fantasy: Regiments above the engine (its rules: armylists.rules.aof_regiments)."""
from __future__ import annotations

from .opr import OprGame


class AofRegiments(OprGame):
    slug = "aof-regiments"
    # AoF Regiments, Force Organisation: heroes may join one multi-model unit.
    heroes_join_units = True
