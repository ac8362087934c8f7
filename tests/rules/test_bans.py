"""An event's settings on a list: bans (`banned-faction`, `banned-unit`) and list settings forced on.

The bans are no rulebook's rule but an organiser's (docs/violations.md, Event codes);
they reach the engine through the same overrides as the game's numbers.
"""
from __future__ import annotations

import pytest

from armylists.rules.model import Faction
from armylists.games.registry import game_home
from armylists.rules.overrides import apply_overrides

from .conftest import army, check, codes, entry, only, params, unit

GAME = "aof-regiments"
INFANTRY = unit("infantry", name="Infantrymen", cost=100, models=10)
KNIGHTS = unit("knights", name="Knights", cost=150, models=3)
CAPTAIN = unit("captain", name="Captain", cost=60, hero=True)
SKELETONS = unit("skeletons", name="Skeletons", faction="undead", cost=80, models=10)
NECROMANCER = unit("necromancer", name="Necromancer", faction="undead", cost=70, hero=True)
FACTIONS = (Faction("kingdom", "Kingdom"), Faction("undead", "Undead"))
UNDEAD_KNIGHTS = unit("knights", name="Black Knights", faction="undead", cost=160, models=3)


def checked(the_army, **settings):
    """Checked with an event's settings; the list settings it may set are the game's to say."""
    return check(*apply_overrides(the_army, params(GAME), settings, game_home(GAME).event_list_settings))


def mixed(*entries):
    return army(GAME, *entries, points_limit=1500, factions=FACTIONS)


def test_every_entry_of_a_banned_faction_is_one_violation_naming_its_units():
    report = checked(mixed(entry("e1", INFANTRY), entry("e2", SKELETONS), entry("e3", NECROMANCER),
                           entry("e4", SKELETONS)), banned_factions=["undead"])
    violation = only(report, "banned-faction")
    assert violation.entries == ("e2", "e3", "e4")
    assert violation.message == "Skeletons and Necromancer are from Undead, a faction this event does not allow"
    assert violation.severity == "error" and violation.rule == "Event rules: Banned factions"
    assert not report.legal


def test_one_entry_of_a_banned_faction_reads_in_the_singular():
    report = checked(mixed(entry("e1", INFANTRY), entry("e2", SKELETONS, name="Bone Wall")),
                     banned_factions=["undead", "orcs"])
    assert only(report, "banned-faction").message == "Bone Wall is from Undead, a faction this event does not allow"


def test_a_banned_unit_is_one_violation_with_all_its_entries():
    report = checked(mixed(entry("e1", KNIGHTS), entry("e2", INFANTRY), entry("e3", KNIGHTS)),
                     banned_units=["kingdom/knights"])
    violation = only(report, "banned-unit")
    assert violation.entries == ("e1", "e3")
    assert violation.message == "Knights (2 entries): this event does not allow this unit"
    assert violation.rule == "Event rules: Banned units"


def test_a_unit_is_banned_in_its_own_faction_only():
    """Slugs are unique within a faction, so `kingdom/knights` says nothing of the undead's knights."""
    report = checked(mixed(entry("e1", UNDEAD_KNIGHTS), entry("e2", KNIGHTS)), banned_units=["kingdom/knights"])
    assert only(report, "banned-unit").entries == ("e2",)


def test_bans_change_no_points_and_flag_nothing_when_unused():
    the_army = mixed(entry("e1", INFANTRY), entry("e2", KNIGHTS))
    plain = check(the_army, params(GAME))
    banned = checked(the_army, banned_factions=["undead"], banned_units=["kingdom/captain"])
    assert banned == plain and banned.points == 250


def test_a_list_without_event_settings_is_never_banned():
    report = check(mixed(entry("e1", SKELETONS)), params(GAME))
    assert "banned-faction" not in codes(report)


@pytest.mark.parametrize("spelling", ["knights", "kingdom/", "/knights"])
def test_a_banned_unit_must_be_spelt_faction_slash_unit(spelling):
    with pytest.raises(ValueError, match="faction/unit"):
        checked(mixed(entry("e1", KNIGHTS)), banned_units=[spelling])


def test_an_unknown_event_setting_is_still_refused():
    with pytest.raises(ValueError, match="unknown setting.*banned_armies"):
        checked(mixed(entry("e1", KNIGHTS)), banned_armies=["undead"])


def test_the_event_forces_force_organisation_on_a_list_that_turned_it_off():
    """"Force lists must follow Force Org. rules" (AoF Regiments, Tournament Guidelines: The Armies)."""
    heroes = [entry(f"h{i}", CAPTAIN) for i in range(3)]
    the_army = army(GAME, *heroes, points_limit=750, force_organisation=False)
    assert check(the_army, params(GAME)).legal
    report = checked(the_army, force_organisation=True)
    assert only(report, "too-many-heroes").entries == ("h0", "h1", "h2")


def test_bans_and_the_games_numbers_apply_together():
    """An event at 1500 points with one hero per 500 points and the undead banned."""
    priest = unit("priest", name="Priest", cost=40, hero=True)
    the_army = mixed(*(entry(f"h{i}", CAPTAIN) for i in range(3)), entry("p", priest), entry("s", SKELETONS))
    assert check(the_army, params(GAME)).legal  # 4 heroes of the book's 1500 // 375 = 4
    report = checked(the_army, hero_per=500, banned_factions=["undead"])
    assert codes(report) == ["banned-faction", "too-many-heroes"]
