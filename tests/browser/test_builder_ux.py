"""The builder a player prefers to Army Forge, at 1280 and at 375 px: unit cards in the picker and
on each entry, joined heroes inside their unit's card, copies told apart, legal join targets, the
picker offering what the list allows, violations where they belong, Diskwars command cards, My
lists, the small things (tab title, undo, moving entries, a stale tab), no horizontal scroll, no
serious or critical axe-core finding, and the keyboard for every control."""
from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from armylists.builder import services
from armylists.builder.models import ArmyList

from .conftest import Builder, example_list
from .layout import DESKTOP, WIDTHS
from .test_builder_phone import assert_fits

AXE = Axe()


def assert_accessible(page, where: str) -> None:
    """No serious or critical finding of axe-core (bundled by axe-playwright-python: nothing fetched)."""
    found = AXE.run(page).response["violations"]
    bad = [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
           for v in found if v["impact"] in ("serious", "critical")]
    assert not bad, f"{where}: " + "; ".join(bad)


def open_picker(page) -> None:
    """On a phone the picker is a panel opened by "Add units"; on a desktop it is always there."""
    opener = page.get_by_test_id("open-picker")
    if opener.is_visible():
        opener.click()
    expect(page.get_by_test_id("unit-picker")).to_be_visible()


def close_picker(page) -> None:
    closer = page.get_by_test_id("close-picker")
    if closer.is_visible():
        closer.click()


@pytest.mark.parametrize("width", WIDTHS)
def test_unit_cards_joined_heroes_and_copies(new_page, player, demo_data, width):
    page = new_page(player, width=width)
    builder = Builder(page)
    army_list = services.import_list(owner=player, data=example_list("aof-regiments-legal"))
    page.goto(army_list.get_absolute_url())

    # A joined hero is shown inside its unit's card, with the unit's total (85 + 215 = 300).
    host = builder.entry("e1")
    expect(host.locator(':scope > [data-testid="joined"] [data-entry-id="e2"]')).to_be_visible()
    expect(host.locator(':scope > [data-testid="joined"] > [data-testid="unit-total"]')).to_contain_text(
        "Unit total with Captain: 300 pts")
    # Copies are told apart; every unit name links to its page in the library.
    expect(builder.own("e7", "header h3")).to_have_text("Marksmen (2)")
    expect(builder.own("e11", "header h3")).to_have_text("Knights (2)")
    expect(builder.own("e10", "header h3 a")).to_have_attribute("href", "/games/aof-regiments/human-empire/knights/")

    # The card: compact, opened in place; a special rule explains itself (popover) from the keyboard.
    profile = builder.own("e10", "details.profile")
    expect(profile.locator("dl.stats")).to_be_hidden()
    profile.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(profile.locator("dl.stats")).to_contain_text("Quality")
    rule = profile.get_by_test_id("rule").first
    rule.focus()
    page.keyboard.press("Enter")
    term = page.locator(f"#{rule.get_attribute('popovertarget')}")
    expect(term).to_be_visible()
    expect(term).not_to_be_empty()
    page.keyboard.press("Escape")
    expect(term).to_be_hidden()
    assert_fits(page, f"cards-{width}")

    # The picker shows each unit's card too, with the options it offers and their costs.
    open_picker(page)
    choice = page.locator('[data-testid="unit-choice"][data-unit="infantrymen"]')
    choice.get_by_test_id("profile").click()
    expect(choice.locator("ul.options")).to_contain_text("Halberds")
    expect(choice.locator("ul.options")).to_contain_text("+15 pts · all models")
    expect(choice.locator("a.unit-name")).to_have_attribute("href", "/games/aof-regiments/human-empire/infantrymen/")
    assert_fits(page, f"picker-{width}")
    close_picker(page)

    # "Joined to" offers only legal targets: no heroes, no single models, no unit another hero has.
    select = builder.form("e9").get_by_test_id("entry-joined-to")
    offered = select.locator("option").all_inner_texts()
    assert "Rebels" in offered  # its own host
    for refused in ("Captain", "Battle Wizard", "Great Cannon", "Infantrymen", "First Spear Regiment"):
        assert refused not in offered, (refused, offered)
    assert "Knights (2)" in offered and "Marksmen (2)" in offered


