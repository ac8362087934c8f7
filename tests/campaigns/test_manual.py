"""Campaigns of the four games whose rulebooks have no campaign rules: armies with XP, notes and a points ledger
kept by hand, and no invented rules (no starting points, caps, levels or rewards)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.urls import reverse

from armylists.campaigns import services
from armylists.campaigns.snapshots import load_state
from armylists.campaigns.specs import units_from_list
from armylists.campaigns.transfer import export_campaign, import_campaign
from armylists.rules.campaign import Refused
from armylists.rules.campaign.data import to_data
from factions.importer import import_file
from factions.models import GameSystem

pytestmark = pytest.mark.django_db

DEMO = Path(__file__).resolve().parents[2] / "factions" / "data" / "demo"
GAMES = ["aof-skirmish", "battleground", "diskwars", "dulce-bellum"]


@pytest.fixture(params=GAMES)
def manual(request, players):
    """A campaign of the game with bob's army copied from the game's legal demo list."""
    import_file(DEMO / f"{request.param}.json")
    game = GameSystem.objects.get(slug=request.param)
    campaign = services.create_campaign(name=f"{game.name} league", game=game, game_master=players["alice"],
                                        kind="game-limited")
    services.join_campaign(campaign=campaign, user=players["bob"], token=campaign.invite_token)
    document = json.loads((DEMO / "lists" / f"{request.param}-legal.json").read_text())
    faction, units = units_from_list(document)
    services.start_army(campaign=campaign, actor=players["bob"], owner=players["bob"], name="Bob's Band",
                        faction=faction, units=[to_data(u) for u in units])
    return campaign


def test_a_campaign_without_rules_is_endless_and_kept_by_hand(manual):
    state = load_state(manual).state
    army = state.armies["a1"]
    assert (manual.kind, state.manual, state.length) == ("endless", True, None)
    assert army.bank == 0 and army.ledger == []  # no starting points: that is a rule of another book
    assert len(army.units) > 0


def test_the_player_keeps_xp_points_and_vp_by_hand(manual, players):
    services.perform(campaign=manual, actor=players["bob"], kind="adjust",
                     data={"army": "a1", "unit": "u1", "xp": 40, "points": 200, "vp": 3, "reason": "league round 1"})
    army = load_state(manual).state.armies["a1"]
    assert (army.units["u1"].xp, army.bank, army.vp) == (40, 200, 3)  # no 30 XP cap: no invented rules
    assert army.ledger[-1].note == "league round 1"
    with pytest.raises(Refused, match="cannot pay"):
        services.perform(campaign=manual, actor=players["bob"], kind="adjust",
                         data={"army": "a1", "points": -201, "reason": "overspent"})


def test_no_rules_actions_in_a_campaign_kept_by_hand(manual, players):
    with pytest.raises(Refused, match="no campaign rules"):
        services.perform(campaign=manual, actor=players["alice"], kind="start-mission",
                         data={"fielded": [{"army": "a1", "units": ["u1"]}, {"army": "a1", "units": ["u2"]}]})
    with pytest.raises(Refused, match="no campaign rules"):
        services.perform(campaign=manual, actor=players["bob"], kind="buy-upgrade",
                         data={"army": "a1", "unit": "u1", "upgrade": "x"})


def test_units_are_added_and_noted_by_hand_and_the_file_round_trips(manual, players, client_for):
    faction = load_state(manual).state.armies["a1"].faction
    unit = GameSystem.objects.get(slug=manual.game.slug).factions.get(slug=faction).units.first()
    response = client_for("bob").post(reverse("campaigns:unit-recruit", args=[manual.slug, "a1"]),
                                      {"unit": unit.slug, "name": "Newcomers"})
    assert response.status_code == 302
    services.perform(campaign=manual, actor=players["bob"], kind="set-notes",
                     data={"army": "a1", "unit": "u1", "notes": "lost an arm"})
    state = load_state(manual).state
    assert "Newcomers" in {u.name for u in state.armies["a1"].units.values()}
    exported = export_campaign(manual)
    assert {**export_campaign(import_campaign(exported, slug="copy")), "slug": manual.slug} == exported


def test_the_army_page_shows_no_levels(manual, client_for):
    page = client_for("bob").get(reverse("campaigns:army-detail", args=[manual.slug, "a1"])).content.decode()
    units = page.split('data-testid="units"')[1].split("</table>")[0]
    assert "level" not in units and 'data-testid="xp-track"' not in units
    assert "Change points, VP or XP by hand" in page
