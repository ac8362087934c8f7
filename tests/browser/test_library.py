"""A visitor browses the game library in a real browser."""
from __future__ import annotations

import re

from playwright.sync_api import expect


def test_a_visitor_finds_a_unit_card_by_searching_a_faction(page, demo_data):
    page.goto("/")
    expect(page.get_by_role("heading", name="Build and check army lists")).to_be_visible()
    page.get_by_role("link", name="Battleground Fantasy Warfare").click()
    expect(page.get_by_text("per 500 points of budget", exact=False)).to_be_visible()
    page.get_by_role("link", name=re.compile("Hawkshold")).first.click()
    page.get_by_placeholder("Search units").fill("knig")
    expect(page.locator("#unit-cards .unit-card")).to_have_count(1)
    expect(page.locator("#unit-cards")).to_contain_text("413 pts")