@pytest.mark.parametrize("width", WIDTHS)
def test_an_illegal_join_stays_offered_and_says_why(new_page, player, demo_data, width):
    data = example_list("aof-regiments-legal")
    data["entries"][3]["joined_to"] = "e12"  # the Battle Wizard onto the Great Cannon, a single model
    army_list = services.import_list(owner=player, data=data)
    page = new_page(player, width=width)
    builder = Builder(page)
    page.goto(army_list.get_absolute_url())
    flags = builder.own("e4", '[data-testid="entry-flags"]')
    expect(flags).to_contain_text("a hero only joins a unit of several models")
    expect(flags).to_contain_text("AoF Regiments")  # each violation with the rule it comes from
    expect(page.locator('#violations [data-code="invalid-join"]')).to_have_count(0)  # not repeated above
    form = builder.form("e4")
    expect(form.get_by_test_id("entry-joined-to").locator("option:checked")).to_have_text(
        "Great Cannon (not allowed)")
    expect(form.get_by_test_id("join-problem")).to_contain_text("a hero only joins a unit of several models")
    builder.select("e4", "entry-joined-to", "e10")  # a legal target: the hero moves into the Knights' card
    expect(builder.entry("e10").locator('[data-testid="joined"] [data-entry-id="e4"]')).to_be_visible()
    expect(page.locator(".entry.flagged")).to_have_count(0)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_picker_offers_what_the_list_allows(new_page, player, demo_data, width):
    page = new_page(player, width=width)
    lists = {name: services.import_list(owner=player, data=example_list(f"{name}-legal"))
             for name in ("dulce-bellum", "battleground", "aof-skirmish", "aof-regiments")}
    for name in ("dulce-bellum", "aof-skirmish"):  # one faction only: no faction to switch to
        page.goto(lists[name].get_absolute_url())
        open_picker(page)
        expect(page.get_by_test_id("picker-faction")).to_have_count(0)

    page.goto(lists["battleground"].get_absolute_url())
    open_picker(page)
    faction = page.get_by_test_id("picker-faction")
    expect(faction.locator("option")).to_have_text(["Men of Hawkshold", "Persians (sample faction) (mercenaries)"])
    faction.select_option("persians")
    expect(page.get_by_test_id("unit-choice")).to_have_count(2)  # only the Persians' mercenary units
    assert_fits(page, f"battleground-picker-{width}")

    page.goto(lists["aof-regiments"].get_absolute_url())
    open_picker(page)
    expect(page.get_by_test_id("picker-faction").locator("option")).to_have_text(
        ["Human Empire", "Cursed Dead (sample faction) (ally)", "Rift Daemons (sample faction) (ally)"])


@pytest.mark.parametrize("width", WIDTHS)
def test_diskwars_command_cards_and_recruitment_points(new_page, player, demo_data, width):
    army_list = services.import_list(owner=player, data=example_list("diskwars-legal"))
    page = new_page(player, width=width)
    page.goto(army_list.get_absolute_url())
    expect(page.get_by_test_id("cards-needed")).to_contain_text(re.compile(r"Choose exactly \d+ command card"))
    expect(page.get_by_test_id("entry-points").first).to_contain_text("recruitment points")
    expect(page.locator("#roster")).not_to_contain_text(re.compile(r"\b0 (RP|points|pts)\b"))
    expect(page.locator("#entries")).to_contain_text("recruitment points used")
    assert_fits(page, f"diskwars-{width}")
    for game in ("dulce-bellum", "battleground"):
        other = services.import_list(owner=player, data=example_list(f"{game}-legal"))
        page.goto(other.get_absolute_url())
        expect(page.locator("#roster")).not_to_contain_text(re.compile(r"\b0 (points|pts)\b"))


@pytest.mark.parametrize("width", WIDTHS)
def test_my_lists_in_columns_newest_first_a_page_at_a_time(new_page, player, demo_data, width):
    for n in range(27):
        services.import_list(owner=player, data={**example_list("aof-regiments-legal"), "name": f"List {n:02}"})
    newest = services.import_list(owner=player, data=example_list("battleground-illegal"))
    page = new_page(player, width=width)
    page.goto("/lists/")
    rows = page.get_by_test_id("list-row")
    expect(rows).to_have_count(25)
    first = rows.first
    expect(first.get_by_test_id("list-link")).to_have_text(newest.name)
    expect(first).to_contain_text("Battleground")
    expect(first.get_by_test_id("legal-badge")).to_have_text("Not legal")
    if width == DESKTOP:  # a table: every row's cells start where their column's heading does
        heads = [round(b["x"]) for b in page.locator("#my-lists thead th").evaluate_all(
            "cells => cells.map(c => c.getBoundingClientRect())")]
        for row in rows.all()[:5]:
            cells = [round(b["x"]) for b in row.locator("td").evaluate_all(
                "cells => cells.map(c => c.getBoundingClientRect())")]
            assert cells == heads
    assert_fits(page, f"my-lists-{width}")
    assert_accessible(page, f"My lists at {width}")
    page.get_by_test_id("next-page").click()
    expect(rows).to_have_count(3)


