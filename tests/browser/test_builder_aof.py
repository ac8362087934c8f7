"""A player builds AoF Regiments lists in the builder: the points bar, the legal badge, and violations
that come and go with each edit, all without a page reload."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from armylists.builder import services
from armylists.builder.models import ArmyList

from .conftest import Builder, demo_units, example_list

GAME, FACTION = "aof-regiments", "human-empire"


def entry_cost(units: dict, entry: dict, faction: str) -> int:
    """What the rulebook's arithmetic makes of one entry, from the demo unit data: the unit's cost,
    doubled when combined, plus its options, an option for all models doubled too."""
    unit = units[(entry.get("faction", faction), entry["unit"])]
    options = {o["slug"]: o for o in unit.get("options", [])}
    factor = 2 if entry.get("combined") else 1
    return unit["cost"] * factor + sum(
        options[slug]["cost"] * (factor if options[slug].get("scope") == "all_models" else 1)
        for slug in entry.get("options", []))


def option_testid(unit: dict, slug: str) -> str:
    """A pick-one group's option is a radio button; any other option here is a checkbox."""
    option = next(o for o in unit["options"] if o["slug"] == slug)
    groups = {g["slug"]: g for g in unit.get("option_groups", [])}
    group = groups.get(option.get("group") or "")
    return f"group-{group['slug']}-{slug}" if group and group["max"] == 1 else f"option-{slug}"


def create_list(page, name: str, faction_name: str, points: int) -> None:
    page.goto("/lists/")
    page.get_by_test_id("new-list").click()
    page.get_by_test_id(f"game-{GAME}").click()
    page.get_by_label("Name").fill(name)
    page.get_by_label("Faction").select_option(label=faction_name)
    page.get_by_label("Points limit").fill(str(points))
    page.get_by_label("Force organisation").check()
    page.get_by_test_id("create-list").click()
    expect(page).to_have_url(re.compile(r"/lists/\d+/$"))
    expect(page.locator("#list-name")).to_have_text(name)


def test_a_player_builds_the_legal_1500_point_human_empire_list(player_page, player):
    page, builder = player_page, Builder(player_page)
    target = example_list("aof-regiments-legal")  # the demo's legal list, rebuilt click by click
    units = demo_units(GAME)
    expected = {e["id"]: entry_cost(units, e, FACTION) for e in target["entries"]}
    total = sum(expected.values())
    assert total == 1450  # the figure the demo README gives for this list

    create_list(page, "Spears of the Empire", "Human Empire", 1500)
    expect(page.get_by_test_id("empty-list")).to_be_visible()
    expect(page.get_by_test_id("points")).to_have_text("0")
    expect(page.get_by_test_id("points-limit")).to_have_text("1500")
    expect(page.locator("#settings-force_organisation")).to_be_checked()
    builder.mark_page()

    ids: dict[str, str] = {}  # the example's entry ids -> the ids the builder gave
    for wanted in target["entries"]:
        unit = units[(FACTION, wanted["unit"])]
        if wanted["unit"] == "battle-wagon":  # find one unit by searching the picker
            page.get_by_test_id("unit-search").press_sequentially("wagon")  # typed: htmx searches on keyup
            expect(page.get_by_test_id("unit-choice")).to_have_count(1)
        entry_id = ids[wanted["id"]] = builder.add(wanted["unit"])
        expect(page.get_by_test_id("empty-list")).to_have_count(0)  # gone with the first unit, no reload
        for slug in wanted.get("options", []):
            builder.check(entry_id, option_testid(unit, slug))
        if wanted.get("combined"):
            builder.check(entry_id, "entry-combined")
        if "joined_to" in wanted:
            builder.select(entry_id, "entry-joined-to", ids[wanted["joined_to"]])
        if "name" in wanted:
            builder.rename(entry_id, wanted["name"])
        expect(builder.entry(entry_id).get_by_test_id("entry-points")).to_have_text(f"{expected[wanted['id']]} pts")

    expect(page.get_by_test_id("entry")).to_have_count(len(target["entries"]))
    expect(page.get_by_test_id("points")).to_have_text(str(total))
    expect(page.get_by_test_id("points-bar")).to_have_class(re.compile(r"\bis-legal\b"))
    expect(page.get_by_test_id("legal-badge")).to_have_text("Legal")
    expect(page.get_by_test_id("all-clear")).to_be_visible()
    expect(page.get_by_test_id("violation")).to_have_count(0)
    builder.assert_not_reloaded()

    # What was saved is the example list, entry for entry.
    saved = ArmyList.objects.get(owner=player).document
    assert saved["points_limit"] == 1500
    assert saved.get("force_organisation", True) is True  # a list file leaves out settings at their default (on)
    fields = ("unit", "combined", "name")
    assert [({k: e.get(k) for k in fields}, sorted(e.get("options", [])), e.get("joined_to"))
            for e in saved["entries"]] == [
        ({k: e.get(k) for k in fields}, sorted(e.get("options", [])), ids.get(e.get("joined_to")))
        for e in target["entries"]]

    # The same list on a fresh load says the same.
    page.reload()
    expect(page.get_by_test_id("points")).to_have_text(str(total))
    expect(page.get_by_test_id("legal-badge")).to_have_text("Legal")


