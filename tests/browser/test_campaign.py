"""A two-player AoF Regiments campaign played through the pages: alice (game master, desktop) and bob (phone),
two missions with a level-up and a hero injury, and both army sheets downloaded and read back."""
from __future__ import annotations

import re
import subprocess

from playwright.sync_api import expect

from armylists.campaigns.models import Campaign

from .conftest import PASSWORD


def pdf_text(path) -> str:
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True).stdout
    return re.sub(r"\s+", " ", text)


def message(page):
    return page.locator(".messages")


def start_army(page, campaign: str, faction: str, name: str, counts: dict[str, int]) -> None:
    page.goto(f"/campaigns/{campaign}/armies/new/")
    page.get_by_test_id("faction").select_option(faction)
    page.get_by_test_id("show-units").click()
    page.get_by_test_id("units-army-name").fill(name)
    for unit, count in counts.items():
        page.get_by_label(f"How many {unit}", exact=True).fill(str(count))
    page.get_by_test_id("start-from-units").click()
    expect(message(page)).to_contain_text(f"{name} joins the campaign")


def set_up_mission(page, campaign: str, objectives: dict[str, int]) -> None:
    page.goto(f"/campaigns/{campaign}/")
    page.get_by_test_id("new-mission").click()
    for army, die in objectives.items():
        page.get_by_test_id(f"objective-{army}").fill(str(die))
    page.get_by_test_id("field-u3").uncheck()  # the htmx check answers every change
    expect(page.get_by_test_id("setup-check")).to_contain_text("Within the 250-point difference")
    expect(page.get_by_test_id("underdog")).to_have_count(2)
    page.get_by_test_id("start-mission").click()
    expect(page.get_by_test_id("mission-armies")).to_be_visible()


def record_winner(page, army: str) -> None:
    page.get_by_test_id(f"winner-{army}").check()
    page.get_by_test_id("record-result").click()
    expect(message(page)).to_contain_text("wins")


def post_battle(page, campaign: str, mission: int, army: str, fill: dict[str, str] = (), tick=()) -> None:
    page.goto(f"/campaigns/{campaign}/missions/{mission}/armies/{army}/")
    for testid, value in dict(fill).items():
        page.get_by_test_id(testid).fill(value)
    for testid in tick:
        page.get_by_test_id(testid).check()
    page.get_by_test_id("record-post-battle").click()
    expect(message(page)).to_contain_text(f"after mission {mission}")


def download_sheet(page, campaign: str, army: str, tmp_path) -> str:
    page.goto(f"/campaigns/{campaign}/armies/{army}/")
    with page.expect_download() as info:
        page.get_by_test_id("army-sheet-pdf").click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    return pdf_text(path)


def fits(page) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def test_a_two_player_campaign_through_two_missions(new_page, demo_data, django_user_model, tmp_path):
    alice = django_user_model.objects.create_user("alice", password=PASSWORD)
    bob = django_user_model.objects.create_user("bob", password=PASSWORD)
    gm = new_page(alice)  # desktop, 1280 px
    phone = new_page(bob, width=375, height=800)

    gm.goto("/campaigns/")
    gm.get_by_test_id("new-campaign").click()
    gm.get_by_label("Name").fill("Border Wars")
    gm.get_by_label("Type").select_option("game-limited")
    gm.get_by_label("Length").fill("6")
    gm.get_by_test_id("create-campaign").click()
    expect(gm.get_by_test_id("progress")).to_have_text("0 of 6 missions played")
    slug = Campaign.objects.get(name="Border Wars").slug
    invite = gm.get_by_test_id("invite-link").inner_text()

    phone.goto(invite)
    phone.get_by_test_id("join-campaign").click()
    expect(phone.get_by_test_id("campaign-name")).to_have_text("Border Wars")
    fits(phone)

    start_army(gm, slug, "human-empire", "Red Host", {"Infantrymen": 6, "Captain": 1})
    start_army(phone, slug, "cursed-dead", "Restless Legion", {"Skeletons": 7, "Skeleton Champion": 1})
    fits(phone)

    # Mission 1: the Red Host wins; its Infantrymen (u1) kill four units and level up; its Captain (u7) falls
    # and rolls 1 then 3: a Blinded Eye.
    set_up_mission(gm, slug, {"a1": 5, "a2": 2})
    record_winner(gm, "a1")
    post_battle(gm, slug, 1, "a1", {"kills-u1": "4", "dice-u1": "2", "dice-u7": "1 3"}, tick=["casualty-u7",
                                                                                                "objective-done"])
    expect(message(gm)).to_contain_text("Headstrong")
    expect(message(gm)).to_contain_text("Blinded Eye")
    post_battle(phone, slug, 1, "a2", {"kills-u8": "1"})
    fits(phone)

    # Mission 2, set up and won by bob on his phone.
    set_up_mission(phone, slug, {"a1": 1, "a2": 6})
    fits(phone)
    record_winner(phone, "a2")
    post_battle(phone, slug, 2, "a2", {"kills-u9": "2"})
    post_battle(gm, slug, 2, "a1")

    gm.goto(f"/campaigns/{slug}/")
    expect(gm.get_by_test_id("progress")).to_have_text("2 of 6 missions played")
    rows = gm.get_by_test_id("leaderboard-row")
    expect(rows).to_have_count(2)
    expect(gm.get_by_test_id("army-vp")).to_have_text(["2", "2"])
    expect(gm.get_by_test_id("log")).to_contain_text("mission 2: Restless Legion wins")
    phone.goto(f"/campaigns/{slug}/armies/a1/")
    expect(phone.locator("#unit-u7")).to_contain_text("Blinded Eye")
    expect(phone.locator("#unit-u1")).to_contain_text("Headstrong")
    fits(phone)

    red = download_sheet(gm, slug, "a1", tmp_path)
    # Bank: 150 kept + 150 won + 75 objective + 300 lost = 675.
    assert "ARMY NAME Red Host" in red and "BANK 675 pts" in red
    assert "Infantrymen Infantrymen 115 pts" in red and "XP 6 · level 1" in red and "TRAITS Headstrong" in red
    assert "INJURIES Blinded Eye" in red
    legion = download_sheet(phone, slug, "a2", tmp_path)
    assert "ARMY NAME Restless Legion" in legion and "Skeleton Champion" in legion and "XP 3 · level 0" in legion
