"""The campaign pages at the table, in Chromium at 375 px (a phone) and 1280 px: every page laid out within
the screen, disbanding asked first, house rules one per line and a refused start that keeps its name. The pages
that only read are in test_campaign_pages_at_the_table.py, on one campaign for the module."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from armylists.campaigns.models import Action

from .campaign_world import border_wars
from .layout import WIDTHS, assert_controls_fit


@pytest.fixture
def table(demo_data):
    return border_wars()


@pytest.mark.parametrize("width", WIDTHS)
def test_disbanding_is_asked_first_and_cancel_keeps_the_unit(new_page, table, width):
    page = new_page(table["alice"], width=width, height=800)
    slug = table["campaign"].slug
    page.goto(f"/campaigns/{slug}/armies/a1/manage/")
    page.locator('[data-unit="u2"]').get_by_test_id("disband-unit").click()
    expect(page.get_by_test_id("confirm")).to_contain_text("Disband Foot 2?")
    expect(page.get_by_test_id("confirm")).to_contain_text("cannot be undone")
    assert_controls_fit(page, "the question")
    assert not Action.objects.filter(kind="disband-unit").exists()
    page.get_by_test_id("confirm-no").click()
    expect(page.locator('[data-unit="u2"]')).to_have_count(1)
    page.locator('[data-unit="u2"]').get_by_test_id("disband-unit").click()
    page.get_by_test_id("confirm-yes").click()
    expect(page.locator(".messages")).to_contain_text("Foot 2")
    expect(page.locator('[data-unit="u2"]')).to_have_count(0)
    # The whole army too.
    page.get_by_role("button", name="Disband Red Host").click()
    expect(page.get_by_test_id("confirm")).to_contain_text("loses all its units")
    page.get_by_test_id("confirm-no").click()
    assert not Action.objects.filter(kind="disband-army").exists()


@pytest.mark.parametrize("width", WIDTHS)
def test_house_rules_one_per_line_and_a_refused_start_keeps_what_was_typed(new_page, table, width):
    page = new_page(table["bob"], width=width, height=800)
    page.goto("/campaigns/new/")
    page.get_by_label("Name").fill("Gentle Wars")
    page.get_by_label("House rules").fill("loss_points = 250\nwin_points = 120, objective_points = 60")
    page.get_by_test_id("create-campaign").click()
    expect(page.get_by_test_id("house-rules")).to_contain_text("loss_points 250, objective_points 60, win_points 120")
    page.goto(f"/campaigns/{table['campaign'].slug}/armies/new/?faction=human-empire")
    page.get_by_test_id("units-army-name").fill("Too Big Host")
    page.get_by_label("How many Infantrymen", exact=True).fill("9")
    page.get_by_test_id("start-from-units").click()
    expect(page.locator(".messages")).to_contain_text("Nothing was changed")
    expect(page.get_by_test_id("units-army-name")).to_have_value("Too Big Host")
    expect(page.get_by_label("How many Infantrymen", exact=True)).to_have_value("9")