@pytest.mark.parametrize("width", WIDTHS)
def test_rename_undo_move_and_a_stale_tab(new_page, player, demo_data, width):
    army_list = services.import_list(owner=player, data=example_list("aof-regiments-legal"))
    page = new_page(player, width=width)
    builder = Builder(page)
    page.goto(army_list.get_absolute_url())
    builder.mark_page()

    page.locator("#list-settings summary").click()
    with builder.saved():
        page.get_by_test_id("list-name-input").fill("Autumn muster")
        page.get_by_test_id("rename-list").click()
    expect(page).to_have_title("Autumn muster · Muster")  # the tab follows the rename

    # Move: the Knights (2) card goes up, above the Knights; its ↑ takes it back.
    with builder.saved():
        builder.own("e11", ".entry-buttons").get_by_test_id("entry-up").click()
    assert builder.entry_ids().index("e11") < builder.entry_ids().index("e10")
    # Undo takes back the last change, from the list's history.
    expect(page.get_by_test_id("undo-what")).to_contain_text("Reordered the entries")
    with builder.saved():
        page.get_by_test_id("undo").click()
    assert builder.entry_ids().index("e10") < builder.entry_ids().index("e11")
    expect(page.get_by_test_id("undo-what")).to_contain_text("Undo")

    # An edit from a stale tab is made to the list as it is now, and says what had changed.
    other = new_page(player, width=width)
    other.goto(army_list.get_absolute_url())
    builder.remove("e13")
    stale = Builder(other)
    stale.own("e12", ".entry-buttons").get_by_test_id("entry-duplicate").click()
    expect(other.get_by_test_id("stale")).to_contain_text("Removed Battle Wagon")
    expect(other.locator("#entries")).not_to_contain_text("Battle Wagon")  # the whole list, as it is now
    expect(other.get_by_test_id("entry")).to_have_count(13)
    builder.assert_not_reloaded()
    assert ArmyList.objects.get(pk=army_list.pk).name == "Autumn muster"


@pytest.mark.parametrize("width", WIDTHS)
def test_every_control_works_from_the_keyboard_and_axe_finds_nothing_serious(new_page, player, demo_data, width):
    army_list = services.import_list(owner=player, data=example_list("aof-regiments-legal"))
    page = new_page(player, width=width)
    builder = Builder(page)
    page.goto(army_list.get_absolute_url())
    assert_accessible(page, f"the builder at {width}")

    # Add from the keyboard: open the picker (a phone's panel), focus Add, press Enter.
    opener = page.get_by_test_id("open-picker")
    if opener.is_visible():
        opener.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#unit-search")).to_be_focused()
        assert_accessible(page, f"the picker panel at {width}")
    before = set(builder.entry_ids())
    with builder.saved():
        page.get_by_test_id("add-knights").focus()
        page.keyboard.press("Enter")
    added = (set(builder.entry_ids()) - before).pop()
    expect(builder.entry(added)).to_have_class(re.compile(r"\bhighlight\b"))
    expect(builder.own(added, "header h3")).to_have_text("Knights (3)")

    # Open its options and take one with the keyboard; the form is swapped in, focus stays put.
    form = builder.form(added)
    box = form.locator('input[type="checkbox"]').first
    with builder.saved():
        box.focus()
        page.keyboard.press("Space")
    expect(builder.form(added).locator('input[type="checkbox"]').first).to_be_checked()
    with builder.saved():
        builder.own(added, ".entry-buttons").get_by_test_id("entry-up").focus()
        page.keyboard.press("Enter")
    assert builder.entry_ids()[-1] != added
    assert_accessible(page, f"the builder after edits at {width}")

    # The share page and the library pages.
    services.set_sharing(army_list=army_list, shared=True)
    army_list.refresh_from_db()
    for path in (f"/lists/shared/{army_list.share_token}/", "/", "/games/aof-regiments/",
                 "/games/aof-regiments/human-empire/", "/games/aof-regiments/human-empire/knights/"):
        page.goto(path)
        assert_fits(page, f"{path}-{width}")
        assert_accessible(page, f"{path} at {width}")

    # A game's and a faction's page offer to build a list for them.
    page.goto("/games/aof-regiments/human-empire/")
    page.get_by_test_id("build-list").click()
    expect(page.locator("#id_faction option:checked")).to_have_text("Human Empire")
