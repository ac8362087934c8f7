"""Dulce Bellum above the engine (its rules: `rules`).

Units are taken at a size, each with its own points and morale; options are
taken at most once per unit; casters carry spells.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from armylists.boundary.errors import BadInput
from armylists.games.base import Game, GameLibrary
from armylists.games.builder import Builder
from armylists.games.card_parts import CardContext, Stat, faction_detail
from armylists.games.files import FROZEN_FACTION, Files
from armylists.games.library import LibraryQuestions
from armylists.games.own_fields import GRIMOIRE, NOT_A_TAG, SIZE, SPELLS, details_of, worded
from armylists.games.parts import Magic
from armylists.games.printing import Printing
from armylists.games.schema import (
    MAX_OPTIONS,
    SLUG_PATTERN,
    SMALL_MAX,
    AtLeastOne,
    Cost,
    Count,
    Entries,
    EntryIn,
    FactionIn,
    ListIn,
    LongText,
    Name,
    Slug,
    Strict,
    UnitIn,
    Units,
    unique,
)
from armylists.rules.model import Entry, Unit
from armylists.rules.text import plural

from .rules import RULES, spells
from .rules.model import Grimoire, Spell, size_profile, size_profiles

# The sizes a unit may be taken at, each with its own points and morale (docs/faction-file.md, "Dulce Bellum"),
# each with the label the game library shows it by.
SIZES = {"single": "Single", "squad": "Squad", "platoon": "Platoon", "company": "Company", "horde": "Horde"}
Size = worded(SIZES)

# --- the list file


class DulceBellumEntryIn(EntryIn):
    # The published JSON Schema says what the validator below does.
    model_config = ConfigDict(json_schema_extra={
        "if": {"required": ["spells"], "properties": {"spells": {"minItems": 1}}},
        "then": {"required": ["grimoire"]}})

    size: Annotated[Size, SIZE]
    grimoire: Annotated[Slug | None, GRIMOIRE] = None
    spells: Annotated[list[Slug], Field(max_length=MAX_OPTIONS), SPELLS] = []

    @model_validator(mode="after")
    def _spells_come_from_a_grimoire(self):
        if self.spells and self.grimoire is None:
            # `field`: the error is about this field of the entry (see boundary.bad_input).
            raise PydanticCustomError("required_with", "is required when spells are listed", {"field": "grimoire"})
        return self


class DulceBellumListIn(ListIn):
    entries: Entries[DulceBellumEntryIn]


# --- the faction file


class SizeIn(Strict):
    size: Size
    points: Cost
    morale: Count | None = None


class SpellIn(Strict):
    slug: Slug
    name: Name
    basic: bool = False
    difficulty: Name | None = None
    text: LongText | None = None


class GrimoireIn(Strict):
    """A grimoire of the game (Dulce Bellum, Magic: Magic Grimoires), at a faction file's top level."""

    slug: Slug
    name: Name
    spells: list[SpellIn]


def _spellcaster(value: Any) -> Any:
    """Spellcaster(n) is a whole number; Spellcaster(<spell>) names its one spell by slug."""
    if value is None or (isinstance(value, str) and re.fullmatch(SLUG_PATTERN, value)):
        return value
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= SMALL_MAX:
        raise ValueError(f"must be a whole number from 0 to {SMALL_MAX:,} (Spellcaster(n)) or a spell's slug")
    return value


class DulceBellumUnitIn(UnitIn):
    rarity: Literal["common", "irregular", "uncommon", "rare"]
    limit: AtLeastOne | None = None
    sizes: Annotated[list[SizeIn], Field(min_length=1)]
    type: Name | None = None
    # Spellcaster(n) or Spellcaster(<spell>): its card names the spell (`unit_tags`).
    spellcaster: Annotated[int | str | None, BeforeValidator(_spellcaster), NOT_A_TAG] = None


