"""What a game with campaign rules hands the engine: its numbers and tables, and the handlers of its actions.

The engine keeps what every campaign has (the actions' declarations, the log
and its replay, armies and units, undo and corrections); a game's campaign
rules (XP, levels, traits, injuries, upgrades, missions, random events) live in
the game's package, which declares them as one `GameCampaign` on its home
(docs/architecture.md, "A game is one package"). The engine looks no game up:
whoever applies or replays an action hands it the campaign's game's
`GameCampaign` (the games layer holds them).
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from .actions import Action
from .dice import Choices, Dice
from .model import CampaignState, UnitState

Handler = Callable[[CampaignState, Action, str, Dice, Choices], str]


class CampaignNumbers(Protocol):
    """A game's campaign numbers and tables as its rules read them: what the engine itself asks of them."""

    book: str  # how messages name the rules
    max_xp: int  # a correction keeps a unit's XP within this

    def section(self, name: str) -> str:
        """How a message cites the book's section `name`."""

    def unit_value(self, unit: UnitState) -> int:
        """What the unit is worth under these rules."""


@dataclass(frozen=True)
class GameCampaign:
    # A game's numbers and tables (its shipped `tables`, or the copy a game library keeps) with a campaign's
    # house rules on top; refuses unknown or missing names with ValueError.
    read: Callable[[Mapping[str, Any], Mapping[str, Any] | None], CampaignNumbers]
    number_names: tuple[str, ...]  # the numbers a group may change as house rules
    # The handlers of the actions the game's rules govern, and of those whose engine handler they replace.
    handlers: Mapping[type[Action], Handler]
    data: Mapping[str, Any]  # the book's numbers and tables as the game's package ships them


def rules_code(campaigns: Iterable[GameCampaign]) -> tuple[Path, ...]:
    """The folders holding the campaign rules' code: the engine's, then those of the handlers of `campaigns`
    (the games' in use). A snapshot made by other code is stale, and the campaign file's reference lists the dice
    this code asks for."""
    folders = {Path(sys.modules[h.__module__].__file__).parent
               for campaign in campaigns for h in campaign.handlers.values()}
    return (Path(__file__).parent, *sorted(folders))
