"""The Sheet: what a roster shows, per game, before any HTML or PDF."""
from __future__ import annotations

import copy

import pytest

from armylists.checking.check import check_document
from armylists.games.dulce_bellum.home import SIZES
from tests.factories import kingdom, make_faction, unit_of

from .conftest import CHECKED_AT, LISTS

pytestmark = pytest.mark.django_db


def by_id(sheet):
    return {c.entry_id: c for c in sheet.cards}


def stats(card):
    return [(s.label, s.value) for s in card.stats]


def test_the_header_names_list_player_game_faction_points_and_check_time(make_sheet):
    sheet = make_sheet(LISTS["aof-regiments"], player="ashlord")
    assert (sheet.list_name, sheet.player, sheet.game_slug, sheet.faction) == (
        "Ash Vanguard", "ashlord", "aof-regiments", "Kingdom")
    # The combined Infantrymen 2 × 100 + spears 2 × 10 + two veterans 2 × 5 = 230, the joined Captain 60,
    # the other Infantrymen 100 + banner 5 = 105: 395
    assert (sheet.points, sheet.points_limit, sheet.legal) == (395, 1500, True)
    assert sheet.checked_at == CHECKED_AT
    assert sheet.problems == ()


def test_a_list_file_without_a_player_prints_a_dash(make_sheet):
    assert make_sheet(LISTS["aof-regiments"]).player == "—"


def test_an_opr_hero_that_joined_a_unit_prints_inside_its_host(make_sheet):
    sheet = make_sheet(LISTS["aof-regiments"])
    host, other = sheet.groups[0].cards
    assert host.entry_id == "e1" and [h.name for h in host.joined] == ["Captain"]
    assert other.entry_id == "e3" and other.joined == ()
    assert [c.entry_id for c in sheet.cards] == ["e1", "e2", "e3"]
    assert "Hero" in host.joined[0].tags


def test_a_hero_joined_to_a_missing_entry_prints_alone_and_says_so(make_sheet):
    document = copy.deepcopy(LISTS["aof-regiments"])
    document["entries"][1]["joined_to"] = "nobody"
    sheet = make_sheet(document)
    hero = by_id(sheet)["e2"]
    assert [c.entry_id for c in sheet.groups[0].cards] == ["e1", "e2", "e3"]
    assert ("Joined to", "nobody (no such entry)") in [(d.label, d.value) for d in hero.details]


def test_an_opr_card_has_quality_defense_equipment_and_counts_options_taken_twice(make_sheet):
    card = by_id(make_sheet(LISTS["aof-regiments"]))["e1"]
    assert (card.name, card.custom_name) == ("Infantrymen", "First Cohort")
    assert stats(card) == [("Quality", "4+"), ("Defense", "5+"), ("Equipment", "Hand Weapons (A1)")]
    assert [s.label for s in card.wide_stats] == ["Equipment"]
    assert card.size == "20 models (2 × 10)" and "Combined unit" in card.tags
    assert [(p.text, p.cost_text) for p in card.picks] == [("Spears", "+10\u00a0pts"),
                                                            ("2× Veteran", "+5\u00a0pts each")]
    # 2 × 100 for the combined unit + spears 2 × 10 (every model) + two veterans 2 × 5
    assert card.points == 230 and card.rules == ("Fearless",)


def test_a_battleground_card_has_its_class_keywords_and_a_mercenary_mark(make_sheet):
    cards = by_id(make_sheet(LISTS["battleground"]))
    assert cards["m1"].tags == ("Core",)
    assert cards["k1"].tags == ("Elite",) and cards["k1"].keywords == ("Cavalry",)
    assert cards["s1"].tags == ("Standard", "Mercenary")
    assert ("Faction", "Freeblades") in [(d.label, d.value) for d in cards["s1"].details]
    assert stats(cards["m1"]) == [("Attack", "(3)4/4"), ("Defence", "3/3"), ("Move", '3.5"'), ("Courage", "10")]


def test_battleground_counts_show_core_units_and_command_cards(make_sheet):
    sheet = make_sheet(LISTS["battleground"])
    counts = {c.label: c.value for c in sheet.counts}
    assert counts["Core units"] == "2 of 2"
    assert sheet.points == 835


def test_a_dulce_bellum_card_prints_mv_me_mi_de_then_size_morale_points_and_rarity(make_sheet):
    sheet = make_sheet(LISTS["dulce-bellum"])
    militia, wyrm = by_id(sheet)["a"], by_id(sheet)["b"]
    assert stats(militia) == [("Mv", "4"), ("Me", "4+"), ("Mi", "4+"), ("De", "4+"),
                              ("Size", "Company"), ("Morale", "23"), ("Points", "160")]
    assert militia.tags == ("Common", "Infantry") and militia.points == 175
    assert wyrm.tags == ("Rare", "Monster")
    assert ("Limit", "1 per army") in [(d.label, d.value) for d in wyrm.details]
    assert {c.label: c.value for c in sheet.counts}["Unlock points used"] == "3 of 3"


def test_diskwars_cards_are_grouped_by_regiment_with_recruitment_points(make_sheet):
    sheet = make_sheet(LISTS["diskwars"])
    assert [(g.title, g.note, [c.entry_id for c in g.cards]) for g in sheet.groups] == [
        ("Regiment of Marshal Brandt", "Recruitment points: 8 of 8 spent", ["h1", "t1", "t2"]),
        ("Regiment of Battle Wizard", "Recruitment points: 2 of 6 spent", ["h2", "t3"]),
        ("Not in a regiment", None, ["t4"]),
    ]
    assert sheet.points is None
    assert ("Command cards", "Steady Advance, Hold the Line") in [(e.label, e.value) for e in sheet.extras]


