"""The builder as a player uses it at the table, at 1280 and at 375 px: the points and the verdict stay
in view down a long list, a setting changed keeps the picker's faction, the share page names the
player who asked for it, the keyboard reaches the units to add in a few steps, and every control is a
finger's size on a phone, with nothing past the right edge however many panels are open."""
from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from armylists.builder import services

from .conftest import Builder, example_list
from .layout import WIDTHS
from .test_builder_phone import assert_fits
from .test_builder_ux import close_picker, open_picker


def long_list(player, entries: int = 10):
    """The demo's legal AoF list, cut or padded to `entries` entries (copies of its first troop)."""
    data = example_list("aof-regiments-legal")
    plain = [e for e in data["entries"] if "joined_to" not in e and not e.get("name")]
    rows = (plain * entries)[:entries]
    data["entries"] = [{**e, "id": f"e{i}"} for i, e in enumerate(rows, start=1)]
    data["points_limit"] = 20000
    return services.import_list(owner=player, data=data)


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


def uncovered(locator) -> bool:
    """Nothing (the points bar, the "Add units" button) lies over the middle of the control."""
    return locator.evaluate("""e => { const r = e.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return top !== null && (top === e || e.contains(top)); }""")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_points_and_the_verdict_stay_in_view_while_editing_the_end_of_a_long_list(
        new_page, player, demo_data, width):
    army_list = long_list(player, 12)
    page = new_page(player, width=width, height=800)
    builder = Builder(page)
    page.goto(army_list.get_absolute_url())
    bar = page.get_by_test_id("points-bar")
    points = int(bar.get_by_test_id("points").inner_text())
    last = builder.entry_ids()[-1]
    duplicate = builder.own(last, ".entry-buttons").get_by_test_id("entry-duplicate")
    duplicate.focus()  # as the keyboard gets there: the page scrolls it clear of the bar
    assert page.evaluate("window.scrollY") > 1000, "the end of the list is far down the page"
    assert in_view(page, bar) and uncovered(duplicate)
    with builder.saved():
        duplicate.click()
    expect(bar.get_by_test_id("points")).not_to_have_text(str(points))
    assert in_view(page, bar) and in_view(page, bar.get_by_test_id("legal-badge"))
    remove = builder.own(builder.entry_ids()[-1], ".entry-buttons").get_by_test_id("entry-remove")
    remove.focus()
    assert in_view(page, bar) and uncovered(remove)


@pytest.mark.parametrize("width", WIDTHS)
def test_changing_a_list_setting_keeps_the_faction_chosen_in_the_picker(new_page, player, demo_data, width):
    army_list = services.import_list(owner=player, data=example_list("aof-regiments-legal"))
    page = new_page(player, width=width)
    builder = Builder(page)
    page.goto(army_list.get_absolute_url())
    builder.mark_page()
    open_picker(page)
    page.get_by_test_id("picker-faction").select_option(label="Cursed Dead (sample faction) (ally)")
    expect(page).to_have_url(re.compile(r"[?&]faction="))
    expect(page.locator(".unit-choice").first).to_be_visible()
    close_picker(page)
    page.locator("#list-settings summary").click()
    with builder.saved():
        limit = page.locator("#settings-points_limit")
        limit.fill("2000")
        limit.press("Tab")
    expect(page.get_by_test_id("points-limit")).to_have_text("2000")
    open_picker(page)
    expect(page.get_by_test_id("picker-faction")).to_have_value(
        page.get_by_test_id("picker-faction").locator("option", has_text="Cursed Dead").get_attribute("value"))
    expect(page.get_by_test_id("unit-picker")).to_contain_text("of Cursed Dead")
    builder.assert_not_reloaded()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_share_page_names_the_player_who_asked_for_it(new_page, player, demo_data, width):
    army_list = services.import_list(owner=player, data=example_list("aof-regiments-legal"))
    page = new_page(player, width=width)
    page.goto(army_list.get_absolute_url())
    page.get_by_test_id("share-show-owner").check()
    page.get_by_test_id("share-on").click()
    url = page.get_by_test_id("share-link").get_attribute("href")
    visitor = new_page(width=width)
    visitor.goto(url)
    expect(visitor.get_by_test_id("shared-owner")).to_have_text(f"by {player.username}")
    assert_fits(visitor, f"shared-with-name-{width}")

    page.get_by_test_id("share-off").click()
    page.get_by_test_id("share-on").click()  # shared again, without the name
    visitor.goto(page.get_by_test_id("share-link").get_attribute("href"))
    expect(visitor.get_by_test_id("roster")).to_be_visible()
    expect(visitor.get_by_test_id("shared-owner")).to_have_count(0)
    expect(visitor.locator("body")).not_to_contain_text(player.username)


