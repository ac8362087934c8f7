"""The part of an Army Forge army book Muster reads, as its API serves it (`/api/army-books/<uid>`).

Only the fields the import uses are declared; Army Forge sends many more (art, lore, cost
formulas), which are ignored. Every list and text is bounded, like every file Muster reads.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from armylists.boundary.numbers import whole_number
from armylists.boundary.text import line, lines
from armylists.games.schema import UNITS_MAX

Text = line(200)
LongText = lines(5_000)
AfId = line(64, min_length=1)


def _digits(value: Any) -> Any:
    """Army Forge writes some counts and ratings as text ("3", "02"); a whole number in text reads as one."""
    if isinstance(value, str) and (number := whole_number(value, 6)) is not None:
        return number
    return value


Number = Annotated[int, BeforeValidator(_digits), Field(ge=-1_000, le=100_000)]
MANY = 2_000  # units, packages, sections, options: far more than any book has


def bounded(kind: Any, most: int = MANY) -> Any:
    return Annotated[list[kind], Field(max_length=most)]


class Loose(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)


class Rule(Loose):
    name: Text
    label: Text | None = None
    rating: Number | Text | None = None  # a number, or a word such as "X" in a generic rule

    @property
    def text(self) -> str:
        if self.label:
            return self.label
        return f"{self.name}({self.rating})" if self.rating is not None else self.name


class Weapon(Loose):
    type: Literal["ArmyBookWeapon"] = "ArmyBookWeapon"
    name: Text
    count: Number = 1
    range: Number | None = None
    attacks: Number | None = None
    specialRules: bounded(Rule, 50) = []
    label: Text | None = None
    weaponId: AfId | None = None


class Item(Loose):
    type: Literal["ArmyBookItem"]
    name: Text
    count: Number = 1
    content: bounded(Rule, 50) = []
    label: Text | None = None


class RuleGain(Rule):
    type: Literal["ArmyBookRule"]
    count: Number = 1


Gain = Annotated[Weapon | Item | RuleGain, Field(discriminator="type")]


class UnitCost(Loose):
    unitId: AfId
    cost: Number


class Option(Loose):
    uid: AfId
    label: Text
    cost: Number | None = None
    costs: bounded(UnitCost) = []
    gains: bounded(Gain, 50) = []


class Amount(Loose):
    """A section's `select` or `affects`: {"type": "exactly"|"up to", "value": n}, "all" or "any"."""

    type: Literal["exactly", "up to", "all", "any"]
    value: Annotated[int, Field(ge=0, le=1_000)] | None = None


class Section(Loose):
    uid: AfId
    id: AfId | None = None
    label: Text
    variant: Literal["replace", "upgrade"]
    targets: bounded(Text, 20) | None = None
    select: Amount | None = None
    affects: Amount | None = None
    options: bounded(Option, 200)


class Package(Loose):
    uid: AfId
    hint: Text | None = None
    sections: bounded(Section, 200)


class Unit(Loose):
    id: AfId
    name: Text
    cost: Number
    size: Annotated[int, Field(ge=1, le=1_000)]
    quality: Annotated[int, Field(ge=0, le=10)]
    defense: Annotated[int, Field(ge=0, le=10)]
    weapons: bounded(Weapon, 50) = []
    items: bounded(Item, 50) = []
    rules: bounded(Rule, 100) = []
    upgrades: bounded(AfId, 100) = []
    disabledSections: bounded(AfId, 200) = []
    disabledUpgradeSections: bounded(AfId, 200) = []
    isNarrative: bool = False


class Spell(Loose):
    name: Text
    threshold: Annotated[int, Field(ge=0, le=100)] | None = None
    effect: LongText = ""


class BookRule(Loose):
    """One of the book's special rules, in its words: Army Forge describes every rule a book uses, core rules
    such as Tough or Hero included."""

    name: Text
    description: LongText = ""


class Book(Loose):
    uid: AfId
    name: Text
    versionString: Text | None = None
    gameSystemSlug: Text
    units: bounded(Unit, UNITS_MAX)
    upgradePackages: bounded(Package)
    spells: bounded(Spell, 200) = []
    specialRules: bounded(BookRule, 1_000) = []
