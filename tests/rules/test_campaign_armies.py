"""Preparation, upgrades, recruits and disbanding (AoF Regiments, Campaign Rules: Preparation, Upgrade Armies
and Recruit Units)."""
from __future__ import annotations

import pytest

from armylists.rules.campaign import Refused, unit_value
from armylists.rules.campaign.actions import (BuyUpgrade, DisbandArmy, DisbandUnit, NewUnit, Recruit, RenameUnit,
                                              SellUpgrade, StartArmy)

from .campaign_support import CAPTAIN, INFANTRY, PARAMS, WIZARD, Play, starting_roster, units


@pytest.fixture
def play() -> Play:
    """Two armies after their first mission, ready for steps 5 and 6. Alice's bank: 150 + 150 (won)."""
    play = Play()
    play.two_armies()
    play.after_mission()
    return play


def start(roster, play=None):
    play = play or Play()
    return play(StartArmy("a1", "alice", "Red Host", "human-empire", roster), "alice")


# --- preparation -----------------------------------------------------------------------------------

def test_an_army_starts_with_750_points_and_banks_the_rest():
    """Preparation, The Armies: each player receives 750pts to spend."""
    outcome = start(starting_roster())
    army = outcome.state.armies["a1"]
    assert army.bank == 150
    assert [(e.amount, e.reason) for e in army.ledger][:2] == [(750, "start"), (-90, "purchase")]


@pytest.mark.parametrize("foot, allowed", [(6, True), (7, True), (5, False)])
def test_at_most_150_points_are_kept(foot, allowed):
    """Preparation, The Armies: "Players may save up to 150pts"; spending 590 would keep 160."""
    roster = units(*[(INFANTRY, f"Foot {i}") for i in range(foot)], (CAPTAIN, "Captain"))
    if allowed:
        start(roster)
    else:
        with pytest.raises(Refused, match="at most 150 may be"):
            start(roster)


def test_an_army_over_750_points_is_refused():
    with pytest.raises(Refused, match="costs 780 points, more than the 750"):
        start(units(*[(INFANTRY, f"Foot {i}") for i in range(8)], (CAPTAIN, "Captain")))


def test_an_army_starts_with_at_most_one_hero():
    """Preparation, The Armies: "they may only buy one unit with the Hero rule"."""
    with pytest.raises(Refused, match="at most 1"):
        start(units(*[(INFANTRY, f"Foot {i}") for i in range(6)], (CAPTAIN, "Captain"), (WIZARD, "Wizard")))


def test_unit_names_are_unique_in_an_army_whatever_their_case():
    """Preparation, The Army Sheet: "Each army and unit must be given a unique name"."""
    with pytest.raises(Refused, match="already has a unit called Foot"):
        start(units(*[(INFANTRY, "Foot")] + [(INFANTRY, "FOOT")] + [(INFANTRY, f"F{i}") for i in range(5)]))


def test_army_names_are_unique_in_a_campaign(play):
    with pytest.raises(Refused, match="already an army called Red Host"):
        play(StartArmy("a3", "carol", "red host", "human-empire", starting_roster()), "carol")


def test_a_unit_can_be_renamed_but_not_to_a_name_in_use(play):
    play(RenameUnit("a1", "u1", "The Old Guard"), "alice")
    assert play.unit("a1", "u1").name == "The Old Guard"
    with pytest.raises(Refused, match="already has a unit called The Old Guard"):
        play(RenameUnit("a1", "u2", "the old guard"), "alice")


# --- step 5: upgrades ------------------------------------------------------------------------------

def test_upgrades_wait_for_the_first_mission():
    """Preparation, Campaign Structure: steps 5 and 6 come after a mission."""
    play = Play()
    play.two_armies()
    with pytest.raises(Refused, match="has not played a mission yet"):
        play(BuyUpgrade("a1", "u1", "spears"), "alice")


def test_buying_an_upgrade_spends_its_price(play):
    """Upgrade Armies, Buying Upgrades: "Players may buy upgrades for their units ... by spending any points they have
    available"."""
    before = play.army("a1").bank
    play(BuyUpgrade("a1", "u1", "banner"), "alice")
    assert play.army("a1").bank == before - 25
    assert unit_value(play.unit("a1", "u1"), PARAMS) == 90 + 25 + 0