def test_a_diskwars_disk_shows_its_stats_and_recruitment_points(make_sheet):
    cards = by_id(make_sheet(LISTS["diskwars"]))
    assert stats(cards["h1"]) == [("Toughness", "6"), ("Attack", "4"), ("Counter", "3"), ("Move", "3"),
                                  ("RP", "8"), ("Command", "1")]
    assert cards["h1"].tags == ("Hero", "Unique") and cards["h1"].points is None
    assert cards["t2"].tags == ("Troop", "Elite 2") and (cards["t2"].points, cards["t2"].points_unit) == (6, "RP")


def test_violations_are_numbered_and_the_cards_they_name_point_to_them(make_sheet):
    sheet = make_sheet(LISTS["diskwars"])
    assert not sheet.legal
    [problem] = sheet.errors
    assert (problem.number, problem.code) == (1, "no-regiment") and problem.rule
    assert by_id(sheet)["t4"].violations == (1,)
    assert by_id(sheet)["t3"].violations == ()


def test_the_glossary_lists_each_rule_once_without_its_parameter(make_sheet):
    document = copy.deepcopy(LISTS["aof-regiments"])
    document["entries"].append({"id": "e4", "unit": "giant"})  # Tough(12) besides the captain's Tough(3)
    sheet = make_sheet(document)
    names = [t.name for t in sheet.glossary]
    assert names == sorted(names, key=str.casefold)
    assert names.count("Tough") == 1 and "Tough(3)" not in names
    assert {"Fearless", "Hero", "Tough"} <= set(names)
    # No text for it anywhere: listed by name, saying so, never silently dropped.
    assert {t.name: t.description for t in sheet.glossary}["Smoulder"] == (
        "no description in Muster; see the Kingdom army book or the rulebook")


def test_rules_printed_with_their_own_text_stay_out_of_the_glossary(make_sheet):
    names = [t.name for t in make_sheet(LISTS["diskwars"]).glossary]
    assert "Impact" in names and "Magic" in names and "Relentless" in names
    assert "Steam Tank" not in names


def test_battleground_keywords_are_in_the_glossary(make_sheet):
    names = {t.name for t in make_sheet(LISTS["battleground"]).glossary}
    assert {"Cavalry", "Skirmisher", "Mercenaries"} <= names


def test_the_list_fingerprint_changes_when_the_list_changes(make_sheet):
    before = make_sheet(LISTS["aof-regiments"])
    changed = copy.deepcopy(LISTS["aof-regiments"])
    changed["entries"][2]["options"] = []
    after = make_sheet(changed)
    assert before.list_fingerprint != after.list_fingerprint
    assert before.data_fingerprint == after.data_fingerprint
    assert make_sheet(copy.deepcopy(LISTS["aof-regiments"])).list_fingerprint == before.list_fingerprint


def test_the_unit_data_fingerprint_changes_when_a_used_unit_changes(make_sheet):
    before = make_sheet(LISTS["aof-regiments"])
    data = kingdom()
    unit_of(data, "infantry")["cost"] = 105
    make_faction(data)
    after = make_sheet(LISTS["aof-regiments"])
    assert after.data_fingerprint != before.data_fingerprint
    assert after.list_fingerprint == before.list_fingerprint


def test_cards_print_two_by_two_in_list_order(make_sheet):
    group = make_sheet(LISTS["diskwars"]).groups[0]
    assert [[c.entry_id for c in row] for row in group.rows] == [["h1", "t1"], ["t2"]]


def test_stats_print_in_the_games_order_whatever_order_the_database_keeps_them_in():
    """PostgreSQL's jsonb hands keys back shortest first; the card still reads as the game prints it."""
    from armylists.games.card_parts import printed_stats
    from armylists.games.registry import game_home

    def labels(game: str, stats: dict) -> list[str]:
        return [s.label for s in printed_stats(game_home(game).printing.stat_labels, {"stats": stats})]

    assert labels("dulce-bellum", {"de": 4, "me": 4, "mi": 4, "mv": 4, "aura": "x"}) == ["Mv", "Me", "Mi", "De", "Aura"]
    assert labels("diskwars", {"attack": 4, "counter": 3, "movement": 3, "toughness": 6}) == [
        "Toughness", "Attack", "Counter", "Move"]
    assert labels("battleground", {"move": 3, "range": 4, "attack": 4, "courage": 9, "defence": 3}) == [
        "Attack", "Defence", "Range", "Move", "Courage"]


def test_a_list_wide_violation_is_printed_once_and_no_card_points_to_it(make_sheet):
    """The violation's own scope decides, as in the builder: a second unique marshal breaks a rule
    of the army (Diskwars, Customising an Army: unique disks) naming both, shown with the list's problems."""
    document = copy.deepcopy(LISTS["diskwars"])
    document["entries"].append({"id": "h3", "unit": "marshal"})
    sheet = make_sheet(document)
    [unique] = [p for p in sheet.problems if p.code == "duplicate-unique"]
    [violation] = [v for v in check_document(document).report.violations if v.code == "duplicate-unique"]
    assert violation.scope == "list" and violation.entries == ("h1", "h3")
    assert unique.number not in by_id(sheet)["h1"].violations + by_id(sheet)["h3"].violations
    assert by_id(sheet)["t4"].violations  # an entry's own violation still points from its card


def test_a_dulce_bellum_card_prints_its_size_in_the_words_its_game_declares(make_sheet, monkeypatch):
    """Not the size's value capitalised: a game whose word for "company" is "Great Company" prints it."""
    monkeypatch.setitem(SIZES, "company", "Great Company")
    assert ("Size", "Great Company") in stats(by_id(make_sheet(LISTS["dulce-bellum"]))["a"])
