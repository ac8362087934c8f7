"""Campaign services: the log is appended to, the ledger adds up, a refused action writes nothing."""
from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.db.models import Sum

from armylists.boundary.errors import BadInput
from armylists.builder import services as builder_services
from armylists.campaigns import services
from armylists.campaigns.models import Action, CampaignUnit, LedgerEntry, Membership
from armylists.campaigns.snapshots import load_state
from armylists.checking.library import library_of
from armylists.rules.campaign import NeedChoice, Refused
from factions.models import Faction

from .conftest import new_unit, play_mission

pytestmark = pytest.mark.django_db


def bank(campaign, key: str) -> int:
    return load_state(campaign).state.armies[key].bank


def ledger_sum(campaign, key: str) -> int:
    return LedgerEntry.objects.filter(army__campaign=campaign, army__key=key).aggregate(s=Sum("amount"))["s"]


def test_creating_a_campaign_logs_its_length(campaign):
    """AoF Regiments, Campaign Rules: Campaign Types, Campaign Length: Game-Limited, D6+4 missions."""
    first = campaign.actions.get()
    assert (first.kind, first.rolls) == ("set-length", {"length": [3]})
    assert load_state(campaign).state.length == 7
    assert Membership.objects.filter(campaign=campaign).count() == 2


def test_the_app_rolls_the_length_when_none_is_entered(aof, players):
    campaign = services.create_campaign(name="Rolled", game=aof, game_master=players["alice"], kind="point-limited")
    assert 5 <= load_state(campaign).state.length <= 10


def test_a_campaign_of_a_game_without_campaign_rules_is_endless_and_has_no_length(players, battleground):
    campaign = services.create_campaign(name="Hawks", game=battleground,
                                        game_master=players["alice"], kind="game-limited")
    assert (campaign.kind, campaign.actions.count()) == ("endless", 0)


def test_joining_needs_the_current_invitation(campaign, players):
    old = campaign.invite_token
    services.renew_invite(campaign=campaign, actor=players["alice"])
    with pytest.raises(Refused, match="no longer valid"):
        services.join_campaign(campaign=campaign, user=players["carol"], token=old)
    services.join_campaign(campaign=campaign, user=players["carol"], token=campaign.invite_token)
    with pytest.raises(Refused, match="only the game master"):
        services.renew_invite(campaign=campaign, actor=players["bob"])


def test_starting_armies_writes_the_ledger(armies):
    assert bank(armies, "a1") == ledger_sum(armies, "a1") == 150
    assert list(armies.armies.values_list("key", "name")) == [("a1", "Red Host"), ("a2", "Blue Host")]
    assert CampaignUnit.objects.filter(army__campaign=armies, active=True).count() == 14


def test_a_mission_pays_both_armies_and_every_entry_says_who_and_why(armies, players):
    """Campaign Rules: Play Mission, Mission Goals: the winner gets 2 VP and 150pts, the loser 300pts."""
    play_mission(armies, players["bob"], winner="a2")
    entry = LedgerEntry.objects.filter(army__key="a1").last()
    assert (entry.amount, entry.note, entry.action.actor.username) == (300, "lost mission 1", "bob")
    assert bank(armies, "a1") == ledger_sum(armies, "a1") == 450
    assert bank(armies, "a2") == ledger_sum(armies, "a2") == 300


def test_a_refused_action_writes_nothing(armies, players):
    before = (Action.objects.count(), LedgerEntry.objects.count())
    with pytest.raises(Refused, match="has not played a mission yet"):
        services.perform(campaign=armies, actor=players["alice"], kind="buy-upgrade",
                         data={"army": "a1", "unit": "u1", "upgrade": "spears"})
    assert (Action.objects.count(), LedgerEntry.objects.count()) == before


def test_bad_data_is_refused_with_its_path(armies, players):
    with pytest.raises(BadInput, match=r"^unit: must use only lower-case letters, digits and hyphens"):
        services.perform(campaign=armies, actor=players["alice"], kind="disband-unit",
                         data={"army": "a1", "unit": "../x"})
    with pytest.raises(BadInput, match="kind: no kind of action 'teleport'"):
        services.perform(campaign=armies, actor=players["alice"], kind="teleport", data={})


def test_only_members_act(armies, players):
    with pytest.raises(Refused, match="carol is not a member"):
        services.perform(campaign=armies, actor=players["carol"], kind="disband-unit",
                         data={"army": "a1", "unit": "u1"})


