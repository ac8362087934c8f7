"""A campaign's state, rebuilt from its log each time it is needed.

Nothing a replay can compute is stored: the armies, their units, XP, traits,
VP and banks all come from replaying the campaign's actions through the rules
engine, which takes a few milliseconds for a long campaign.
"""
from __future__ import annotations

from dataclasses import dataclass

from armylists.rules.campaign import (
    CampaignParams,
    CampaignState,
    Outcome,
    Refused,
    Stored,
    campaign_params,
    new_campaign,
    replay,
)
from armylists.rules.campaign.data import action_from_data

from .models import Action, Campaign, CampaignRules


class BrokenLog(Exception):
    """The stored log no longer replays (the game's campaign rules were changed under it)."""


def rules_of(campaign: Campaign) -> CampaignParams | None:
    """The game's campaign rules, or None for a game without them (a campaign kept by hand)."""
    rules = CampaignRules.objects.filter(game_id=campaign.game_id).first()
    return campaign_params(rules.params, campaign.overrides) if rules else None


def initial_state(campaign: Campaign, params: CampaignParams | None = None) -> CampaignState:
    return new_campaign(game=campaign.game.slug, game_master=campaign.game_master.get_username(),
                        params=params if params is not None else rules_of(campaign), kind=campaign.kind,
                        permadeath=campaign.permadeath, parallel_play=campaign.parallel_play,
                        late_joiners=campaign.late_joiners)


def stored(row: Action) -> Stored:
    return Stored(action_from_data(row.kind, row.payload), row.actor.get_username(), row.rolls, row.choices)


@dataclass(frozen=True)
class Loaded:
    campaign: Campaign
    state: CampaignState
    rows: list[Action]
    outcomes: list[Outcome]

    @property
    def params(self) -> CampaignParams | None:
        return self.state.params

    def log(self) -> list[tuple[Action, Outcome]]:
        """Every action with what it did, newest first."""
        return list(reversed(list(zip(self.rows, self.outcomes, strict=True))))


def load_state(campaign: Campaign) -> Loaded:
    rows = list(campaign.actions.select_related("actor").order_by("number"))
    try:
        state, outcomes = replay(initial_state(campaign), [stored(r) for r in rows])
    except Refused as error:
        raise BrokenLog(f"the campaign log no longer replays: {error}") from None
    return Loaded(campaign, state, rows, outcomes)