class DulceBellumFactionIn(FactionIn):
    units: Units[DulceBellumUnitIn]
    grimoires: list[Slug] = []  # the grimoires the faction's spellcasters may draw on


class DulceBellumMagic(Magic):
    """Spellcaster(n) chooses n spells of a grimoire its faction may use; a Master of Magic knows all of it
    (Dulce Bellum, Magic)."""

    def spells_chosen(self, unit: Unit) -> int:
        return spells.choices(unit)

    def knows_whole_grimoire(self, unit: Unit) -> bool:
        return spells.master_of_magic(unit)

    def grimoire(self, doc: Mapping[str, Any]) -> Grimoire:
        return Grimoire(slug=doc["slug"], name=doc["name"], spells=tuple(
            Spell(slug=s["slug"], name=s["name"], basic=s.get("basic", False), difficulty=s.get("difficulty"))
            for s in doc.get("spells", ())))


class DulceBellumPrinting(Printing):
    """Its cards print an entry's size with its morale and points, and a caster's grimoire and spells."""

    stat_labels: ClassVar = {"mv": "Mv", "movement": "Mv", "me": "Me", "melee": "Me", "mi": "Mi", "missile": "Mi",
                             "de": "De", "defense": "De", "defence": "De", "us": "US", "unit_strength": "US"}

    def card_facts(self, entry: Entry, doc: dict[str, Any], ctx: CardContext) -> dict[str, Any]:
        unit = entry.unit
        profile = size_profile(unit, entry.size)
        stats = self.stats(doc)
        stats.append(Stat("Size", SIZES.get(entry.size or "", entry.size or "")))  # in its declared words
        if profile is not None:
            if profile.morale is not None:
                stats.append(Stat("Morale", str(profile.morale)))
            stats.append(Stat("Points", str(profile.points)))
        tags = [t for t in ((unit.rarity or "").capitalize(), doc.get("type") or "") if t]
        details = faction_detail(entry, ctx)
        if unit.limit is not None:
            details.append(Stat("Limit", f"{unit.limit} per army"))
        details += self.magic_lines(entry, ctx)
        # The size is printed in the stat row, with its morale and points.
        return {"size": "", "stats": stats, "tags": tags, "details": details, "points_unit": self.game.points_noun}

    def magic_lines(self, entry: Entry, ctx: CardContext) -> list[Stat]:
        """A caster's grimoire and the spells it knows, each with its difficulty (Magic: Casting Spells):
        the chosen ones, a Master of Magic's whole grimoire, or a Spellcaster(<spell>)'s one spell."""
        unit, grimoire = entry.unit, ctx.grimoire(entry.grimoire)
        fixed = ctx.spells.get(unit.spellcaster) if isinstance(unit.spellcaster, str) else None
        details = []
        if isinstance(unit.spellcaster, int) and not isinstance(unit.spellcaster, bool):
            details.append(Stat("Spellcaster", str(unit.spellcaster)))
        if grimoire is not None:
            details.append(Stat("Grimoire", grimoire.name))
        known = [fixed] if fixed else []
        if spells.master_of_magic(unit) and grimoire is not None:
            known += grimoire.spells
        known += [ctx.spells[s] for s in entry.spells if s in ctx.spells and ctx.spells[s] not in known]
        if known:
            details.append(Stat("Spells", ", ".join(_with_difficulty(s) for s in known), wide=True))
        return details


class DulceBellumBuilder(Builder):
    """Its picker prices a unit at each of its sizes; an entry's tags say the unlocks it grants or needs."""

    def unit_price(self, doc: dict[str, Any]) -> str:
        if not doc.get("sizes"):
            return super().unit_price(doc)
        return " / ".join(str(s["points"]) for s in doc["sizes"]) + " pts"

    def entry_tags(self, unit: Unit, entry: Entry | None, params: Mapping[str, Any]) -> list[str]:
        """Besides the usual tags, the unlock points an entry grants or needs, at its size."""
        tags = super().entry_tags(unit, entry, params)
        if entry is None:
            return tags
        needs = (params.get("unlocks_required") or {}).get(unit.rarity or "", 0)
        grants = 0
        if unit.rarity in (params.get("granting_rarities") or []):
            grants = (params.get("unlocks_granted") or {}).get(entry.size or "", 0)
        return (tags + ([f"grants {plural(grants, 'unlock')}"] if grants else [])
                + ([f"needs {needs} unlocks"] if needs else []))


