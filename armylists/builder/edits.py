"""Small edits to a list document (an `armylists/list@1` dict), applied in place.

Each edit is applied to the latest stored document, never to what a page
showed, so edits made from two tabs merge: a change names only what it
changes (one field, one option up or down, one group's choice). An edit that
no longer applies (the entry was removed meanwhile) raises `Refused`.

No database access here: services.py applies these to the latest stored
document, checks the result and saves it (optimistically, see there).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from armylists.games.base import Game
from armylists.games.own_fields import JOINED
from armylists.games.registry import homes
from armylists.games.schema import MAX_ENTRIES
from armylists.rules.model import Unit
from armylists.rules.refused import Refused

_NUMBERED = re.compile(r"^e(\d+)$")


@dataclass(frozen=True)
class EntryChanges:
    """What one submission of an entry form changed.

    `fields` are set outright; `groups` choose one option of a pick-one group
    (None: none of them); `deltas` add or take away copies of an option.
    """

    fields: dict[str, Any] = field(default_factory=dict)
    groups: dict[str, str | None] = field(default_factory=dict)
    deltas: dict[str, int] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.fields or self.groups or any(self.deltas.values()))


def settable() -> set[str]:
    """The entry fields an entry form may set outright (None or "" removes one): its name and the own fields of
    the games in use. One of another game than the list's is refused by the list's schema, as bad input naming
    it, as any list file's would be."""
    return {"name", *(f.name for home in homes() for f in home.files.entry_fields)}


def references(home: Game) -> tuple[str, ...]:
    """The entry fields of the list's game (`home`) whose value is another entry's id (a host, a regiment's hero)."""
    return tuple(f.name for f in home.files.entry_fields if f.names_an_entry)


def find_entry(document: dict, entry_id: str) -> dict:
    for entry in document.get("entries", []):
        if entry.get("id") == entry_id:
            return entry
    raise Refused(f"Entry “{entry_id}” is no longer in this list (it may have been removed in "
                  "another tab), so nothing was changed.")


def new_entry_id(document: dict) -> str:
    """`e<n>`, one past the highest such id in the list, so ids are never reused while in use."""
    ids = {e.get("id") for e in document.get("entries", [])}
    numbers = [int(m.group(1)) for i in ids if isinstance(i, str) and (m := _NUMBERED.match(i))]
    n = max(numbers, default=0) + 1
    while f"e{n}" in ids:
        n += 1
    return f"e{n}"


def _set(mapping: dict, key: str, value: Any) -> None:
    if value is None or value == "" or value == [] or value is False:
        mapping.pop(key, None)
    else:
        mapping[key] = value


def _room_for_one_more(document: dict) -> None:
    """A saved list stays within the list file's bounds: at most MAX_ENTRIES entries."""
    if len(document.get("entries", [])) >= MAX_ENTRIES:
        raise Refused(f"A list holds at most {MAX_ENTRIES:,} entries, and this one is full; "
                      "nothing was added.")


def add_entry(document: dict, entry: dict) -> str:
    """Append `entry` (without an id) and return the id it was given."""
    _room_for_one_more(document)
    entry_id = new_entry_id(document)
    document.setdefault("entries", []).append({"id": entry_id, **entry})
    return entry_id


def remove_entry(document: dict, entry_id: str, home: Game) -> None:
    """Remove an entry; those that named it (heroes joined to it, troops of its regiment) name it no more."""
    entry = find_entry(document, entry_id)
    document["entries"].remove(entry)
    for other in document["entries"]:
        for key in references(home):
            if other.get(key) == entry_id:
                other.pop(key)


def move_entry(document: dict, entry_id: str, *, before: str = "", after: str = "") -> None:
    """Put an entry just before (or after) another: the builder's move up and move down."""
    entry = find_entry(document, entry_id)
    other = find_entry(document, before or after)
    if other is entry:
        raise Refused("An entry cannot move next to itself.")
    entries = document["entries"]
    entries.remove(entry)
    at = entries.index(other)
    entries.insert(at if before else at + 1, entry)


def duplicate_entry(document: dict, entry_id: str, home: Game) -> str:
    """Copy an entry to just after it; the copy does not join the original's host (one hero per unit)."""
    entry = find_entry(document, entry_id)
    _room_for_one_more(document)
    joined = home.files.entry_field(JOINED.kind)
    copy = {k: (list(v) if isinstance(v, list) else v) for k, v in entry.items() if not joined or k != joined.name}
    copy["id"] = new_entry_id(document)
    document["entries"].insert(document["entries"].index(entry) + 1, copy)
    return copy["id"]


def edit_entry(document: dict, entry_id: str, changes: EntryChanges, unit: Unit | None, home: Game) -> None:
    entry = find_entry(document, entry_id)
    allowed, naming = settable(), references(home)
    for key, value in changes.fields.items():
        if key not in allowed:
            raise Refused(f"“{key}” is not something an entry has.")
        if key in naming and value == entry_id:
            raise Refused("An entry cannot refer to itself.")
        _set(entry, key, value)
    options = list(entry.get("options", []))
    for group, chosen in changes.groups.items():
        members = {o.slug for o in unit.options if o.group == group} if unit else set()
        options = [o for o in options if o not in members]
        if chosen:
            options.append(chosen)
    for slug, delta in changes.deltas.items():
        options = _change_count(options, slug, delta)
    if unit is not None:
        order = {o.slug: i for i, o in enumerate(unit.options)}
        options.sort(key=lambda slug: order.get(slug, len(order)))
    _set(entry, "options", options)


def _change_count(options: list[str], slug: str, delta: int) -> list[str]:
    if delta > 0:
        return options + [slug] * delta
    for _ in range(-delta):
        if slug not in options:
            break
        # Take away the last copy, so the earlier ones keep their place.
        del options[len(options) - 1 - options[::-1].index(slug)]
    return options


def change_settings(document: dict, changes: dict[str, Any], home: Game) -> None:
    """Set (or, with None, clear) list settings; only the settings of the list's game (`home`) are accepted."""
    settings = {s.name for s in home.list_settings}
    for key, value in changes.items():
        if key not in settings:
            raise Refused(f"“{key}” is not a setting of a list.")
        if value is None:
            document.pop(key, None)
        else:
            document[key] = value


def change_command_cards(document: dict, add: list[str], remove: list[str], home: Game) -> None:
    """Take or give back command cards, in the field its game (`home`) names them in (`CommandCards.field`); a
    card is held once. Asked only of a game whose lists choose cards (its home's `cards`)."""
    named_in = home.cards.field
    cards = [c for c in document.get(named_in, []) if c not in set(remove)]
    cards += [c for c in dict.fromkeys(add) if c not in cards]
    _set(document, named_in, cards)