def tabs_to(page, testid: str, most: int) -> int:
    """Tab from the top of the page until the element with `testid` has the focus; how many Tabs."""
    for count in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.dataset.testid") == testid:
            return count
    raise AssertionError(f"{testid} not reached in {most} Tabs")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_keyboard_reaches_the_first_add_in_a_few_steps_on_a_ten_entry_list(new_page, player, demo_data, width):
    army_list = long_list(player, 10)
    page = new_page(player, width=width)
    page.goto(army_list.get_absolute_url())
    first_add = page.locator('[data-testid^="add-"]').first.get_attribute("data-testid")
    assert tabs_to(page, "skip-to-units", 3) <= 3  # the skip links come first
    page.keyboard.press("Enter")
    expect(page.locator("#unit-search")).to_be_focused()
    assert tabs_to(page, first_add, 8) <= 8
    builder = Builder(page)
    with builder.saved():
        page.keyboard.press("Enter")
    expect(page.get_by_test_id("entry")).to_have_count(11)

    page.goto(army_list.get_absolute_url())  # the other skip link: straight to the entries
    tabs_to(page, "skip-to-entries", 4)
    page.keyboard.press("Enter")
    assert tabs_to(page, "entry-edit", 6) <= 6  # the first entry's controls, not the page's head


# Links inside a sentence are exempt, as in WCAG's target size rule; a checkbox or radio counts with its label.
SMALL_CONTROLS = """() => [...document.querySelectorAll(
        'button, a.button, select, textarea, input:not([type=hidden]), summary, .site-header a, .crumbs a, .unit-name')]
    .map(e => (e.matches('[type=checkbox], [type=radio]') && e.closest('label')) || e)
    .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
    .map(e => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.width < 43.5 || r.height < 43.5)
    .map(([e, r]) => `${e.tagName.toLowerCase()}[${e.dataset.testid || ''}]`
         + ` "${(e.textContent || e.value || '').trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`
    )"""


def assert_big_enough(page, where: str) -> None:
    small = page.evaluate(SMALL_CONTROLS)
    assert small == [], f"{where}: controls under 44x44 px: {small[:12]}"


def open_every_panel(page) -> None:
    """Every <details> of the page opened (an entry's fetches its form), and each form drawn."""
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    expect(page.locator(".entry-form-slot a")).to_have_count(0)


def test_every_control_of_the_builder_and_list_pages_is_a_fingers_size_at_375(new_page, player, demo_data):
    army_list = services.import_list(owner=player, data=example_list("aof-regiments-legal"))
    services.set_sharing(army_list=army_list, shared=True, show_owner=True)
    page = new_page(player, width=375, height=800)
    page.goto(army_list.get_absolute_url())
    open_every_panel(page)
    assert_big_enough(page, "the builder, every panel open")
    assert_fits(page, "the builder, every panel open")
    page.get_by_test_id("open-picker").click()
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    assert_big_enough(page, "the picker, every card open")
    assert_fits(page, "the picker, every card open")

    for url in (reverse("builder:lists"), reverse("builder:shared-list", args=[army_list.share_token])):
        page.goto(url)
        page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
        assert_big_enough(page, url)
        assert_fits(page, url)
