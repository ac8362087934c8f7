"""The builder on a phone-sized screen (375×800): the list comes first, "Add units" opens the picker as
a panel over it, the new entry is shown and highlighted after an add, and nothing is wider than the
screen (the builder, the picker, the library and My lists)."""
from __future__ import annotations

import os
import re

from playwright.sync_api import expect

from armylists.builder import services

from .conftest import Builder, example_list

OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"
WIDEST = """() => [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
    .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className ? '.' + e.className : ''))
    .slice(0, 8)"""


def assert_fits(page, where: str) -> None:
    overflow = page.evaluate(OVERFLOW)
    assert overflow <= 0, f"{where}: {overflow}px of horizontal overflow, from {page.evaluate(WIDEST)}"
    assert page.evaluate(WIDEST) == [], f"{where}: elements wider than the screen: {page.evaluate(WIDEST)}"
    if os.environ.get("MUSTER_SCREENSHOTS"):
        page.screenshot(path=f"{os.environ['MUSTER_SCREENSHOTS']}/{where.replace(' ', '-').replace('/', '_')}.png",
                        full_page=True)


def test_the_builder_fits_a_phone_screen(new_page, player, demo_data):
    page = new_page(player, width=375, height=800)
    builder = Builder(page)
    army_list = services.import_list(owner=player, data=example_list("aof-regiments-legal"))
    page.goto(army_list.get_absolute_url())
    expect(page.get_by_test_id("entry")).to_have_count(len(army_list.document["entries"]))
    assert page.evaluate("window.innerWidth") == 375
    assert_fits(page, "the builder page")

    # The list comes first; the picker is out of the way until "Add units" opens it over the list.
    expect(page.get_by_test_id("unit-picker")).to_be_hidden()
    # With every control a finger's size (44 px) the page's head is taller than it was: the list's
    # name, its points and its verdict are still on the first screen, clear of "Add units".
    bar = page.get_by_test_id("points-bar").bounding_box()
    assert bar["y"] + bar["height"] <= page.get_by_test_id("open-picker").bounding_box()["y"], \
        "the list starts on the first screen"

    page.locator("#list-settings summary").click()
    expect(page.locator("#settings-mixed_armies")).to_be_visible()
    assert_fits(page, "with the list settings open")

    first = builder.entry_ids()[0]
    builder.form(first)
    expect(builder.own(first, "details.entry-edit").get_by_test_id("entry-joined-to").or_(
        builder.own(first, "details.entry-edit").get_by_test_id("entry-combined"))).to_be_visible()
    assert_fits(page, "with an entry's options open")

    page.get_by_test_id("share-on").click()
    expect(page.get_by_test_id("share-link")).to_be_visible()
    assert_fits(page, "with the share link shown")

    page.get_by_test_id("open-picker").click()
    picker = page.locator("#unit-panel")
    expect(picker).to_be_visible()
    box = picker.bounding_box()
    assert box["x"] == 0 and box["width"] == 375, "the picker is a panel over the whole screen"
    expect(page.locator("#unit-search")).to_be_focused()
    page.get_by_test_id("picker-faction").select_option(index=1)  # the faction select fits too
    expect(page.locator("#unit-picker > p.muted")).to_contain_text("(ally)")
    # htmx wires up the swapped-in picker when it settles; a change before that would post nothing.
    expect(page.locator("#unit-picker")).not_to_have_class(re.compile(r"\bhtmx-settling\b"))
    assert_fits(page, "the picker panel")
    page.get_by_test_id("picker-faction").select_option(index=0)
    expect(page.get_by_test_id("add-battle-wagon")).to_be_visible()

    added = builder.add("battle-wagon")  # htmx swaps in the new entry: the panel closes and shows it
    expect(picker).to_be_hidden()
    expect(builder.entry(added)).to_be_in_viewport()
    expect(builder.entry(added)).to_have_class(re.compile(r"\bhighlight\b"))
    expect(page.get_by_test_id("added-note")).to_contain_text("Added Battle Wagon")
    expect(page.get_by_test_id("violation").first).to_be_visible()  # over the points and the unit count
    assert_fits(page, "after adding a unit")

    page.get_by_test_id("open-picker").click()
    page.keyboard.press("Escape")  # the panel closes from the keyboard too
    expect(picker).to_be_hidden()
    expect(page.get_by_test_id("open-picker")).to_be_focused()

    for path in ("/lists/", "/lists/new/?game=aof-regiments", "/lists/import/", "/games/aof-regiments/",
                 "/games/aof-regiments/human-empire/", "/games/aof-regiments/human-empire/infantrymen/",
                 "/games/diskwars/empire/"):
        page.goto(path)
        assert_fits(page, path)