class DulceBellumLibrary(LibraryQuestions):
    """A unit is taken at one of its sizes, each with its points and morale; a caster may always know one spell."""

    def unit_tags(self, details: Mapping[str, Any], spell_names: Mapping[str, str]) -> list[str]:
        """Besides the usual tags, Spellcaster(n) or Spellcaster(<its one spell, by name>)."""
        caster = details.get("spellcaster")
        named = spell_names.get(caster) if isinstance(caster, str) else caster
        return super().unit_tags(details, spell_names) + ([f"Spellcaster ({named})"] if named is not None else [])

    def spells_named(self, details: Mapping[str, Any]) -> dict[str, str]:
        """Spellcaster(<spell>): the one spell it knows."""
        caster = details.get("spellcaster")
        return {"spellcaster": caster} if isinstance(caster, str) else {}

    def sizes_of(self, details: Mapping[str, Any]) -> list[tuple[str, str]]:
        """Each with its points, as the builder offers it: "Squad (115 pts)"."""
        return [(s.size, f"{SIZES.get(s.size, s.size)} ({s.points} pts)") for s in size_profiles(details)]

    def size_rows(self, details: Mapping[str, Any]) -> list[dict[str, Any]]:
        return [{"label": SIZES.get(s.size, s.size), "morale": s.morale, "points": s.points}
                for s in size_profiles(details)]

    def unit_card_tags(self, doc: Mapping[str, Any]) -> list[str]:
        tags = [str(doc[name]) for name in ("rarity", "type") if doc.get(name)]
        return tags + ([f"limit {doc['limit']}"] if doc.get("limit") else [])


