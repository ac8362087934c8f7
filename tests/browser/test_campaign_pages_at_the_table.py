"""The campaign pages at the table, in Chromium at 375 px (a phone) and 1280 px, read on one campaign shared by the
module (tests/browser/conftest.py, shared_demo): every page laid out within the screen with every control
reachable and large enough, the campaign's own numbers, casualty rolls in words and the buy list."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .campaign_world import border_wars
from .layout import WIDTHS, assert_controls_fit


@pytest.fixture(scope="module")
def table(shared_demo, django_db_blocker):
    with django_db_blocker.unblock():
        return border_wars()


def pages(slug: str) -> dict[str, str]:
    base = f"/campaigns/{slug}"
    return {"campaigns": "/campaigns/", "new campaign": "/campaigns/new/", "campaign (leaderboard)": f"{base}/",
            "army start": f"{base}/armies/new/?faction=human-empire", "army": f"{base}/armies/a1/",
            "between missions": f"{base}/armies/a1/manage/", "mission set-up": f"{base}/missions/new/",
            "mission with its result": f"{base}/missions/1/", "mission being played": f"{base}/missions/2/",
            "post-battle form": f"{base}/missions/1/armies/a2/",
            "post-battle recorded": f"{base}/missions/1/armies/a1/"}


@pytest.mark.parametrize("width", WIDTHS)
def test_every_campaign_page_lays_out_within_the_screen(new_page, table, width):
    page = new_page(table["alice"], width=width, height=800)
    for where, url in pages(table["campaign"].slug).items():
        page.goto(url)
        assert_controls_fit(page, where)
    page.goto(f"/campaigns/join/{table['campaign'].invite_token}/")
    assert_controls_fit(page, "the invitation")
    # A level-up that rolls Specialist (a 3 on the trait table) asks which: the choice page.
    page.goto(f"/campaigns/{table['campaign'].slug}/missions/1/armies/a2/")
    page.get_by_test_id("kills-u8").fill("5")
    page.get_by_test_id("dice-u8").fill("3")
    page.get_by_test_id("record-post-battle").click()
    expect(page.get_by_test_id("choose-form")).to_be_visible()
    assert_controls_fit(page, "a choice to make")
    # Left unmade, the choice waits on the post-battle page, which offers it again or withdraws the dice.
    page.goto(f"/campaigns/{table['campaign'].slug}/missions/1/armies/a2/")
    expect(page.get_by_test_id("dice-waiting")).to_be_visible()
    assert_controls_fit(page, "dice waiting for a choice")
    page.get_by_test_id("withdraw-dice").click()
    expect(page.get_by_test_id("post-battle-form")).to_be_visible()
    # The mission's "record" link, the post-battle's last columns, the leaderboard's Value and Bank: within the
    # screen's width where they are, not behind a sideways scroll.
    slug = table["campaign"].slug
    page.goto(f"/campaigns/{slug}/missions/1/")
    on_screen(page, page.get_by_test_id("post-battle-a2"))
    page.goto(f"/campaigns/{slug}/missions/1/armies/a2/")
    for label in ("Heroes Foot 1 killed", "Dice Foot 1 rolled"):
        on_screen(page, page.get_by_label(label, exact=True))
    page.goto(f"/campaigns/{slug}/")
    for cell in page.get_by_test_id("army-bank").all() + page.get_by_test_id("army-value").all():
        on_screen(page, cell)


def on_screen(page, locator) -> None:
    box = locator.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"], (locator, box)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_pages_say_the_campaigns_numbers_and_what_the_dice_did(new_page, table, width):
    page = new_page(table["alice"], width=width, height=800)
    slug = table["campaign"].slug
    page.goto(f"/campaigns/{slug}/missions/1/armies/a1/")
    expect(page.locator(".steps")).to_contain_text("lost: 200 points")
    expect(page.get_by_test_id("post-battle-dice")).to_contain_text(
        "a casualty; Casualty roll 3: Recovered, back for the next mission, no penalty.")
    page.goto(f"/campaigns/{slug}/missions/2/")
    expect(page.get_by_test_id("result-form")).to_contain_text("every other army gets 200")
    page.goto(f"/campaigns/{slug}/armies/a1/manage/")
    offers = page.locator('[data-unit="u1"]').get_by_test_id("buy-select").locator("option").all_inner_texts()
    assert offers and not any("Halberds" in o or "Spears" in o for o in offers), offers
