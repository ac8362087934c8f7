"""A fault's place in a list file said in words, for a page (docs/checking.md, "Bad input"): `entries[3].unit:
is required` is shown as "the list's fourth entry: its unit is required". `checklist` and `POST /api/check` keep
the JSON path, which a program or a person editing the file needs; a page speaks of the list's units and options.
"""
from __future__ import annotations

import re

# What one item of a list of the file is called, by the list's key (Muster's list file, Army Forge's).
_ITEM = {"entries": "entry", "units": "unit", "options": "option", "selectedUpgrades": "upgrade",
         "spells": "spell", "cards": "card", "command_cards": "command card", "factions": "faction"}
# A field's words where its key does not say it plainly.
_FIELD = {"points_limit": "points limit", "pointsLimit": "points limit", "gameSystem": "game system",
          "joined_to": "unit it joins", "joinToUnit": "unit it joins", "armyId": "army book",
          "selectionId": "id in the list", "customName": "name", "selectedUpgrades": "upgrades"}
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")
# A message that is said of its field: it has no subject of its own ("is required", "must be an integer").
_PREDICATE = ("must ", "is ", "are ", "has ", "have ", "nests ")


def ordinal(n: int) -> str:
    """1 -> 'first' ... 10 -> 'tenth', then '11th', '22nd'."""
    if n <= len(_ORDINALS):
        return _ORDINALS[n - 1]
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _words(key: str) -> str:
    if key in _FIELD:
        return _FIELD[key]
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", key).replace("_", " ").lower()


def _parts(path: str) -> tuple[list[str], str | None]:
    """The items a path goes through, in words ("the list's third unit", "its first upgrade"), and the field it
    ends at, if it ends at one (its key)."""
    steps = [(key, int(index)) if index else (key, None) for key, index in _STEP.findall(path)]
    items, field, owner = [], None, "the list's"
    for i, (key, index) in enumerate(steps):
        if key and i + 1 < len(steps) and steps[i + 1][1] is not None and steps[i + 1][0] == "":
            continue  # the list's key: named by its item, at the index that follows
        if index is not None:
            listed = steps[i - 1][0] if i else ""
            items.append(f"{owner} {ordinal(index + 1)} {_ITEM.get(listed, 'item')}")
            owner, field = "its", None
        else:
            field = key
    return items, field


def page_sentence(path: str, message: str) -> str:
    """A fault's sentence for a page, to follow "This list file cannot be used: ": its place in words, then what
    is wrong; never its JSON path. "the list's first entry: its unit is required", "the list's first entry, its
    unit: no unit 'knigths' in faction 'kingdom'", "the list's points limit must be an integer"."""
    items, field = _parts(path)
    said_of_field = field is not None and not message.startswith("the ")  # "the ...": the message names it
    if said_of_field:
        owner = "its" if items else "the list's"
        items.append(f"{owner} {_words(field)}")
    if not items:
        return message
    if message.startswith(_PREDICATE):
        return f"{', '.join(items[:-1])}: {items[-1]} {message}" if len(items) > 1 else f"{items[0]} {message}"
    return f"{', '.join(items)}: {message}"