def test_another_player_cannot_change_an_army(armies, players):
    with pytest.raises(Refused, match="only alice or the game master"):
        services.perform(campaign=armies, actor=players["bob"], kind="disband-unit",
                         data={"army": "a1", "unit": "u1"})


def test_the_log_and_ledger_are_append_only(armies):
    action = Action.objects.first()
    with pytest.raises(ValueError, match="append-only"):
        action.save()
    with pytest.raises(ValueError, match="append-only"):
        LedgerEntry.objects.first().save()


def test_unit_names_are_unique_in_an_army_in_the_database_too(armies):
    """AoF Regiments, Campaign Rules: Preparation, The Army Sheet: each unit has a unique name."""
    army = armies.armies.get(key="a1")
    with pytest.raises(IntegrityError), transaction.atomic():
        CampaignUnit.objects.create(army=army, key="u99", name="FOOT 1", unit="infantrymen", faction="human-empire")


def test_a_dead_units_name_is_free_again(armies, players, aof):
    play_mission(armies, players["alice"])
    services.perform(campaign=armies, actor=players["alice"], kind="post-battle",
                     data={"mission": 1, "army": "a1", "results": [{"unit": "u1", "casualty": True}]},
                     entered={"u1/casualty": [1]})
    services.perform(campaign=armies, actor=players["alice"], kind="recruit",
                     data={"army": "a1", "unit": new_unit(aof, "Foot 1", "infantrymen")})
    assert list(CampaignUnit.objects.filter(army__key="a1", name="Foot 1").values_list("key", "active")) == [
        ("u1", False), ("u15", True)]


def test_a_level_up_that_needs_a_choice_asks_for_it_and_writes_nothing_until_given(armies, players):
    """Campaign Rules: Earn Experience, the trait table: a Specialist picks melee or shooting."""
    play_mission(armies, players["alice"])
    data = {"mission": 1, "army": "a1", "results": [{"unit": "u1", "killed_units": 4}]}
    with pytest.raises(NeedChoice) as asked:
        services.perform(campaign=armies, actor=players["alice"], kind="post-battle", data=data,
                         entered={"u1/level1": [3]})
    assert asked.value.key == "u1/level1/specialist"
    assert not Action.objects.filter(kind="post-battle").exists()
    services.perform(campaign=armies, actor=players["alice"], kind="post-battle", data=data,
                     entered={"u1/level1": [3]}, choices={"u1/level1/specialist": "melee"})
    row = Action.objects.get(kind="post-battle")
    assert (row.rolls, row.choices) == ({"u1/level1": [3]}, {"u1/level1/specialist": "melee"})
    assert load_state(armies).state.armies["a1"].units["u1"].traits == ("specialist:melee",)


def test_an_army_started_from_a_list_is_a_copy_checked_against_the_campaign_rules(campaign, aof, players):
    """Campaign Rules: Preparation, The Armies: 750 points, at most 150 banked and one hero; the list itself is never
    changed."""
    from armylists.campaigns.specs import units_from_list
    faction = Faction.objects.get(game=aof, slug="human-empire")
    army_list = builder_services.create_list(owner=players["bob"], name="Skirmishers", game=aof, faction=faction,
                                             settings={"points_limit": 750})
    for unit in ("infantrymen",) * 6 + ("captain",):
        builder_services.add_entry(army_list=army_list, library=library_of(aof), unit=unit)
    document = army_list.document
    faction_slug, units = units_from_list(document)
    assert [u.name for u in units][:3] == ["Infantrymen", "Infantrymen 2", "Infantrymen 3"]
    from armylists.rules.campaign.data import to_data
    services.start_army(campaign=campaign, actor=players["bob"], owner=players["bob"], name="Skirmishers",
                        faction=faction_slug, units=[to_data(u) for u in units])
    assert bank(campaign, "a1") == 150
    army_list.refresh_from_db()
    assert army_list.document == document
    builder_services.add_entry(army_list=army_list, library=library_of(aof), unit="captain")
    _, two_heroes = units_from_list(army_list.document)
    with pytest.raises(Refused, match="at most 1"):
        services.start_army(campaign=campaign, actor=players["alice"], owner=players["alice"], name="Copycats",
                            faction="human-empire", units=[to_data(u) for u in two_heroes])
