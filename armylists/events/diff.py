"""What changed between two versions of a player's submission: entries added, removed and changed, and points.

Entries are matched by their id, which the builder keeps for the life of an
entry; an id that now names another unit counts as one entry removed and one
added. Names and points come from each version's own frozen data.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from armylists.checking.check import Checked

# Fields compared on their own; every other field of an entry or a list (each game's list schema
# has its own: sizes, regiments, command cards...) is compared as it is.
ENTRY_KEYS_APART = ("id", "unit", "faction", "options")
LIST_KEYS_APART = ("game", "faction", "entries")


@dataclass(frozen=True)
class EntryChange:
    kind: str  # added | removed | changed
    entry_id: str
    label: str
    points_before: int | None = None
    points_after: int | None = None
    details: tuple[str, ...] = ()


@dataclass(frozen=True)
class Diff:
    before_version: int
    after_version: int
    points_before: int | None
    points_after: int | None
    entries: tuple[EntryChange, ...] = ()
    settings: tuple[str, ...] = field(default_factory=tuple)

    @property
    def unchanged(self) -> bool:
        return not self.entries and not self.settings and self.points_before == self.points_after


def _option_names(checked: Checked, entry_id: str) -> Counter:
    entry = checked.army.entry(entry_id)
    return Counter(o.name for o in entry.options) if entry else Counter()


def _entry_details(before: Checked, after: Checked, old: dict, new: dict) -> list[str]:
    details = []
    was, now = _option_names(before, old["id"]), _option_names(after, new["id"])
    added, removed = now - was, was - now
    details += [f"option added: {name}" + (f" ×{n}" if n > 1 else "") for name, n in added.items()]
    details += [f"option removed: {name}" + (f" ×{n}" if n > 1 else "") for name, n in removed.items()]
    return details + _changed_fields(old, new, ENTRY_KEYS_APART)


def _changed_fields(old: dict, new: dict, apart: tuple[str, ...]) -> list[str]:
    keys = [key for key in dict.fromkeys([*old, *new]) if key not in apart and old.get(key) != new.get(key)]
    return [f"{key.replace('_', ' ')}: {_shown(old.get(key))} → {_shown(new.get(key))}" for key in keys]


def _shown(value) -> str:
    if value is None or value == [] or value is False:
        return "none" if value is not False else "no"
    if value is True:
        return "yes"
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


def _same_unit(old: dict, new: dict) -> bool:
    return old.get("unit") == new.get("unit") and old.get("faction") == new.get("faction")


def diff(before: Checked, after: Checked, before_version: int, after_version: int) -> Diff:
    """`before` and `after` are two versions, each checked against its own frozen data."""
    old_entries = {e["id"]: e for e in before.document.model_dump()["entries"]}
    new_entries = {e["id"]: e for e in after.document.model_dump()["entries"]}
    old_points, new_points = before.report.entry_points, after.report.entry_points
    changes = []
    for entry_id, old in old_entries.items():
        new = new_entries.get(entry_id)
        if new is None or not _same_unit(old, new):
            changes.append(EntryChange("removed", entry_id, before.army.entry(entry_id).label,
                                       points_before=old_points.get(entry_id)))
    for entry_id, new in new_entries.items():
        old = old_entries.get(entry_id)
        label = after.army.entry(entry_id).label
        if old is None or not _same_unit(old, new):
            changes.append(EntryChange("added", entry_id, label, points_after=new_points.get(entry_id)))
            continue
        details = _entry_details(before, after, old, new)
        if details or old_points.get(entry_id) != new_points.get(entry_id):
            changes.append(EntryChange("changed", entry_id, label, old_points.get(entry_id),
                                       new_points.get(entry_id), tuple(details)))
    old_doc, new_doc = before.document.model_dump(), after.document.model_dump()
    settings = tuple(_changed_fields(old_doc, new_doc, LIST_KEYS_APART))
    return Diff(before_version, after_version, before.report.points, after.report.points, tuple(changes), settings)
