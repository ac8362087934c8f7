"""An edit's answer: only the parts of the page it changed, as htmx out-of-band swaps.

The page before the edit and after it are both laid out (context.py) and compared by
their shapes (`Shape`); every
entry card whose drawing changed is sent again, cards gone are deleted, new or
moved cards are inserted after the card that now precedes them. The summary
above the list is always sent. When the sections themselves changed (a regiment
or an ally faction came or went) the whole list of entries is sent instead.
"""
from __future__ import annotations

import hashlib
import json
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


def digest(drawn_from: Any) -> str:
    """A short digest of plain data (or of a card's own digest, a long text): equal digests, equal data."""
    text = drawn_from if isinstance(drawn_from, str) else json.dumps(drawn_from, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


@dataclass(frozen=True)
class Shape:
    """What an edit's answer compares the page before it with: each section's key, heading and cards
    (by id and digest: the same digest draws the same HTML), the list's settings and name, and its
    command cards (digests). Small plain data, stored with the list's version it was drawn from, so that
    the page after one edit is the page before the next, whichever web process serves it
    (views/common.py)."""
    sections: tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...]
    settings: str
    cards: str

    def as_data(self) -> dict[str, Any]:
        return {"sections": self.sections, "settings": self.settings, "cards": self.cards}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Shape:
        sections = tuple((key, head, tuple((i, d) for i, d in cards)) for key, head, cards in data["sections"])
        return cls(sections, data["settings"], data["cards"])


def shape_of(context: dict[str, Any]) -> Shape:
    sections = tuple((s.key, digest(s.head()), tuple((b.id, digest(b.digest())) for b in s.blocks))
                     for s in context["sections"])
    return Shape(sections, digest([context["settings_state"], context["army_list_name"]]),
                 digest([context.get("command_cards"), context.get("cards_needed")]))


def _touches(block: EntryView, touched: str | None) -> bool:
    return touched is not None and (block.id == touched or any(j.id == touched for j in block.joined))


def _blocks(old: tuple[tuple[str, str], ...], new: list[EntryView], drawn: dict[str, str], key: str,
            touched: str | None):
    """(ids to delete, fragments to replace, fragments to insert) for one section's cards; `drawn`:
    the new cards' digests."""
    old_ids, new_ids = [i for i, _ in old], [b.id for b in new]
    was = dict(old)
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
        elif was[block.id] != drawn[block.id] or _touches(block, touched):
            replaces.append(Fragment("replace", entry=block))
    return deletes, replaces, inserts


def _empty(shape: Shape) -> bool:
    return not any(cards for _, _, cards in shape.sections)


def edit_fragments(before: Shape, after: dict[str, Any], touched: str | None,
                   after_shape: Shape | None = None) -> list[Fragment]:
    """What to send for an edit, in the order htmx must apply it: deletions first (an id may
    reappear elsewhere), then cards drawn again, then new cards, each after one already there.
    `after_shape`: shape_of(after), where the caller has it already."""
    now = after_shape or shape_of(after)
    new_sections = after["sections"]
    if [key for key, _, _ in before.sections] != [key for key, _, _ in now.sections] \
            or _empty(before) != _empty(now):  # the sections, or the "list is empty" line, come or go
        return [*EVERYTHING, Fragment("picker")]
    deletes, replaces, inserts, heads = [], [], [], []
    for (_, head, old), new, (_, new_head, drawn) in zip(before.sections, new_sections, now.sections, strict=True):
        gone, redrawn, added = _blocks(old, new.blocks, dict(drawn), new.key, touched)
        deletes += [Fragment("delete", target=f"entry-{i}") for i in gone]
        replaces += redrawn
        inserts += added
        if head != new_head:
            heads.append(Fragment("head", section=new))
    extra = []
    if before.settings != now.settings:  # the settings, the name
        extra += [Fragment("settings"), Fragment("picker")]
    if before.cards != now.cards:
        extra.append(Fragment("cards"))
    return [*deletes, *replaces, *inserts, *heads, *extra]


def redraw(context: dict[str, Any], entry_id: str | None) -> list[Fragment]:
    """The card holding `entry_id` drawn again (a refused edit puts its form back as the list has it)."""
    for section in context["sections"]:
        for block in section.blocks:
            if _touches(block, entry_id):
                return [Fragment("replace", entry=block)]
    return []
