"""Battleground Fantasy Warfare above the engine (its rules: `rules`)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, ClassVar, Literal

from pydantic import ConfigDict, Field

from armylists.games.base import Game
from armylists.games.builder import Builder, FactionChoice
from armylists.games.card_parts import CardContext, faction_detail
from armylists.games.library import LibraryQuestions
from armylists.games.list_settings import NUMBER, POINTS_LIMIT, ListSetting
from armylists.games.own_fields import NOT_A_TAG
from armylists.games.printing import Printing
from armylists.games.schema import Count, FactionIn, ListIn, Name, UnitIn, Units
from armylists.rules.model import Army, Entry

from .rules import RULES
from .rules.checks import unit_class


class BattlegroundListIn(ListIn):
    command_cards: Annotated[int, Field(ge=0, le=1000)] = 0  # bought, not chosen


class BattlegroundUnitIn(UnitIn):
    cost: Annotated[Count, NOT_A_TAG]  # shown as its price
    class_: Literal["core", "standard", "elite"] = Field(alias="class")
    mercenary: bool = False
    keywords: list[Name] = []

    model_config = ConfigDict(populate_by_name=True)


class BattlegroundFactionIn(FactionIn):
    units: Units[BattlegroundUnitIn]


COMMAND_CARDS = ListSetting(
    "command_cards", "Command cards bought", NUMBER, army_field="cards_bought", event_may_set=False,
    low=0, high=1000, default=lambda p: 0, help=lambda p: f"{p.command_card_cost} points each.",
    said="command cards")


class BattlegroundPrinting(Printing):
    """Its cards print a unit's keywords and class, and a mercenary as one; the text export the cards bought."""

    stat_labels: ClassVar = {"attack": "Attack", "defence": "Defence", "defense": "Defence", "range": "Range",
                             "ranged": "Ranged", "move": "Move", "courage": "Courage", "damage": "Damage",
                             "ammo": "Ammo"}

    def list_text_lines(self, army: Army) -> list[str]:
        return [f"Command cards bought: {army.cards_bought}"] if army.cards_bought else []

    def rules_named(self, entry: Entry) -> tuple[str, ...]:
        return (*entry.unit.keywords, *entry.rules)

    def card_facts(self, entry: Entry, doc: dict[str, Any], ctx: CardContext) -> dict[str, Any]:
        tags = [kind.capitalize()] if (kind := unit_class(entry.unit)) else []  # none yet: added in the admin
        if entry.faction != ctx.primary:
            tags.append("Mercenary")
        return {"size": "", "stats": self.stats(doc), "tags": tags, "details": faction_detail(entry, ctx),
                "keywords": entry.unit.keywords, "points_unit": self.game.points_noun}


class BattlegroundBuilder(Builder):
    """Its picker offers one other faction's mercenary units besides the list's own faction's units."""

    other_faction_title = "Mercenaries"

    def picker_factions(self, primary: str, factions: Sequence[tuple[str, str, str | None]],
                        settings: Mapping[str, Any], params: Any, used: set[str]) -> list[FactionChoice]:
        """Mercenaries from one other faction (Battleground, Setting Up a Game: Choose Faction): once
        the list has some, only their faction is offered besides its own."""
        hired = used - {primary}
        return [FactionChoice(slug, name, "" if slug == primary else "mercenaries") for slug, name, _ in factions
                if slug == primary or not hired or slug in hired]

    def offers_unit(self, doc: dict[str, Any], faction: str, primary: str) -> bool:
        """Another faction's units are offered only if they are mercenary units (Battleground,
        Mercenaries: "Units with these keywords can be purchased")."""
        return faction == primary or bool(doc.get("mercenary"))


class BattlegroundLibrary(LibraryQuestions):
    """Its units are priced by their card's cost and tagged by their class and as mercenaries; their keywords are
    rules too."""

    def listed_cost(self, details: Mapping[str, Any]) -> int | None:
        return details.get("cost")

    def unit_card_tags(self, doc: Mapping[str, Any]) -> list[str]:
        return ([str(doc["class"])] if doc.get("class") else []) + ["mercenary"] * bool(doc.get("mercenary"))

    def unit_rules_named(self, doc: Mapping[str, Any]) -> list[str]:
        """Its keywords, then its rules."""
        return [*doc.get("keywords", ()), *doc.get("rules", ())]


class Battleground(Game):
    slug = "battleground"
    rules = RULES
    list_schema = BattlegroundListIn
    faction_schema = BattlegroundFactionIn
    list_settings = (POINTS_LIMIT, COMMAND_CARDS)
    unit_filters = ("class", "mercenary")
    printing_class = BattlegroundPrinting
    builder_class = BattlegroundBuilder
    library_class = BattlegroundLibrary

GAME = Battleground()
