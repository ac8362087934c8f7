"""Battleground Fantasy Warfare above the engine (its rules: armylists.rules.battleground)."""
from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import ConfigDict, Field

from armylists.rules.model import Entry

from .base import Game
from .cards import CardContext, faction_detail
from .schema import Count, FactionIn, ListIn, Name, UnitIn


class BattlegroundListIn(ListIn):
    command_cards: Annotated[int, Field(ge=0, le=1000)] = 0  # bought, not chosen


class BattlegroundUnitIn(UnitIn):
    cost: Count
    class_: Literal["core", "standard", "elite"] = Field(alias="class")
    mercenary: bool = False
    keywords: list[Name] = []

    model_config = ConfigDict(populate_by_name=True)


class BattlegroundFactionIn(FactionIn):
    units: list[BattlegroundUnitIn]


class Battleground(Game):
    slug = "battleground"
    list_schema = BattlegroundListIn
    faction_schema = BattlegroundFactionIn
    list_settings = ("points_limit", "command_cards")
    mixes_factions = True
    other_faction_title = "Mercenaries"
    picker_filters = (("class", "Class"),)
    library_filters = ("unit_class", "mercenary")
    stat_labels: ClassVar = {"attack": "Attack", "defence": "Defence", "defense": "Defence", "move": "Move",
                             "courage": "Courage", "range": "Range", "ranged": "Ranged", "damage": "Damage",
                             "ammo": "Ammo"}

    def unit_fields(self, unit: Any) -> dict[str, Any]:
        return {"cost": unit.cost, "class": unit.unit_class, "mercenary": unit.mercenary, "keywords": unit.keywords}

    def card_facts(self, entry: Entry, doc: dict[str, Any], ctx: CardContext) -> dict[str, Any]:
        tags = [entry.unit.unit_class.capitalize()] if entry.unit.unit_class else []
        if entry.faction != ctx.primary:
            tags.append("Mercenary")
        return {"size": "", "stats": self.stats(doc), "tags": tags, "details": faction_detail(entry, ctx),
                "keywords": entry.unit.keywords, "points_unit": self.points_noun}
