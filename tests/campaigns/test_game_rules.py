"""A game's campaign rules row comes from its package after every `migrate`, as its game-system row does
(docs/architecture.md, "A game is one package"): made for a game in use that has campaign rules, completed
with what the package adds, and what an administrator changed keeps its value."""
from __future__ import annotations

import pytest

from armylists.campaigns.gamerules import sync_campaign_rules
from armylists.campaigns.models import CampaignRules
from armylists.games.registry import game_home, homes
from factions.models import GameSystem

pytestmark = pytest.mark.django_db


def test_each_game_with_campaign_rules_gets_its_row_from_its_package_and_no_other_game_does():
    CampaignRules.objects.all().delete()
    sync_campaign_rules(GameSystem, CampaignRules)
    rows = {row.game.slug: row.params for row in CampaignRules.objects.select_related("game")}
    assert rows == {home.slug: dict(home.campaign.data) for home in homes() if home.campaign is not None}
    assert "aof-regiments" in rows


def test_a_number_the_package_adds_reaches_an_existing_row_and_a_changed_one_keeps_its_value():
    row = CampaignRules.objects.get(game__slug="aof-regiments")
    row.params = {**{k: v for k, v in row.params.items() if k != "veteran_xp"}, "loss_points": 200}
    row.save()
    sync_campaign_rules(GameSystem, CampaignRules)
    row.refresh_from_db()
    assert row.params["veteran_xp"] == game_home("aof-regiments").campaign.data["veteran_xp"]
    assert row.params["loss_points"] == 200
