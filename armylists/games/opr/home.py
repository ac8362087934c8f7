"""What the two One Page Rules games share above the engine (AoF Regiments and AoF Skirmish)."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import Annotated, Any, ClassVar, Literal

from armylists.boundary.errors import BadInput
from armylists.games.base import Game
from armylists.games.book_reading import Reading
from armylists.games.builder import Builder, FactionChoice
from armylists.games.card_parts import CardContext, Stat, Tracker, faction_detail
from armylists.games.files import FROZEN_FACTION, Files
from armylists.games.library import LibraryQuestions
from armylists.games.list_settings import CHOICE, POINTS_LIMIT, YES_NO, ListSetting
from armylists.games.opr.armyforge.common import read_common_rules
from armylists.games.opr.armyforge.listfile import ListGame, books_from, game_of, is_army_forge_list, muster_list
from armylists.games.opr.armyforge.reader import read_book
from armylists.games.opr.options import COMMANDS, SCOPES
from armylists.games.opr.rules.numbers import mixing_ways
from armylists.games.opr.rules.units import join_problems, tough
from armylists.games.opr.rules.weapons import carried, weapons_from
from armylists.games.opr.weapons import (
    WeaponsFactionFields,
    WeaponsOptionFields,
    WeaponsUnitFields,
    casters_spells,
    spells_stat,
    weapon_text,
    weapons_stat,
)
from armylists.games.own_fields import COMBINED, JOINED, NOT_A_TAG
from armylists.games.parts import ArmyForge
from armylists.games.printing import Printing
from armylists.games.schema import (
    AtLeastOne,
    Count,
    Entries,
    EntryIn,
    FactionIn,
    Id,
    ListIn,
    OptionIn,
    Slug,
    UnitIn,
    UnitOptions,
    Units,
)
from armylists.games.sections import Section
from armylists.rules.model import Army, Entry
from armylists.rules.report import Report
from armylists.rules.text import plural

# --- the list file


class OprEntryIn(EntryIn):
    combined: Annotated[bool, COMBINED] = False
    joined_to: Annotated[Id | None, JOINED] = None


class OprListIn(ListIn):
    entries: Entries[OprEntryIn]
    force_organisation: bool = True
    # None: the game's `default_mixed_armies` (its rulebook's word), applied by the engine.
    mixed_armies: Literal["single", "free", "tournament"] | None = None


# --- the faction file


class OprOptionIn(WeaponsOptionFields, OptionIn):
    # The file's schema has always listed the scopes widest first (docs/schemas/faction-file.schema.json).
    scope: Literal[tuple(reversed(SCOPES))] = "unit"
    command: Literal[tuple(COMMANDS)] | None = None


class OprUnitIn(WeaponsUnitFields, UnitIn):
    options: UnitOptions[OprOptionIn] = []
    cost: Annotated[Count, NOT_A_TAG]  # shown as its price
    models: Annotated[AtLeastOne, NOT_A_TAG]  # shown beside its name
    hero: bool = False
    copies_of: Annotated[Slug | None, NOT_A_TAG] = None  # another unit of the faction that this one is a size of


class OprFactionIn(WeaponsFactionFields, FactionIn):
    units: Units[OprUnitIn]


# What a player sees of a unit besides its name and its cost, compared when a book is read again (and its options).
BOOK_PROFILE = ("models", "hero", "rules", "stats", "weapons", "option_groups")


def _short(reason: str, label: str) -> str:
    """The engine's sentence without the hero's name in front: "cannot join X: ..." -> "X: ..."."""
    for start in (f"{label} cannot join ", f"{label} "):
        if reason.startswith(start):
            return reason[len(start):]
    return reason


FORCE_ORGANISATION = ListSetting(
    "force_organisation", "Force organisation", YES_NO, army_field="force_organisation",
    default=lambda p: True, help=lambda p: f"Heroes, copies, {p.max_unit_percent}% and unit-count limits.")
MIXED_ARMIES = ListSetting(
    "mixed_armies", "Mixed armies", CHOICE, army_field="mixed_armies", default=lambda p: p.default_mixed_armies,
    choices=lambda p: tuple((way, name) for way, (name, _) in mixing_ways(p).items()))


class OprArmyForge(ArmyForge):
    """Army Forge's books and lists of the game's `systems` (docs/faction-file.md, "Army Forge books")."""

    def __init__(self, slug: str, name: str, systems: tuple[str, ...]) -> None:
        self.slug, self.name, self.systems = slug, name, systems

    def read_book(self, data: Any) -> Reading:
        return read_book(data, self.systems)

    def book_of(self, details: Mapping[str, Any]) -> Mapping[str, Any] | None:
        return details.get("army_forge") or None

    def list_game(self, data: Any) -> str | None:
        return game_of(data) if is_army_forge_list(data) else None

    def read_list(self, data: Any, factions: Any,
                  elsewhere: Callable[[str], tuple[str, str] | None] | None = None) -> dict[str, Any]:
        read_for = ListGame(self.slug, self.name, *([elsewhere] if elsewhere else []))
        return muster_list(data, books_from(factions), read_for)

    def list_as_sent(self, document: Mapping[str, Any]) -> Any:
        """The Army Forge list file a list was read from, kept beside it as it was sent (armyforge/listfile.py)."""
        return (document.get("meta") or {}).get("army_forge_list")

    def read_rules(self, data: Any) -> list[dict[str, str]]:
        return read_common_rules(data)


class OprPrinting(Printing):
    """Its cards print an entry's weapons as its options leave them, its joined heroes inside their host's card,
    and boxes to track models and wounds."""

    stat_labels: ClassVar = {"quality": "Quality", "defense": "Defense", "defence": "Defense",
                             "equipment": "Equipment"}

    def roster_sections(self, army: Army, report: Report) -> list[Section]:
        """A hero that joined a unit prints inside its host's card, so they stay on one page."""
        hosts = self.game.builder.joined_heroes(army)
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
        book_spells = ctx.book_spells.get(entry.faction, ())
        details += spells_stat(entry, book_spells)
        return {"size": size, "stats": self.entry_stats(entry, self.stats(doc)), "tags": tags, "details": details,
                "points_unit": self.game.points_noun, "spells": casters_spells(entry, book_spells),
                "trackers": self.trackers(entry)}

    def trackers(self, entry: Entry) -> list[Tracker]:
        """A box per model of a multi-model unit (a combined unit's two halves together), and a box per wound
        of a model with Tough(X), X to a model (AoF Regiments and AoF Skirmish, Special Rules: Tough)."""
        models = entry.unit.models * (2 if entry.combined else 1)
        found = [Tracker("Models", models)] if models > 1 else []
        if (wounds := tough(entry.unit)) is not None:
            found.append(Tracker("Wounds", models, wounds))
        return found

    def rules_named(self, entry: Entry) -> tuple[str, ...]:
        """Its rules, and those its weapons name (AP, Rending, Blast...) as it carries them after its options."""
        return (*entry.rules, *(r for w in carried(entry) for r in w.rules))

    def stats(self, doc: dict[str, Any]) -> list[Stat]:
        """The printed profile, then the unit's weapons (format 1.2) as the army book prints them."""
        return super().stats(doc) + weapons_stat(weapons_from(doc))

    def entry_stats(self, entry: Entry, stats: list[Stat]) -> list[Stat]:
        """An entry carries its weapons after its options: a unit given Spears shows no Hand Weapons."""
        return [s for s in stats if s.label != "Weapons"] + weapons_stat(carried(entry))

    def roster_extras(self, army: Army) -> list[Stat]:
        extras = [Stat("Force organisation", "applied" if army.force_organisation else "not applied")]
        if army.mixed_armies == "tournament":
            extras.append(Stat("Mixed armies", "tournament rules"))
        return extras


