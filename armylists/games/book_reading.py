"""A publisher's army book read into one faction of Muster's faction file, and what could not come
with it (docs/faction-file.md, "Army Forge books"). The readers live in the games that read such
books; the library's importer sees only this."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class LeftOut:
    unit: str
    what: str
    why: str


@dataclass
class Reading:
    faction: dict[str, Any]
    left_out: list[LeftOut] = field(default_factory=list)

    @property
    def options(self) -> int:
        return sum(len(u.get("options", [])) for u in self.faction["units"])
