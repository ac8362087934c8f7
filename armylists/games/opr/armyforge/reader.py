"""An Army Forge army book -> one faction of Muster's faction file (format 1.2), and what was left out.

The book is checked at the boundary (`book.Book`), then every unit comes in with every option of
every upgrade package it lists, except the sections it disables (Army Forge does not offer them to
it). The result is an ordinary faction-file document: it is validated and written by the same code
as any faction file (docs/faction-file.md, "Army Forge books").
"""
from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from armylists.boundary.errors import BadInput
from armylists.boundary.messages import bad_input
from armylists.games.book_reading import LeftOut, Reading
from armylists.games.opr.options import COMMANDS
from armylists.games.schema import FACTION_OPTIONS_MAX, UNIT_OPTIONS_MAX

from .book import Book, Item, Option, RuleGain, Section, Unit, Weapon
from .sections import meaning
from .slugs import SlugMaker, slugify

CHECKED_RULES = {"hero", "tough"}  # the rules the check reads (docs/faction-file.md, AoF)
# Army Forge's game systems, as a book's `gameSystemSlug` names them, in words.
SYSTEM_NAMES = {"age-of-fantasy": "Age of Fantasy", "age-of-fantasy-regiments": "Age of Fantasy: Regiments",
                "age-of-fantasy-skirmish": "Age of Fantasy: Skirmish", "grimdark-future": "Grimdark Future",
                "grimdark-future-firefight": "Grimdark Future: Firefight"}


def parse_book(data: Any, systems: tuple[str, ...]) -> Book:
    if not isinstance(data, dict) or "upgradePackages" not in data or "units" not in data:
        missing = "upgradePackages" if isinstance(data, dict) and "units" in data else "units"
        raise BadInput(missing if isinstance(data, dict) else "",
                       "is missing: this is not an Army Forge army book")
    try:
        book = Book.model_validate(data)
    except ValidationError as error:
        raise bad_input(error) from None
    if book.gameSystemSlug not in systems:
        served = SYSTEM_NAMES.get(book.gameSystemSlug)
        raise BadInput("gameSystemSlug", f"is '{book.gameSystemSlug}': this book was downloaded for "
                       f"{served + ', ' if served else ''}another game; download it from Army Forge for "
                       f"{' or '.join(SYSTEM_NAMES.get(s, s) for s in systems)}")
    return book


def read_book(data: Any, systems: tuple[str, ...]) -> Reading:
    """Raise BadInput (a JSON path of the book) for anything that is not an army book served for one of
    Army Forge's game `systems`."""
    book = parse_book(data, systems)
    packages = {p.uid: (i, p) for i, p in enumerate(book.upgradePackages)}
    _expansion_bounded(book, packages)
    reading = Reading(faction={})
    unit_slugs = SlugMaker()
    units = []
    for ui, unit in enumerate(book.units):
        units.append(_unit(unit, f"units[{ui}]", unit_slugs(unit.name, "unit"), packages, reading))
    reading.faction = {
        "slug": slugify(book.name, "army-book"), "name": book.name,
        "version": f"Army Forge {book.versionString}" if book.versionString else "Army Forge",
        "army_forge": {"book": book.uid, "version": book.versionString, "game_system": book.gameSystemSlug},
        "spells": _spells(book), "units": units,
        "rule_texts": [{"name": r.name, "text": r.description} for r in book.specialRules if r.description.strip()],
    }
    return reading


def _expansion_bounded(book: Book, packages: dict) -> None:
    """A book within the file's bounds can still list one package a hundred times: its units' options, counted
    as their packages expand and before any is built, are held to a faction's bounds (docs/faction-file.md,
    "Bounds"), so a hostile book is refused in a moment instead of expanding to millions of options."""
    total = 0
    for ui, unit in enumerate(book.units):
        count = _options_of(unit, f"units[{ui}]", packages)
        if count > UNIT_OPTIONS_MAX:
            raise BadInput(f"units[{ui}].upgrades", f"give '{unit.name}' more than the {UNIT_OPTIONS_MAX:,} options "
                                                    "a unit may have")
        total += count
        if total > FACTION_OPTIONS_MAX:
            raise BadInput("units", f"have more than the {FACTION_OPTIONS_MAX:,} options a faction may have, "
                                    f"counted up to '{unit.name}'")


def _options_of(unit: Unit, path: str, packages: dict) -> int:
    """How many options the unit's packages give it (or option groups, its sections, where they are more),
    counted no further than past the bound."""
    options = groups = 0
    for _, section in _offered(unit, path, packages):
        options, groups = options + len(section.options), groups + 1
        if max(options, groups) > UNIT_OPTIONS_MAX:
            break
    return max(options, groups)


