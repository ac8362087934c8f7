"""Age of Fantasy: Regiments' campaign rules, as its home hands them to the engine (`CAMPAIGN`).

AoF Regiments, Campaign Rules: the numbers and tables are data (`rules.json`),
the steps of a mission and between missions are the handlers below; what
every campaign has (starting an army, names, disbanding, corrections, undo)
is the engine's (`armylists.rules.campaign`).
"""
from __future__ import annotations

import json
from pathlib import Path

from armylists.rules.campaign.actions import (
    BuyUpgrade,
    PostBattle,
    RandomEvent,
    RecordResult,
    Recruit,
    SellUpgrade,
    SetLength,
    SetTraits,
    StartArmy,
    StartMission,
)
from armylists.rules.campaign.game import GameCampaign

from . import armies, corrections, missions, random_events
from .params import campaign_params, number_names

CAMPAIGN = GameCampaign(
    read=campaign_params,
    number_names=number_names(),
    handlers={
        SetLength: corrections.set_length,
        StartArmy: armies.start_army,
        StartMission: missions.start_mission,
        RandomEvent: random_events.random_event,
        RecordResult: missions.record_result,
        PostBattle: missions.post_battle,
        BuyUpgrade: armies.buy_upgrade,
        SellUpgrade: armies.sell_upgrade,
        Recruit: armies.recruit,
        SetTraits: corrections.set_traits,
    },
    data=json.loads(Path(__file__).with_name("rules.json").read_text(encoding="utf-8")),
)
