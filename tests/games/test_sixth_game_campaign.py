"""A new game with campaign rules is still one package and one line in the setting (docs/architecture.md, "A game
is one package"): its campaign rules, numbers and tables included.

The test copies AoF Regiments' package under a new name and slug, lists it in
`MUSTER_GAMES`, and runs a campaign of it: its campaign rules row comes from
its package, its campaign's length is rolled by its own handler, and the
campaign page opens. No other file of Muster is touched.
"""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from armylists.campaigns.models import CampaignRules
from armylists.campaigns.services import create_campaign
from armylists.campaigns.snapshots import load_state
from armylists.games.registry import campaign_of
from factions.models import GameSystem

from .copies import listed_copy

MODEL = "aof_regiments"  # the game copied: the one with campaign rules
MODEL_SLUG = "aof-regiments"
SLUG, PACKAGE = "sixth-campaign-game", "muster_sixth_campaign_game"

pytestmark = pytest.mark.django_db


@pytest.fixture
def sixth_game(tmp_path, monkeypatch):
    with listed_copy(tmp_path, monkeypatch, MODEL, PACKAGE, SLUG):
        yield GameSystem.objects.get(slug=SLUG)  # its campaign rules row comes from its package, with no migration


def test_its_campaign_rules_are_its_packages(sixth_game):
    rules = campaign_of(SLUG)
    assert rules is not None and rules is not campaign_of(MODEL_SLUG)
    assert {h.__module__.split(".")[0] for h in rules.handlers.values()} == {PACKAGE}
    assert CampaignRules.objects.get(game=sixth_game).params == dict(rules.data)


def test_a_campaign_of_it_is_played_by_its_own_rules_and_its_page_opens(sixth_game, client):
    master = get_user_model().objects.create_user("sixth-master", password="a-long-test-password")
    campaign = create_campaign(name="Sixth League", game=sixth_game, game_master=master, kind="game-limited",
                               length=7)
    state = load_state(campaign).state
    assert state.length == 7 and type(state.params).__module__ == f"{PACKAGE}.campaign.params"
    client.force_login(master)
    page = client.get(reverse("campaigns:campaign-detail", args=[campaign.slug]))
    assert page.status_code == 200 and "Sixth League" in page.content.decode()
