"""The builder on a phone-sized screen (375×800): everything fits the width, nothing scrolls sideways."""
from __future__ import annotations

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


def test_the_builder_fits_a_phone_screen(new_page, player, demo_data):
    page = new_page(player, width=375, height=800)
    builder = Builder(page)
    army_list = services.import_list(owner=player, data=example_list("aof-regiments-legal"))
    page.goto(army_list.get_absolute_url())
    expect(page.get_by_test_id("entry")).to_have_count(len(army_list.document["entries"]))
    assert page.evaluate("window.innerWidth") == 375
    assert_fits(page, "the builder page")

    page.locator("#list-settings summary").click()
    expect(page.locator("#settings-mixed_armies")).to_be_visible()
    assert_fits(page, "with the list settings open")

    first = builder.entry_ids()[0]
    builder.form(first)
    expect(builder.entry(first).get_by_test_id("entry-joined-to").or_(
        builder.entry(first).get_by_test_id("entry-combined"))).to_be_visible()
    assert_fits(page, "with an entry's options open")

    page.get_by_test_id("share-on").click()
    expect(page.get_by_test_id("share-link")).to_be_visible()
    assert_fits(page, "with the share link shown")

    added = builder.add("battle-wagon")  # the roster swapped in by htmx fits as well
    expect(builder.entry(added)).to_be_visible()
    expect(page.get_by_test_id("violation").first).to_be_visible()  # over the points and the unit count
    assert_fits(page, "after adding a unit")

    for path in ("/lists/", "/lists/new/?game=aof-regiments", "/lists/import/"):
        page.goto(path)
        assert_fits(page, path)