class OprBuilder(Builder):
    """Its picker offers allies as the list's mixed-armies setting lets it; a hero that joined a unit shows inside
    its host's card."""

    other_faction_title = "Allies"

    def picker_factions(self, primary: str, factions: Sequence[tuple[str, str, str | None]],
                        settings: Mapping[str, Any], params: Any, used: set[str]) -> list[FactionChoice]:
        """Allies by faction where the list mixes them: none with `single` (AoF Skirmish: Preparing your
        Army), any with `free`, and with `tournament` no faction past the guidelines' limit (AoF
        Regiments, Tournament Guidelines: The Armies)."""
        mode = settings.get("mixed_armies") or getattr(params, "default_mixed_armies", "free")
        own = [FactionChoice(slug, name) for slug, name, _ in factions if slug == primary]
        if mode == "single":
            return own
        allies = [FactionChoice(slug, name, "ally") for slug, name, _ in factions if slug != primary]
        taken = used - {primary}
        if mode == "tournament" and len(taken) + 1 >= getattr(params, "mixed_max_factions", 2):
            allies = [a for a in allies if a.slug in taken]
        return own + allies

    def joined_heroes(self, army: Army) -> dict[str, list[Entry]]:
        """A hero that joined a unit is shown inside its host's card (and printed there, so they stay
        on one page); a host that itself joined another entry takes none."""
        hosts: dict[str, list[Entry]] = {}
        for e in army.entries:
            host = army.entry(e.joined_to)
            if host is not None and host is not e and host.joined_to is None:
                hosts.setdefault(host.id, []).append(e)
        return hosts

    def join_targets(self, army: Army, params: Any, hero: Entry) -> list[tuple[Entry, str]]:
        """Every other entry, with the engine's reason it may not take `hero` (AoF Regiments, Special
        Rules Reference: Hero), judged as if the hero joined it now and other heroes kept theirs."""
        if not self.game.heroes_join_units or not hero.unit.hero:
            return []
        claimed = {e.joined_to: e for e in army.entries if e.joined_to and e is not hero}
        found = []
        for target in army.entries:
            if target is hero:
                continue
            joining = hero.with_details(joined_to=target.id)
            reasons = [r for r, _, _ in join_problems(army, params, joining, dict(claimed))]
            found.append((target, _short(reasons[0], joining.label) if reasons else ""))
        return found

    def sections(self, army: Army, report: Report, faction_names: Mapping[str, str]) -> list[Section]:
        """Joined heroes go inside their host's card, in whichever section the host is."""
        joined = self.joined_heroes(army)
        nested = {h.id for heroes in joined.values() for h in heroes}
        laid_out = super().sections(army, report, faction_names)
        for section in laid_out:
            section.entries = [e for e in section.entries if e.id not in nested]
            section.joined = {e.id: joined[e.id] for e in section.entries if e.id in joined}
        return laid_out


