"""The campaign pages at the table, in Chromium at 375 px (a phone) and 1280 px: every page laid out within
the screen with every control reachable and large enough, disbanding asked first, house rules one per line,
the campaign's own numbers, casualty rolls in words, the buy list and a refused start that keeps its name."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from armylists.campaigns import services
from armylists.campaigns.models import Action
from factions.models import GameSystem
from tests.campaigns.conftest import starting_units

from .conftest import PASSWORD
from .layout import assert_controls_fit

WIDTHS = [375, 1280]


@pytest.fixture
def table(demo_data, django_user_model):
    """Alice (game master), bob, carol and dave, with loss_points = 200. Mission 1: bob won, alice's post-battle is
    recorded (Foot 1 a casualty, rolled 3) and Foot 1 bought Spears; bob's post-battle is still to record.
    Mission 2, carol against dave: set up, no result yet."""
    aof = GameSystem.objects.get(slug="aof-regiments")
    alice = django_user_model.objects.create_user("alice", password=PASSWORD)
    bob = django_user_model.objects.create_user("bob", password=PASSWORD)
    carol = django_user_model.objects.create_user("carol", password=PASSWORD)
    dave = django_user_model.objects.create_user("dave", password=PASSWORD)
    campaign = services.create_campaign(name="Border Wars", game=aof, game_master=alice, kind="game-limited",
                                        length=7, parallel_play=True, overrides={"loss_points": 200})
    for player in (bob, carol, dave):
        services.join_campaign(campaign=campaign, user=player, token=campaign.invite_token)
    for name, owner in (("Red Host with a long name for a phone", alice), ("Blue Host", bob), ("Green Host", carol),
                        ("Grey Host", dave)):
        services.start_army(campaign=campaign, actor=owner, owner=owner, name=name, faction="human-empire",
                            units=starting_units(aof))

    def mission(first, second, winner=None):
        services.perform(campaign=campaign, actor=alice, kind="start-mission",
                         data={"fielded": [{"army": first[0], "units": first[1:]}, {"army": second[0],
                                                                                     "units": second[1:]}]},
                         entered={f"{first[0]}/objective": [2], f"{second[0]}/objective": [3]})
        if winner:
            number = campaign.actions.filter(kind="start-mission").count()
            services.perform(campaign=campaign, actor=alice, kind="record-result",
                             data={"mission": number, "winner": winner})

    mission(["a1", "u1", "u2", "u7"], ["a2", "u8", "u9", "u14"], winner="a2")
    services.perform(campaign=campaign, actor=alice, kind="post-battle", entered={"u1/casualty": [3]},
                     data={"mission": 1, "army": "a1", "results": [{"unit": "u1", "casualty": True}]})
    services.perform(campaign=campaign, actor=alice, kind="buy-upgrade",
                     data={"army": "a1", "unit": "u1", "upgrade": "spears"})
    mission(["a3", "u15", "u16"], ["a4", "u22", "u23"])
    return {"campaign": campaign, "alice": alice, "bob": bob}


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
