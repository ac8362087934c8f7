"""Age of Fantasy: Skirmish above the engine (its rules: armylists.rules.aof_skirmish)."""
from __future__ import annotations

from .opr import OprGame


class AofSkirmish(OprGame):
    slug = "aof-skirmish"
