"""A small army book in Army Forge's shape (as `/api/army-books/<uid>` serves it), made up for the tests:
every name, id and number here is invented. It has what the reader must handle: a hero caster with
spells, a unit with replace and upgrade sections affecting one, all, any and up to N models, costs per
unit, a section one unit disables, numbers written as text, and rules Muster cannot express."""
from __future__ import annotations

import copy
from typing import Any


def _rule(name: str, rating: Any = None) -> dict[str, Any]:
    rule = {"id": f"r-{name.lower()}", "name": name, "type": "ArmyBookRule"}
    if rating is not None:
        rule |= {"rating": rating, "label": f"{name}({rating})"}
    return rule


def _weapon(name: str, attacks: int, count: Any = 1, range_: int = 0, rules=()) -> dict[str, Any]:
    return {"id": f"w-{name.lower().replace(' ', '-')}", "name": name, "type": "ArmyBookWeapon", "count": count,
            "range": range_, "attacks": attacks, "weaponId": "wid", "specialRules": [_rule(*r) for r in rules],
            "label": name}


def _option(uid: str, label: str, gains: list, cost: int | None = None, **per_unit: int) -> dict[str, Any]:
    option = {"uid": uid, "id": uid, "type": "ArmyBookUpgradeOption", "label": label, "gains": gains,
              "costs": [{"unitId": unit, "cost": c} for unit, c in per_unit.items()]}
    return option | ({"cost": cost} if cost is not None else {})


def _item(name: str, *rules: str) -> dict[str, Any]:
    return {"name": name, "type": "ArmyBookItem", "count": 1, "content": [_rule(r) for r in rules]}


BOOK: dict[str, Any] = {
    "uid": "BookRiverfolk01", "name": "Riverfolk Leagues", "versionString": "3.5.2",
    "gameSystemSlug": "age-of-fantasy", "gameSystemId": 4, "enabledGameSystems": [4, 5, 6],
    "background": "Made up for Muster's tests.",
    # Army Forge describes every rule the book uses, core rules included (texts made up for the tests).
    "specialRules": [
        {"id": "r1", "name": "Mistwalker", "description": "Made-up words: this unit walks through mist.",
         "hasRating": False},
        {"id": "r2", "name": "Tough", "description": "Made-up words: the book's own Tough.", "hasRating": True},
        {"id": "r3", "name": "Unused Rule", "description": "", "hasRating": False},
    ],
    "spells": [
        {"id": "s1", "name": "Mist Veil", "threshold": 1, "effect": "Pick one friendly unit within 12\"."},
        {"id": "s2", "name": "Tide Surge", "threshold": 2, "effect": "Pick one enemy unit within 18\"."},
    ],
    "units": [
        {"id": "uSage", "name": "Reed Sage", "cost": 70, "size": 1, "quality": 4, "defense": 5,
         "rules": [_rule("Hero"), _rule("Tough", "3"), _rule("Caster", 2), _rule("Mistwalker")],
         "weapons": [_weapon("Staff", 2, rules=[("AP", 1)])], "items": [],
         "upgrades": ["pkgSage"], "disabledSections": [], "disabledUpgradeSections": []},
        {"id": "uOars", "name": "Oarsmen", "cost": 100, "size": 10, "quality": 5, "defense": 5,
         "rules": [_rule("Fearless")], "items": [_item("Shields", "Shielded")],
         "weapons": [_weapon("Hand Weapon", 1, count="010")],
         "upgrades": ["pkgOars"], "disabledSections": [], "disabledUpgradeSections": []},
        {"id": "uOarsB", "name": "Oarsmen", "cost": 55, "size": 5, "quality": 5, "defense": 5,
         "rules": [], "items": [], "weapons": [_weapon("Hand Weapon", 1, count=5)],
         "upgrades": ["pkgOars"], "disabledSections": ["secAny"], "disabledUpgradeSections": []},
    ],
    "upgradePackages": [
        {"uid": "pkgSage", "hint": "Reed Sage", "sections": [
            {"id": "secStaff", "uid": "secStaff", "label": "Replace Staff", "variant": "replace",
             "targets": ["Staff"], "options": [
                 _option("oTrident", "Trident (A3, AP(1))", [_weapon("Trident", 3, rules=[("AP", 1)])],
                         cost=5, uSage=10)]},
            {"id": "secMount", "uid": "secMount", "label": "Upgrade with one", "variant": "upgrade",
             "select": {"type": "exactly", "value": 1}, "options": [
                 _option("oTurtle", "River Turtle", [_item("River Turtle", "Impact")], uSage=25),
                 _option("oHeron", "Giant Heron", [_item("Giant Heron", "Flying")], uSage=30)]},
        ]},
        {"uid": "pkgOars", "hint": "Oarsmen", "sections": [
            {"id": "secAll", "uid": "secAll", "label": "Replace all Hand Weapons", "variant": "replace",
             "targets": ["Hand Weapons"], "affects": {"type": "all"}, "options": [
                 _option("oSpears", "Spears (A1, Counter)", [_weapon("Spear", 1, rules=[("Counter",)])],
                         uOars=15, uOarsB=10),
                 _option("oHooks", "Boat Hooks (A1, Rending)", [_weapon("Boat Hook", 1, rules=[("Rending",)])],
                         uOars=20, uOarsB=10)]},
            {"id": "secAny", "uid": "secAny", "label": "Replace any Hand Weapon", "variant": "replace",
             "targets": ["Hand Weapon"], "affects": {"type": "any"}, "options": [
                 _option("oNet", "Throwing Net (6\", A1)", [_weapon("Throwing Net", 1, range_=6)], uOars=5)]},
            {"id": "secCmd", "uid": "secCmd", "label": "Upgrade one model with one", "variant": "upgrade",
             "select": {"type": "exactly", "value": 1}, "affects": {"type": "exactly", "value": 1}, "options": [
                 _option("oSgt", "Sergeant", [_rule("Sergeant")], uOars=5, uOarsB=5),
                 _option("oBanner", "Banner", [_item("Banner", "Fear")], uOars=5, uOarsB=5)]},
            {"id": "secUpTo", "uid": "secUpTo", "label": "Upgrade up to two models with", "variant": "upgrade",
             "affects": {"type": "up to", "value": 2}, "options": [
                 _option("oLantern", "Lantern", [_item("Lantern", "Spotter")], uOars=10, uOarsB=10)]},
            {"id": "secKit", "uid": "secKit", "label": "Upgrade with", "variant": "upgrade", "options": [
                 _option("oRope", "Ropes", [_item("Ropes", "Strider")], uOars=5, uOarsB=5),
                 _option("oPoles", "Poles", [_item("Poles", "Scout")], uOars=10, uOarsB=10)]},
        ]},
    ],
}


def book(**changes: Any) -> dict[str, Any]:
    """A fresh copy of the book, with top-level fields changed."""
    return copy.deepcopy(BOOK) | changes
