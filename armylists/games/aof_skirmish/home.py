"""Age of Fantasy: Skirmish above the engine (its rules: `rules`)."""
from __future__ import annotations

from typing import Literal

from armylists.games.opr.home import OprEntryIn, OprGame, OprListIn
from armylists.games.schema import Entries

from .rules import RULES


class AofSkirmishListIn(OprListIn):
    entries: Entries[OprEntryIn]
    # AoF Skirmish has no tournament guidelines, so no tournament mixed armies.
    mixed_armies: Literal["single", "free"] | None = None


class AofSkirmish(OprGame):
    slug = "aof-skirmish"
    rules = RULES
    list_schema = AofSkirmishListIn
    army_forge_systems = ("age-of-fantasy-skirmish",)


GAME = AofSkirmish()
