"""What the two One Page Rules games share above the engine (AoF Regiments and AoF Skirmish)."""
from __future__ import annotations

from typing import Any, ClassVar, Literal

from armylists.rules.model import Army, Entry
from armylists.rules.report import Report
from armylists.rules.text import plural

from .base import Game, Section
from .cards import CardContext, Stat, faction_detail
from .schema import AtLeastOne, Count, Entries, EntryIn, FactionIn, Id, ListIn, OptionIn, Slug, UnitIn

# --- the list file


class OprEntryIn(EntryIn):
    combined: bool = False
    joined_to: Id | None = None


class OprListIn(ListIn):
    entries: Entries[OprEntryIn]
    force_organisation: bool = True
    # None: the game's `default_mixed_armies` (its rulebook's word), applied by the engine.
    mixed_armies: Literal["single", "free", "tournament"] | None = None


# --- the faction file


class OprOptionIn(OptionIn):
    scope: Literal["all_models", "model", "unit"] = "unit"
    command: Literal["sergeant", "musician", "banner"] | None = None


class OprUnitIn(UnitIn):
    options: list[OprOptionIn] = []
    cost: Count
    models: AtLeastOne
    hero: bool = False
    copies_of: Slug | None = None  # another unit of the faction that this one is a size of


class OprFactionIn(FactionIn):
    units: list[OprUnitIn]


class OprGame(Game):
    list_schema = OprListIn
    faction_schema = OprFactionIn
    list_settings = ("points_limit", "force_organisation", "mixed_armies")
    mixes_factions = True
    other_faction_title = "Allies"
    combines_units = True
    picker_filters = (("hero", "Heroes"),)
    library_filters = ("hero",)
    stat_labels: ClassVar = {"quality": "Quality", "defense": "Defense", "defence": "Defense",
                             "equipment": "Equipment"}

    def unit_fields(self, unit: Any) -> dict[str, Any]:
        return {"cost": unit.cost, "models": unit.model_count, "hero": unit.hero, "copies_of": unit.copies_of}

    def option_fields(self, option: Any) -> dict[str, Any]:
        return {"scope": option.scope if option.scope != "unit" else None, "command": option.command}

    def roster_sections(self, army: Army, report: Report) -> list[Section]:
        """A hero that joined a unit prints inside its host's card, so they stay on one page."""
        hosts: dict[str, list[Entry]] = {}
        for e in army.entries:
            host = army.entry(e.joined_to)
            if host is not None and host is not e and host.joined_to is None:
                hosts.setdefault(host.id, []).append(e)
        nested = {h.id for heroes in hosts.values() for h in heroes}
        return [Section(None, [e for e in army.entries if e.id not in nested], joined=hosts)]

    def card_facts(self, entry: Entry, doc: dict[str, Any], ctx: CardContext) -> dict[str, Any]:
        models = entry.unit.models
        size = plural(models, "model")
        if entry.combined:
            size = f"{models * 2} models (2 × {models})"
        tags = ["Hero"] * entry.unit.hero + ["Combined unit"] * entry.combined
        details = faction_detail(entry, ctx)
        if entry.joined_to:
            host = ctx.labels.get(entry.joined_to, f"{entry.joined_to} (no such entry)")
            details.append(Stat("Joined to", host))
        return {"size": size, "stats": self.stats(doc), "tags": tags, "details": details,
                "points_unit": self.points_noun}

    def roster_extras(self, army: Army) -> list[Stat]:
        extras = [Stat("Force organisation", "applied" if army.force_organisation else "not applied")]
        if army.mixed_armies == "tournament":
            extras.append(Stat("Mixed armies", "tournament rules"))
        return extras
