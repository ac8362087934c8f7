"""Age of Fantasy: Skirmish above the engine (its rules: armylists.rules.aof_skirmish)."""
from __future__ import annotations

from typing import Literal

from .opr import OprEntryIn, OprGame, OprListIn
from .schema import Entries


class AofSkirmishListIn(OprListIn):
    entries: Entries[OprEntryIn]
    # AoF Skirmish has no tournament guidelines, so no tournament mixed armies.
    mixed_armies: Literal["single", "free"] | None = None


class AofSkirmish(OprGame):
    slug = "aof-skirmish"
    list_schema = AofSkirmishListIn
