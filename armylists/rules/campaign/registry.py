"""Game slug -> that game's campaign rules, for the games that have them.

As with the construction rules (`armylists.rules.registry`), the engine names
no game: the layer that loads the games in use hands the engine, once, a
function that answers which campaign rules each installed game has.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable, Mapping

from .game import GameCampaign

_installed: Callable[[], Mapping[str, GameCampaign]] = dict


def install(installed: Callable[[], Mapping[str, GameCampaign]]) -> None:
    """Say where the games' campaign rules come from (slug -> campaign rules)."""
    global _installed
    _installed = installed


def campaign_for(game: str) -> GameCampaign | None:
    """The game's campaign rules; None for a game without any (its campaigns are kept by hand)."""
    return _installed().get(game)


def rules_code() -> tuple[Path, ...]:
    """The folders holding the campaign rules' code: the engine's, then each game's (the folders of its
    handlers). A snapshot made by other code is stale, and the campaign file's reference lists the dice
    this code asks for."""
    folders = {Path(sys.modules[h.__module__].__file__).parent
               for campaign in _installed().values() for h in campaign.handlers.values()}
    return (Path(__file__).parent, *sorted(folders))
