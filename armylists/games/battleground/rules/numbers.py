"""The numbers Battleground's army rules read, and those rules in plain words."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from armylists.rules.params import GameParams
from armylists.rules.text import listing


@dataclass(frozen=True, slots=True)
class BattlegroundParams(GameParams):
    core_per: int  # at least one core unit per this many points of budget
    elite_per: int  # at most one of each elite unit per this many points
    command_card_cost: int
    mercenaries_allowed: bool
    max_mercenary_factions: int
    usual_points_limits: tuple[int, ...]  # the book's budgets; any other gets a warning
    hand_limit: int  # command cards a hand holds
    army_section: ClassVar[str] = "Setting Up a Game"

    def explain(self) -> list[str]:
        p = self
        return [
            "Units and command cards may not cost more than the points budget (equal is fine).",
            f"Command cards cost {p.command_card_cost} points each.",
            f"At least 1 core unit of your primary faction per {p.core_per} points of budget; "
            "mercenaries never count as core.",
            f"At most 1 of each kind of elite unit per {p.elite_per} points of budget, mercenaries included.",
            "Standard units are limited only by points.",
            (f"Mercenaries: units with the Mercenary mark from at most {p.max_mercenary_factions} other faction."
             if p.mercenaries_allowed else "Mercenaries are not allowed."),
            f"The usual budgets are {listing((str(b) for b in p.usual_points_limits), 'or')} points; "
            "any other gets a warning, as special rules may be required.",
            f"Buying more than {p.hand_limit} command cards gets a warning: a hand holds {p.hand_limit}.",
        ]
