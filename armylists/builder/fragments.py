"""An edit's answer: only the parts of the page it changed, as htmx out-of-band swaps.

The page before the edit and after it are both laid out (context.py); every
entry card whose drawing changed is sent again, cards gone are deleted, new or
moved cards are inserted after the card that now precedes them. The summary
above the list is always sent. When the sections themselves changed (a regiment
or an ally faction came or went) the whole list of entries is sent instead.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .context import EntryView, SectionView


@dataclass(frozen=True)
class Fragment:
    kind: str  # delete | replace | insert | head | entries | settings | cards | picker
    entry: EntryView | None = None
    section: SectionView | None = None
    target: str = ""  # delete: the element id; insert: "afterend:#entry-x" or "afterbegin:#section-k-entries"


EVERYTHING = (Fragment("entries"), Fragment("settings"), Fragment("cards"))


def css_id(text: str) -> str:
    """`text` escaped for a CSS id selector (entry ids come from list files and may hold any character)."""
    return "".join(c if c.isascii() and (c.isalnum() or c in "-_") else f"\\{ord(c):x} " for c in text)


def _touches(block: EntryView, touched: str | None) -> bool:
    return touched is not None and (block.id == touched or any(j.id == touched for j in block.joined))


def _blocks(old: list[EntryView], new: list[EntryView], key: str, touched: str | None):
    """(ids to delete, fragments to replace, fragments to insert) for one section's cards."""
    old_ids, new_ids = [b.id for b in old], [b.id for b in new]
    was = {b.id: b.digest() for b in old}
    kept_old = [i for i in old_ids if i in set(new_ids)]
    kept_new = [i for i in new_ids if i in was]
    moved = {i for pair in zip(kept_old, kept_new, strict=True) if pair[0] != pair[1] for i in pair}
    deletes = [i for i in old_ids if i not in set(new_ids) or i in moved]
    replaces, inserts = [], []
    for before, block in zip([None, *new], new, strict=False):
        if block.id not in was or block.id in moved:
            where = (f"afterend:#entry-{css_id(before.id)}" if before
                     else f"afterbegin:#section-{css_id(key)}-entries")
            inserts.append(Fragment("insert", entry=block, target=where))
        elif was[block.id] != block.digest() or _touches(block, touched):
            replaces.append(Fragment("replace", entry=block))
    return deletes, replaces, inserts


def edit_fragments(before: dict[str, Any], after: dict[str, Any], touched: str | None) -> list[Fragment]:
    """What to send for an edit, in the order htmx must apply it: deletions first (an id may
    reappear elsewhere), then cards drawn again, then new cards, each after one already there."""
    old_sections, new_sections = before["sections"], after["sections"]
    if [s.key for s in old_sections] != [s.key for s in new_sections]:
        return [*EVERYTHING, Fragment("picker")]
    deletes, replaces, inserts, heads = [], [], [], []
    for old, new in zip(old_sections, new_sections, strict=True):
        gone, drawn, added = _blocks(old.blocks, new.blocks, new.key, touched)
        deletes += [Fragment("delete", target=f"entry-{i}") for i in gone]
        replaces += drawn
        inserts += added
        if old.head() != new.head():
            heads.append(Fragment("head", section=new))
    extra = []
    if (before["settings_state"], before["army_list_name"]) != (after["settings_state"], after["army_list_name"]):
        extra += [Fragment("settings"), Fragment("picker")]
    if before.get("command_cards") != after.get("command_cards") or before.get("cards_needed") != after.get(
            "cards_needed"):
        extra.append(Fragment("cards"))
    return [*deletes, *replaces, *inserts, *heads, *extra]


def redraw(context: dict[str, Any], entry_id: str | None) -> list[Fragment]:
    """The card holding `entry_id` drawn again (a refused edit puts its form back as the list has it)."""
    for section in context["sections"]:
        for block in section.blocks:
            if _touches(block, entry_id):
                return [Fragment("replace", entry=block)]
    return []
