"""Muster's own campaign rules, where the book leaves the matter to the group or says nothing.

Every refusal names its rule: the book's section (`CampaignNumbers.section`) when
the book makes it, else one of these, which docs/campaigns.md sets out ("Running
a campaign", "How it is kept", "The campaign file").
"""
from __future__ import annotations

WHO_CHANGES = "Muster's campaigns: only an army's player or the game master changes it"
GAME_MASTER = "Muster's campaigns: the game master's corrections, each with its reason"
CORRECTION_BOUNDS = "Muster's campaigns: a correction keeps VP, XP, traits and statuses within the book's bounds"
FILE_BOUNDS = "Muster's campaigns: the bounds of names, notes, reasons and counts"
KEYS = "Muster's campaigns: the log names armies, units and missions of this campaign by their keys"
STORED_DICE = "Muster's campaigns: every die and choice an action stores is one it used"
BY_HAND = "Muster's campaigns: a game without campaign rules is kept by hand"
ONE_ARMY = "Muster's campaigns: one army per player"
CAMPAIGN_KINDS = "Muster's campaigns: a campaign is game-limited, point-limited, time-limited or endless"
UPGRADES = "Muster's campaigns: a unit takes only the upgrades its unit data offers, each once, within its groups"
GONE = "Muster's campaigns: a dead or disbanded unit stays on the sheet, out of the army"