def _offered(unit: Unit, path: str, packages: dict):
    """Each section of the unit's packages that it does not disable, with its path in the book."""
    disabled = set(unit.disabledSections) | set(unit.disabledUpgradeSections)
    for ki, key in enumerate(unit.upgrades):
        if key not in packages:
            raise BadInput(f"{path}.upgrades[{ki}]", f"no upgrade package '{key}' in this book")
        pi, package = packages[key]
        for si, section in enumerate(package.sections):
            if not (section.uid in disabled or (section.id and section.id in disabled)):
                yield f"upgradePackages[{pi}].sections[{si}]", section


def _spells(book: Book) -> list[dict[str, Any]]:
    made = SlugMaker()
    return [{"slug": made(s.name, "spell"), "name": s.name, "threshold": s.threshold, "text": s.effect or None}
            for s in book.spells]


def weapon(w: Weapon) -> dict[str, Any]:
    return {"name": w.name, "count": max(w.count, 1), "range": w.range or None, "attacks": w.attacks,
            "rules": [r.text for r in w.specialRules]}


def _item_text(item: Item | RuleGain) -> str:
    if isinstance(item, RuleGain):
        return item.text
    inner = ", ".join(r.text for r in item.content)
    return f"{item.name} ({inner})" if inner else item.name


def _unit(unit: Unit, path: str, slug: str, packages: dict, reading: Reading) -> dict[str, Any]:
    # The rules its items grant are its rules too (Shields: Shielded), on the card's rules line as Army Forge has them.
    rules = list(dict.fromkeys([*(r.text for r in unit.rules), *(r.text for i in unit.items for r in i.content)]))
    stats = {"quality": f"{unit.quality}+", "defense": f"{unit.defense}+"}
    if unit.items:
        stats["equipment"] = ", ".join(_item_text(i) for i in unit.items)
    data = {"slug": slug, "name": unit.name, "cost": unit.cost, "models": unit.size,
            "hero": any(r.name.lower() == "hero" for r in unit.rules), "rules": rules, "stats": stats,
            "weapons": [weapon(w) for w in unit.weapons], "army_forge_id": unit.id,
            "notes": "Narrative unit in Army Forge" if unit.isNarrative else None}
    effects = sorted({r.name for r in unit.rules if r.name.lower() not in CHECKED_RULES})
    if effects:
        reading.left_out.append(LeftOut(unit.name, f"the effects of {', '.join(effects)}",
                                         "Muster prints special rules; it checks only Hero and Tough"))
    data["option_groups"], data["options"] = _upgrades(unit, path, packages, reading)
    return data


def _upgrades(unit: Unit, path: str, packages: dict, reading: Reading) -> tuple[list, list]:
    groups, options = [], []
    group_slugs, option_slugs = SlugMaker(), SlugMaker()
    for here, section in _offered(unit, path, packages):
        group = group_slugs(section.label, "upgrades")
        means = meaning(section, unit.size)
        groups.append({"slug": group, "name": section.label, "min": 0, "max": means.max})
        if means.per_option_once:
            reading.left_out.append(LeftOut(unit.name, f"'{section.label}' takes each option once",
                                            f"Muster limits the section to {means.max} options in all"))
        for oi, option in enumerate(section.options):
            options.append(_option(unit, option, section, means, group, option_slugs, f"{here}.options[{oi}]"))
    return groups, options


def _cost(unit: Unit, option: Option, path: str) -> int:
    """The option's cost for this unit: its `costs` entry for the unit's id, else its `cost`."""
    for priced in option.costs:
        if priced.unitId == unit.id:
            return priced.cost
    if option.cost is None:
        raise BadInput(f"{path}.costs", f"has no cost for unit '{unit.name}' and the option has no `cost`")
    return option.cost


def _granted(option: Option) -> list[str]:
    """The special rules an option grants: a rule it gains, and those of an item it gains (a Scary Shield's
    Melee Evasion)."""
    rules = [g.text for g in option.gains if isinstance(g, RuleGain)]
    rules += [r.text for g in option.gains if isinstance(g, Item) for r in g.content]
    return list(dict.fromkeys(rules))


def _option(unit: Unit, option: Option, section: Section, means, group: str, slugs: SlugMaker,
            path: str) -> dict[str, Any]:
    gained = [g.name for g in option.gains] or [option.label]
    command = gained[0].lower() if len(gained) == 1 and gained[0].lower() in COMMANDS else None
    data = {"slug": slugs(" ".join(gained), "option"), "name": option.label, "cost": _cost(unit, option, path),
            "group": group, "scope": means.scope, "command": command, "army_forge_id": option.uid,
            "weapons": [weapon(g) for g in option.gains if isinstance(g, Weapon)],
            "rules": _granted(option)}
    if section.variant == "replace":
        data["replaces"] = [{"weapon": t, "count": means.replaced_each} for t in section.targets or ()]
    return data
