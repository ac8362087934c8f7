"""Format 1.2 of the faction file for the One Page Rules games: weapons, what options replace, spells
and Army Forge's ids (docs/faction-file.md, "Weapons and what options replace"). Every field is
optional, so a 1.1 file reads the same.
"""
from __future__ import annotations

import re
from typing import Annotated

from pydantic import Field

from armylists.boundary.text import line
from armylists.games.card_parts import Stat
from armylists.games.own_fields import NOT_A_TAG
from armylists.games.schema import AtLeastOne, Count, LongText, Name, Slug, SmallCount, Strict
from armylists.rules.model import Entry

from .rules.weapons import Weapon

AfId = line(64, min_length=1)
FEW = 50


class WeaponIn(Strict):
    name: Name
    count: AtLeastOne = 1  # how many the unit carries, all its models together
    range: Count | None = None  # inches; none for a melee weapon
    attacks: Count | None = None
    rules: Annotated[list[Name], Field(max_length=FEW)] = []


class ReplacesIn(Strict):
    weapon: Name  # as the book names it ("Hand Weapons" replaces every "Hand Weapon")
    count: AtLeastOne | None = None  # how many one option replaces; none: all the unit carries


class SpellIn(Strict):
    slug: Slug
    name: Name
    threshold: SmallCount | None = None  # the caster tokens it costs (AoF, Casting Spells)
    text: LongText | None = None


class ArmyForgeBookIn(Strict):
    book: AfId
    version: Name | None = None
    game_system: Name | None = None


class WeaponsUnitFields(Strict):
    weapons: Annotated[list[WeaponIn], Field(max_length=FEW), NOT_A_TAG] = []  # printed as a line of its own
    army_forge_id: Annotated[AfId | None, Field(title="Army Forge id"), NOT_A_TAG] = None


class WeaponsOptionFields(Strict):
    weapons: Annotated[list[WeaponIn], Field(max_length=FEW)] = []
    replaces: Annotated[list[ReplacesIn], Field(max_length=FEW)] = []
    rules: Annotated[list[LongText], Field(max_length=FEW)] = []  # the rules it grants, on the unit's rules line
    army_forge_id: AfId | None = None


class WeaponsFactionFields(Strict):
    spells: Annotated[list[SpellIn], Field(max_length=1_000)] = []
    army_forge: ArmyForgeBookIn | None = None


# --- how a unit's weapons print (the builder, the library, the roster and the PDF)


def weapon_text(weapon: Weapon) -> str:
    """"10x Spear (A1, Counter)", "Bow (24", A2)", as army books print a weapon."""
    profile = [f'{weapon.range}"'] * bool(weapon.range) + [f"A{weapon.attacks}"] * (weapon.attacks is not None)
    profile += list(weapon.rules)
    count = f"{weapon.count}x " if weapon.count > 1 else ""
    return f"{count}{weapon.name}" + (f" ({', '.join(profile)})" if profile else "")


def weapons_stat(weapons: tuple[Weapon, ...] | list[Weapon]) -> list[Stat]:
    """The Weapons line of a card; none for a unit whose data lists no weapons."""
    return [Stat("Weapons", "; ".join(weapon_text(w) for w in weapons), wide=True)] if weapons else []


CASTER = re.compile(r"^\s*Caster\s*\(", re.IGNORECASE)
# An upgrade that makes a caster names the rule it grants: "Wizard (Caster(1))", "Caster(2)".
MADE_CASTER = re.compile(r"\bCaster\s*\(", re.IGNORECASE)


def is_caster(entry: Entry) -> bool:
    """A caster by its own rules, or made one by an upgrade it took."""
    return any(CASTER.match(r) for r in entry.unit.rules) or any(MADE_CASTER.search(o.name) for o in entry.options)


def casters_spells(entry: Entry, spells) -> list[dict]:
    """The army book's spells, for a caster's entry (printed once, with what each does, on the roster)."""
    return list(spells) if spells and is_caster(entry) else []


def spells_stat(entry: Entry, spells) -> list[Stat]:
    """A caster's card lists its army book's spells with what each costs ("Mist Veil (1)")."""
    if not casters_spells(entry, spells):
        return []
    text = ", ".join(f"{s['name']} ({s['threshold']})" if s.get("threshold") is not None else s["name"]
                     for s in spells)
    return [Stat("Spells", text, wide=True)]