def four_heroes_list(owner):
    """A legal 1500-point list with 4 heroes, the most force organisation allows at 1500 (1 per 375)."""
    return services.import_list(owner=owner, data={
        "format": "armylists/list@1", "game": GAME, "faction": FACTION, "name": "Four captains",
        "points_limit": 1500, "force_organisation": True, "entries": [
            {"id": "e1", "unit": "infantrymen"},
            {"id": "e2", "unit": "infantrymen", "options": ["spears"]},
            {"id": "e3", "unit": "captain", "joined_to": "e1"},
            {"id": "e4", "unit": "battle-wizard", "joined_to": "e2"},
            {"id": "e5", "unit": "mercenary"},
            {"id": "e6", "unit": "captain"},
        ]})


def test_a_fifth_hero_is_flagged_and_removing_it_makes_the_list_legal_again(player_page, player):
    page, builder = player_page, Builder(player_page)
    army_list = four_heroes_list(player)
    page.goto(army_list.get_absolute_url())
    expect(page.get_by_test_id("legal-badge")).to_have_text("Legal")
    builder.mark_page()

    page.get_by_test_id("filter-hero").select_option("yes")  # the picker shows only heroes
    expect(page.get_by_test_id("unit-choice")).to_have_count(3)
    fifth = builder.add("battle-wizard")

    violation = page.locator('#violations [data-code="too-many-heroes"]')
    expect(violation).to_have_count(1)
    expect(violation).to_contain_text("5 heroes")
    expect(violation).to_contain_text("at most 4 at 1500 points (1 per 375)")
    expect(violation.locator(".concerned a")).to_have_count(5)
    expect(page.get_by_test_id("legal-badge")).to_have_text("Not legal · 1 error")
    expect(page.get_by_test_id("points-bar")).to_have_class(re.compile(r"\bis-illegal\b"))
    expect(violation.get_by_test_id("violation-rule")).to_contain_text("AoF Regiments")
    # A problem of the whole list is said once, above it, not again on each hero's card.
    expect(page.locator(".entry.flagged")).to_have_count(0)
    expect(page.get_by_test_id("entry-flags")).to_have_count(0)

    builder.remove(fifth)
    expect(page.get_by_test_id("violation")).to_have_count(0)
    expect(page.get_by_test_id("all-clear")).to_be_visible()
    expect(page.get_by_test_id("legal-badge")).to_have_text("Legal")
    expect(page.locator(".entry.flagged")).to_have_count(0)
    builder.assert_not_reloaded()