class DulceBellumFiles(Files):
    """An entry names its size, its grimoire and its spells, each found in the library; a faction names the grimoires
    its casters draw on."""

    def check_entry(self, library: GameLibrary, path: str, unit: Unit, details: Mapping[str, Any]) -> None:
        """A size its unit is taken at, and a grimoire and spells of the game: whether the caster may use
        them is a rule, for the engine to report."""
        size, grimoire = details["size"], details["grimoire"]
        if size is not None and size_profile(unit, size) is None:
            offered = ", ".join(s.size for s in size_profiles(unit.details)) or "none"
            raise BadInput(f"{path}.size", f"unit '{unit.slug}' has no size '{size}' (it offers {offered})")
        if grimoire is not None and library.grimoire(grimoire) is None:
            raise BadInput(f"{path}.grimoire", f"no grimoire '{grimoire}' in {library.game}")
        for i, slug in enumerate(details["spells"]):
            if slug not in library.spells:
                raise BadInput(f"{path}.spells[{i}]", f"no spell '{slug}' in {library.game}")

    def resolve_army(self, library: GameLibrary, document: ListIn) -> dict[str, Any]:
        return {"grimoires": library.grimoires}

    def check_unit(self, unit: Any, path: str, units: Mapping[str, Any]) -> None:
        """A unit is taken at each of its sizes once (docs/faction-file.md, "Dulce Bellum")."""
        seen = set()
        for i, size in enumerate(unit.sizes):
            if size.size in seen:
                raise BadInput(f"{path}.sizes[{i}].size", f"'{size.size}' is used twice in this unit")
            seen.add(size.size)

    def check_file(self, factions: Sequence[Any], tops: Mapping[str, Any]) -> None:
        """Grimoire slugs once in the file, spell slugs once across its grimoires (a list names a spell by slug
        alone), a faction's grimoires once (docs/faction-file.md, "Dulce Bellum grimoires and spells")."""
        grimoires = tops.get("grimoires", [])
        unique(grimoires, "slug", "grimoires", "this file")
        _spells_once(grimoires, {})
        for fi, faction in enumerate(factions):
            unique(faction.grimoires, None, f"factions[{fi}].grimoires", "this faction")

    def check_against_library(self, factions: Sequence[Any], tops: Mapping[str, Any], loaded: Mapping[str, Any],
                              others: Mapping[str, Mapping[str, Any]]) -> None:
        """The file's spells clash with none of the grimoires kept (those it does not replace); a grimoire or a
        spell it names but does not hold is one of them."""
        grimoires = tops.get("grimoires", [])
        replaced = {g.slug for g in grimoires}
        kept = [g for g in self.game.magic.grimoire_docs(loaded) if g["slug"] not in replaced]
        kept_spells = {s["slug"]: g["slug"] for g in kept for s in g["spells"]}
        _spells_once(grimoires, dict(kept_spells))
        known = {"grimoire": replaced | {g["slug"] for g in kept},
                 "spell": {s.slug for g in grimoires for s in g.spells} | set(kept_spells)}
        for path, kind, slug in self._magic_named(factions):
            if slug not in known[kind]:
                raise BadInput(path, f"no {kind} '{slug}' in this file or in {self.game.system['name']}")

    def _magic_named(self, factions: Sequence[Any]) -> Iterator[tuple[str, str, str]]:
        """(path, "grimoire" or "spell", slug) of every grimoire a faction draws on and spell a unit knows."""
        for fi, faction in enumerate(factions):
            for gi, slug in enumerate(faction.grimoires):
                yield f"factions[{fi}].grimoires[{gi}]", "grimoire", slug
            for ui, unit in enumerate(faction.units):
                for name, spell in self.game.library.spells_named(details_of(unit)).items():
                    yield f"factions[{fi}].units[{ui}].{name}", "spell", spell

    def frozen_details(self, details: Mapping[str, Any], drawn_on: bool) -> dict[str, Any]:
        """Every faction's grimoires, which the spell rules and their messages read whatever the list uses."""
        grimoires = self.game.magic.grimoires_of(details)
        return FROZEN_FACTION | ({"grimoires": list(grimoires)} if grimoires else {})


class DulceBellum(Game):
    slug = "dulce-bellum"
    rules = RULES
    list_schema = DulceBellumListIn
    faction_schema = DulceBellumFactionIn
    faction_file_fields: ClassVar = {"grimoires": list[GrimoireIn]}
    # Dulce Bellum: each option at most once per unit.
    options_once = True
    magic = DulceBellumMagic()
    army_from_library: ClassVar = {"grimoires": ()}  # every grimoire of the game, which the spell rules read
    unit_filters = ("rarity", "type")
    printing_class = DulceBellumPrinting
    builder_class = DulceBellumBuilder
    library_class = DulceBellumLibrary
    files_class = DulceBellumFiles

def _spells_once(grimoires: list[GrimoireIn], grimoire_of: dict[str, str]) -> None:
    """A spell's slug is one spell's across the game's grimoires. `grimoire_of`: the grimoire of each spell met
    already."""
    for gi, grimoire in enumerate(grimoires):
        for si, spell in enumerate(grimoire.spells):
            if grimoire_of.setdefault(spell.slug, grimoire.slug) != grimoire.slug:
                raise BadInput(f"grimoires[{gi}].spells[{si}].slug",
                               f"'{spell.slug}' is already a spell of grimoire '{grimoire_of[spell.slug]}'")


def _with_difficulty(spell: Spell) -> str:
    return f"{spell.name} ({spell.difficulty})" if spell.difficulty else spell.name


GAME = DulceBellum()
