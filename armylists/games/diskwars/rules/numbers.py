"""The numbers Diskwars' army rules read, and those rules in plain words."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from armylists.rules.params import GameParams


@dataclass(frozen=True, slots=True)
class DiskwarsParams(GameParams):
    max_copies: Mapping[str, int]  # per regiment, by disk size
    elite_level: int  # a disk of at least this elite level counts as elite
    max_elite_per_regiment: int
    default_regiments: int
    army_section: ClassVar[str] = "Customising an Army"

    def explain(self) -> list[str]:
        p = self
        copies = ", ".join(f"{n} of one {size} disk" for size, n in p.max_copies.items())
        return [
            f"Players agree on the number of regiments (usually {p.default_regiments}); each is led by one hero.",
            "A hero's troops may not cost more recruitment points than the hero has.",
            "No army has both Order and Destruction disks.",
            "At most one copy of each unique disk in the army, and at least one unique hero.",
            "A hero recruits only troops of its own race.",
            "Each regiment has at least as many small troops as medium and large troops together "
            "(not counting the hero).",
            f"Per regiment, at most {copies}.",
            f"Per regiment, at most {p.max_elite_per_regiment} disk of elite {p.elite_level} or more.",
            "Command cards: exactly as many as the heroes' command values added up, no two with the same title, "
            "and Order-only or Destruction-only cards need a hero of that alignment.",
        ]