def test_buying_an_upgrade_worth_less_than_0_gains_its_points(play):
    """Upgrade Armies, Buying Upgrades: "When buying upgrades worth less than 0pts, you gain those points instead"."""
    before = play.army("a1").bank
    play(BuyUpgrade("a1", "u1", "rabble"), "alice")
    assert play.army("a1").bank == before + 10


def test_an_upgrade_the_bank_cannot_pay_is_refused(play):
    """Upgrade Armies, Buying Upgrades: upgrades are paid from "any points they have available", so the bank never
    goes below zero. Bob lost: 150 + 300 in the bank."""
    play(BuyUpgrade("a2", "u8", "war-wagon"), "bob")
    assert play.army("a2").bank == 50
    with pytest.raises(Refused, match="has 50 points in the bank and cannot pay 400"):
        play(BuyUpgrade("a2", "u9", "war-wagon"), "bob")
    assert play.army("a2").bank == 50 and play.unit("a2", "u9").upgrades == ()


def test_an_option_group_allows_one_weapon(play):
    play(BuyUpgrade("a1", "u1", "spears"), "alice")
    with pytest.raises(Refused) as refused:
        play(BuyUpgrade("a1", "u1", "halberds"), "alice")
    # The group is named by its upgrades as players read them, never by its slug.
    assert "may take only 1 upgrade of Spears or Halberds" in refused.value.message
    assert "'" not in refused.value.message
    with pytest.raises(Refused, match="already has Spears"):
        play(BuyUpgrade("a1", "u1", "spears"), "alice")


@pytest.mark.parametrize("price, refund", [(10, 5), (15, 5), (20, 10), (25, 10), (30, 15), (35, 15), (40, 20),
                                           (45, 20), (50, 25), (55, 25), (100, 50), (8, 0), (0, 0), (-10, -10)])
def test_sale_prices(price, refund):
    """Upgrade Armies, Selling Upgrades: half the original price, rounded down to the nearest multiple of 5; an
    upgrade worth less than 0 costs its full points to sell."""
    assert PARAMS.sale_price(price) == refund


def test_selling_a_25_point_upgrade_refunds_10_and_a_15_point_one_5(play):
    """Upgrade Armies, Selling Upgrades: "at half of their original price (rounding down to the nearest multiple
    of 5)"."""
    play(BuyUpgrade("a1", "u1", "banner"), "alice")
    play(BuyUpgrade("a1", "u2", "halberds"), "alice")
    before = play.army("a1").bank
    play(SellUpgrade("a1", "u1", "banner"), "alice")
    assert play.army("a1").bank == before + 10
    play(SellUpgrade("a1", "u2", "halberds"), "alice")
    assert play.army("a1").bank == before + 15
    assert play.unit("a1", "u1").upgrades == ()


def test_a_5_point_upgrade_sells_on_a_4_and_is_tried_once_after_each_mission(play):
    """Upgrade Armies, Selling Upgrades: on a 1-3 the item can't be sold, on a 4+ it sells for 5pts; one try after each
    mission."""
    play(BuyUpgrade("a1", "u1", "sergeant"), "alice")
    play(BuyUpgrade("a1", "u2", "sergeant"), "alice")
    before = play.army("a1").bank
    play(SellUpgrade("a1", "u1", "sergeant"), "alice", dice=[3])
    assert play.unit("a1", "u1").upgrades == ("sergeant",) and play.army("a1").bank == before
    with pytest.raises(Refused, match="already offered for sale after this mission"):
        play(SellUpgrade("a1", "u1", "sergeant"), "alice", dice=[6])
    play(SellUpgrade("a1", "u2", "sergeant"), "alice", dice=[4])
    assert play.unit("a1", "u2").upgrades == () and play.army("a1").bank == before + 5
    play.after_mission()
    play(SellUpgrade("a1", "u1", "sergeant"), "alice", dice=[5])
    assert play.unit("a1", "u1").upgrades == ()


def test_selling_an_upgrade_worth_less_than_0_costs_its_points(play):
    """Upgrade Armies, Selling Upgrades: "When selling upgrades worth less than 0pts, you must spend their full points
    cost"."""
    play(BuyUpgrade("a1", "u1", "rabble"), "alice")
    before = play.army("a1").bank
    play(SellUpgrade("a1", "u1", "rabble"), "alice")
    assert play.army("a1").bank == before - 10


