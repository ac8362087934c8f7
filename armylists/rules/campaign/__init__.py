"""Campaign rules: plain Python, no Django, no I/O.

A campaign is a list of actions (see `actions`); `apply` checks one against
the rules and gives the new state, `replay` rebuilds a campaign from its log.
This package holds what every campaign has; a game's own campaign rules, its
numbers and tables included, are its package's (`game.GameCampaign`), which
the caller of `apply` and `replay` hands in: the engine looks no game up. The
dice are injected (`Dice`), so the app may roll or a player enter a die.
"""
from __future__ import annotations

from ..refused import Refused
from .dice import Choices, Dice, NeedChoice, NeedDie
from .engine import Outcome, Stored, apply, new_campaign, replay
from .game import CampaignNumbers, GameCampaign, rules_code
from .model import CampaignState
from .support import campaign_over, unit_value

__all__ = ["CampaignNumbers", "CampaignState", "Choices", "Dice", "GameCampaign", "NeedChoice", "NeedDie", "Outcome",
           "Refused", "Stored", "apply", "campaign_over", "new_campaign", "replay", "rules_code", "unit_value"]
