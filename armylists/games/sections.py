"""How a list's entries are laid out under headings: in the builder, the text export and on the roster."""
from __future__ import annotations

from dataclasses import dataclass, field

from armylists.rules.model import Entry


@dataclass
class Section:
    """Entries shown together under one heading, in the builder, the text export or the roster.

    `joined` maps an entry id to the heroes printed inside its card on the
    roster (those are not in `entries`).
    """

    title: str | None
    entries: list[Entry]
    note: str = ""
    ok: bool = True
    key: str = ""
    joined: dict[str, list[Entry]] = field(default_factory=dict)