class OprLibrary(LibraryQuestions):
    """A unit's models, cost and weapons are fields of its card; an option may grant rules, cost per model or be a
    command group upgrade; a faction's army book has spells."""

    def is_hero(self, details: Mapping[str, Any]) -> bool:
        return bool(details.get("hero"))

    def models_of(self, details: Mapping[str, Any]) -> int | None:
        return details.get("models")

    def listed_cost(self, details: Mapping[str, Any]) -> int | None:
        return details.get("cost")

    def weapons_line(self, details: Mapping[str, Any]) -> str:
        """As army books print them, one after another: "10x Hand Weapon (A1); Spear (A1, Counter)"."""
        return "; ".join(weapon_text(w) for w in weapons_from(details))

    def unit_card_tags(self, doc: Mapping[str, Any]) -> list[str]:
        tags = ["Hero"] if doc.get("hero") else []
        if doc.get("models", 1) > 1:
            tags.append(f"{doc['models']} models")
        return tags

    def option_grants(self, details: Mapping[str, Any]) -> tuple[str, ...]:
        """The rules its file says it grants (docs/faction-file.md, "Options have two more fields")."""
        return tuple(details.get("rules", ()))

    def option_cost_note(self, details: Mapping[str, Any]) -> str:
        """An option bought for every model costs its points per model (docs/faction-file.md, "Options have
        two more fields")."""
        return "all models" if details.get("scope") == "all_models" else ""

    def option_card_notes(self, details: Mapping[str, Any]) -> list[str]:
        """Its cost note, then each weapon it replaces ("replaces Hand Weapons")."""
        return super().option_card_notes(details) + [f"replaces {r['weapon']}" for r in details.get("replaces", ())]

    def option_taken_once(self, details: Mapping[str, Any]) -> bool:
        """A command group upgrade is taken once (AoF Regiments, Command Groups)."""
        return super().option_taken_once(details) or details.get("command") is not None

    def book_spells(self, details: Mapping[str, Any]) -> list[dict[str, Any]]:
        return list(details.get("spells", ()))


class OprFiles(Files):
    """An entry may be combined or join a unit; a unit may be another size of one; a frozen faction keeps its book's
    spells and version."""

    def entry_title(self, entry: Entry) -> str:
        return f"{entry.unit.name} (combined)" if entry.combined else entry.unit.name

    def book_profile(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        return {name: doc.get(name) for name in BOOK_PROFILE} | {"options": self.options_as_exported(doc)}

    def check_unit(self, unit: Any, path: str, units: Mapping[str, Any]) -> None:
        """A unit that is another size of a unit (`copies_of`) names another unit of its faction, itself no copy."""
        copies_of = unit.copies_of
        if copies_of is None:
            return
        target = units.get(copies_of)
        if copies_of == unit.slug:
            raise BadInput(f"{path}.copies_of", "must name another unit, not this one")
        if target is None:
            raise BadInput(f"{path}.copies_of", f"no unit '{copies_of}' in this faction")
        if target.copies_of is not None:
            raise BadInput(f"{path}.copies_of", f"'{copies_of}' is itself a copy of '{target.copies_of}': "
                                                "name that unit")

    def frozen_details(self, details: Mapping[str, Any], drawn_on: bool) -> dict[str, Any]:
        """The book's spells of the factions the list takes units of (for its casters' cards), and its Army Forge
        version, which the roster names as the list's own does; never which book it was (its uid)."""
        spells = self.game.library.book_spells(details) if drawn_on else []
        version = (self.game.army_forge_reader.book_of(details) or {}).get("version") if drawn_on else None
        return FROZEN_FACTION | ({"spells": spells} if spells else {}) | (
            {"army_forge": {"version": version}} if version else {})


class OprGame(Game):
    list_schema = OprListIn
    faction_schema = OprFactionIn
    list_settings = (POINTS_LIMIT, FORCE_ORGANISATION, MIXED_ARMIES)
    combines_units = True
    unit_filters = ("hero",)

    # Army Forge's game systems whose army books the game reads (docs/faction-file.md, "Army Forge books").
    army_forge_systems: ClassVar[tuple[str, ...]] = ()
    printing_class = OprPrinting
    builder_class = OprBuilder
    library_class = OprLibrary
    files_class = OprFiles

    @cached_property
    def army_forge_reader(self) -> OprArmyForge:  # type: ignore[override]
        return OprArmyForge(self.slug, self.system["name"], self.army_forge_systems)