# --- step 6: recruits ------------------------------------------------------------------------------

def test_a_second_hero_recruit_after_one_mission_is_refused(play):
    """Recruit Units, Recruiting Heroes: "Players may recruit up to one new hero after each mission"."""
    play(Recruit("a1", NewUnit("Merlin", WIZARD)), "alice")
    with pytest.raises(Refused, match="at most 1 per mission") as refused:
        play(Recruit("a1", NewUnit("Morgana", WIZARD)), "alice")
    assert "Recruit Units" in refused.value.rule


def test_a_fourth_hero_is_refused(play):
    """Recruit Units, Recruiting Heroes: "may only have 3 heroes in their army at once"."""
    # The army started with one hero (u7, its Captain).
    play(Recruit("a1", NewUnit("Merlin", WIZARD)), "alice")
    play.after_mission()
    play(Recruit("a1", NewUnit("Morgana", WIZARD)), "alice")
    play.after_mission()
    with pytest.raises(Refused, match="already has 3 heroes; at most 3 at once"):
        play(Recruit("a1", NewUnit("Gandalf", WIZARD)), "alice")


def test_regular_recruits_are_unlimited_but_paid_for(play):
    """Recruit Units, Recruiting Regular Units: "Players may recruit as many regular units as they want after each
    mission"."""
    before = play.army("a1").bank
    play(Recruit("a1", NewUnit("New 1", INFANTRY)), "alice")
    play(Recruit("a1", NewUnit("New 2", INFANTRY, ("spears",))), "alice")
    assert play.army("a1").bank == before - 90 - 100


def test_a_veteran_recruit_pays_50_more_and_starts_with_5_xp(play):
    """Recruit Units, Recruiting Regular Units: "One of the new recruited units may also start with 5 XP if the player
    pays +50pts"."""
    before = play.army("a1").bank
    play(Recruit("a1", NewUnit("Veterans", INFANTRY), veteran=True), "alice", dice={"u15/level1": [4]})
    veteran = play.unit("a1", "u15")
    assert (veteran.xp, veteran.traits) == (5, ("resilient",))
    assert play.army("a1").bank == before - 90 - 50
    assert unit_value(veteran, PARAMS) == 90 + 25  # worth its level (Earn Experience: +25), the rest is a fee
    with pytest.raises(Refused, match="already recruited a veteran after this mission"):
        play(Recruit("a1", NewUnit("More Veterans", INFANTRY), veteran=True), "alice", dice=[1])


def test_heroes_are_not_recruited_as_veterans(play):
    with pytest.raises(Refused, match="only regular units"):
        play(Recruit("a1", NewUnit("Old Merlin", WIZARD), veteran=True), "alice")


def test_recruiting_waits_for_the_armys_post_battle():
    play = Play()
    play.two_armies()
    play.after_mission()
    play.mission()
    with pytest.raises(Refused, match="has a mission to finish first"):
        play(Recruit("a1", NewUnit("New", INFANTRY)), "alice")


# --- disbanding ------------------------------------------------------------------------------------

def test_a_disbanded_unit_gives_nothing_back(play):
    """Recruit Units, Disbanding Units: "Any unit may be freely disbanded, losing all of its XP and upgrades"."""
    before = play.army("a1").bank
    play(DisbandUnit("a1", "u1"), "alice")
    assert play.unit("a1", "u1").status == "disbanded" and play.army("a1").bank == before


def test_disbanding_the_army_loses_units_vp_and_points_and_starts_again(play):
    """Recruit Units, Disbanding Units: "disband their full army, losing all units, VP, points, etc. and start a new
    army from scratch"."""
    play(DisbandArmy("a1"), "alice")
    army = play.army("a1")
    assert (army.bank, army.vp, army.started, list(army.active_units())) == (0, 0, False, [])
    play(StartArmy("a1", "alice", "Red Host Reborn", "human-empire", starting_roster("New ")), "alice")
    assert (play.army("a1").bank, play.army("a1").restarted) == (150, True)
    assert sum(e.amount for e in play.army("a1").ledger) == play.army("a1").bank


def test_only_the_player_or_the_game_master_changes_an_army(play):
    with pytest.raises(Refused, match="only alice or the game master"):
        play(DisbandUnit("a1", "u1"), "bob")
    play(DisbandUnit("a1", "u1"), "gm")
