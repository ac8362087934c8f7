"""A visitor browses the game library in a real browser."""
from __future__ import annotations

import re

from playwright.sync_api import expect


def test_a_visitor_finds_unit_cards_by_searching_and_filtering_a_faction(page, shared_demo):
    page.goto("/")
    expect(page.get_by_role("heading", name="Build and check army lists")).to_be_visible()
    page.get_by_role("link", name="Battleground Fantasy Warfare").click()
    expect(page.get_by_text("per 500 points of budget", exact=False)).to_be_visible()
    page.get_by_role("link", name=re.compile("Hawkshold")).first.click()
    cards = page.locator("#unit-cards .unit-card")
    expect(cards).to_have_count(13)
    page.get_by_placeholder("Search units").fill("lance")
    expect(cards).to_have_count(1)
    expect(cards.first).to_contain_text("Lancers")
    page.get_by_placeholder("Search units").fill("")
    page.get_by_label("Show").select_option("class:elite")
    expect(cards).to_have_count(3)
    expect(page.locator("#unit-cards")).to_contain_text("413 pts")
    assert "filter=class%3Aelite" in page.url  # the filtered page can be bookmarked and shared
