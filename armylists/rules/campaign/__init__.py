"""Campaign rules: plain Python, no Django, no I/O.

A campaign is a list of actions (see `actions`); `apply` checks one against
the rules and gives the new state, `replay` rebuilds a campaign from its log.
The numbers and tables are the game system's data (`CampaignParams`); the
dice are injected (`Dice`), so the app may roll or a player enter a die.
"""
from __future__ import annotations

from ..refused import Refused
from .dice import Choices, Dice, NeedChoice, NeedDie
from .engine import Outcome, Stored, apply, new_campaign, replay
from .model import CampaignState
from .params import CampaignParams, campaign_params
from .progression import level, unit_value

__all__ = ["CampaignParams", "CampaignState", "Choices", "Dice", "NeedChoice", "NeedDie", "Outcome", "Refused",
           "Stored", "apply", "campaign_params", "level", "new_campaign", "replay", "unit_value"]
