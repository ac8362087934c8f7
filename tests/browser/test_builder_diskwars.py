"""A player builds a Diskwars army by regiments: heroes, troops put in their regiments,
recruitment points left per regiment, and command cards up to the heroes' command value."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from armylists.builder.models import ArmyList

from .conftest import Builder, demo_units

FACTION = "high-elves"
# Each hero's regiment as the army should end up; troops are added after all three heroes,
# so they first join the last hero's regiment and two are then moved.
HEROES = ("tyrion", "high-elf-noble", "high-elf-mage")
REGIMENTS = {"tyrion": ["spearmen", "archers", "silver-helms"],
             "high-elf-noble": ["swordmasters", "archers"],
             "high-elf-mage": ["spearmen"]}
CARDS = ["winds-of-morai-heg", "valour-of-ages", "swift-as-the-wind", "steady-advance", "fire-at-will"]


def note(used: int, budget: int) -> str:
    return f"{used} of {budget} recruitment points used, {budget - used} left"


def test_a_player_builds_a_legal_three_regiment_diskwars_army(player_page, player):
    page, builder = player_page, Builder(player_page)
    units = {slug: unit for (faction, slug), unit in demo_units("diskwars").items() if faction == FACTION}
    budget = {hero: units[hero]["recruitment_points"] for hero in HEROES}
    spent = {hero: sum(units[t]["recruitment_cost"] for t in troops) for hero, troops in REGIMENTS.items()}
    command = sum(units[hero]["command_value"] for hero in HEROES)
    assert command == len(CARDS) and any(units[hero].get("unique") for hero in HEROES)
    assert all(spent[hero] <= budget[hero] for hero in HEROES)

    page.goto("/lists/")
    page.get_by_test_id("new-list").click()
    page.get_by_test_id("game-diskwars").click()
    page.get_by_label("Name").fill("The Prince's host")
    page.get_by_label("Faction").select_option(label="High Elves (sample faction)")
    page.get_by_label("Regiments").fill("3")
    page.get_by_test_id("create-list").click()
    expect(page).to_have_url(re.compile(r"/lists/\d+/$"))
    expect(page.get_by_test_id("points-bar")).to_contain_text("0 disks")
    builder.mark_page()

    page.get_by_test_id("filter-kind").select_option("hero")
    expect(page.get_by_test_id("unit-choice")).to_have_count(3)
    hero_ids = {}
    hero_ids["tyrion"] = builder.add("tyrion")
    page.get_by_test_id("filter-kind").select_option("troop")
    expect(page.get_by_test_id("unit-choice")).to_have_count(7)
    tyrion_troops = [builder.add(troop) for troop in REGIMENTS["tyrion"]]  # each joins the last hero added
    page.get_by_test_id("filter-kind").select_option("hero")
    hero_ids["high-elf-noble"] = builder.add("high-elf-noble")
    hero_ids["high-elf-mage"] = builder.add("high-elf-mage")
    page.get_by_test_id("filter-kind").select_option("troop")
    later = [builder.add(troop) for troop in (*REGIMENTS["high-elf-noble"], *REGIMENTS["high-elf-mage"])]

    def section(hero: str):
        return page.locator(f"#section-regiment-{hero_ids[hero]}")

    expect(section("tyrion").get_by_test_id("entry")).to_have_count(1 + len(tyrion_troops))
    expect(section("high-elf-noble").get_by_test_id("entry")).to_have_count(1)  # nothing recruited yet
    expect(section("high-elf-noble")).to_contain_text(note(0, budget["high-elf-noble"]))
    crowded = sum(units[t]["recruitment_cost"] for t in (*REGIMENTS["high-elf-noble"], *REGIMENTS["high-elf-mage"]))
    expect(section("high-elf-mage")).to_contain_text(note(crowded, budget["high-elf-mage"]))

    for entry_id in later[:len(REGIMENTS["high-elf-noble"])]:  # the noble's troops go to his regiment
        builder.select(entry_id, "entry-regiment", hero_ids["high-elf-noble"])
        expect(section("high-elf-noble").locator(f'[data-entry-id="{entry_id}"]')).to_have_count(1)

    for hero in HEROES:
        expect(section(hero).locator("h2")).to_contain_text(note(spent[hero], budget[hero]))
        expect(section(hero).get_by_test_id("entry")).to_have_count(1 + len(REGIMENTS[hero]))
        expect(page.get_by_test_id("figures")).to_contain_text(re.compile(
            rf"Regiment of {re.escape(units[hero]['name'])}: recruitment points\s*{spent[hero]} of {budget[hero]}"))
    expect(page.get_by_test_id("points-bar")).to_contain_text(f"{len(HEROES) + len(later) + len(tyrion_troops)} disks")

    # Everything is in place but the command cards: not legal yet.
    card_count = page.locator('#violations [data-code="command-card-count"]')
    expect(card_count).to_contain_text(f"0 command cards chosen; the heroes' command values add up to {command}")
    expect(page.get_by_test_id("legal-badge")).to_have_text("Not legal · 1 error")

    for card in CARDS:
        with builder.saved():
            page.get_by_test_id(f"card-{card}").check()
        expect(page.get_by_test_id(f"card-{card}")).to_be_checked()

    expect(page.get_by_test_id("violation")).to_have_count(0)
    expect(page.get_by_test_id("legal-badge")).to_have_text("Legal")
    expect(page.get_by_test_id("all-clear")).to_be_visible()
    expect(page.get_by_test_id("figures")).to_contain_text(re.compile(
        rf"Regiments \(agreed\)\s*3 of 3.*Command cards \(heroes' command value\)\s*{command} of {command}", re.S))
    builder.assert_not_reloaded()

    saved = ArmyList.objects.get(owner=player).document
    assert saved["regiments"] == 3 and sorted(saved["command_cards"]) == sorted(CARDS)
    regiments = {hero: sorted(e["unit"] for e in saved["entries"] if e.get("regiment") == hero_ids[hero])
                 for hero in HEROES}
    assert regiments == {hero: sorted(troops) for hero, troops in REGIMENTS.items()}
