"""Half-filled forms kept on the phone, and the day's pages at 375 px, in Chromium: a result being typed, a
mission's set-up and a post-battle survive a reload and a lost connection until they are sent or cleared
(armylists/static/muster/drafts.js; docs/architecture.md, "Drafts of half-filled forms"); the organiser's day
page, with long player names and an invitation waiting, and Muster's own 404 and 403 pages fit the phone."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from armylists.tournament import day
from armylists.tournament.models import Table

from .campaign_world import border_wars
from .layout import PHONE, assert_controls_fit
from .test_tournament import locked_event

# Whether every option of a menu shows whole: its longest text is narrower than the menu's box.
OPTIONS_SHOW_WHOLE = """(select) => {
    const pen = document.createElement('canvas').getContext('2d');
    pen.font = getComputedStyle(select).font;
    return Math.max(...[...select.options].map(o => pen.measureText(o.text).width)) < select.clientWidth;
}"""


def test_a_result_being_typed_survives_a_reload_and_a_lost_connection_until_it_is_sent(new_page, demo_data):
    event = locked_event(2)
    organiser = get_user_model().objects.get(username="demo")
    for player, name in zip(event.players.order_by("pk"), ("Finn (sample player)", "Gudrun (sample player)"),
                            strict=True):
        player.display_name = name
        player.save()
    table = day.pair_next_round(event=event, by=organiser).tables.select_related("first__user", "second").get()
    phone = new_page(table.first.user, width=PHONE, height=740)
    phone.goto(f"/events/{event.slug}/day/")
    mine, theirs = phone.get_by_label("Your destruction points"), phone.get_by_label(
        f"{table.second.display_name}'s destruction points")
    phone.get_by_label("I won").check()
    mine.fill("600")
    theirs.fill("300")
    phone.reload()
    expect(phone.get_by_test_id("draft-restored")).to_be_visible()
    expect(phone.get_by_label("I won")).to_be_checked()
    expect(mine).to_have_value("600")
    expect(theirs).to_have_value("300")
    # Typed while the connection is lost, then reloaded once it is back.
    phone.context.set_offline(True)
    mine.fill("650")
    phone.context.set_offline(False)
    phone.reload()
    expect(mine).to_have_value("650")
    assert_controls_fit(phone, "the day page with a draft put back")
    # Cleared, it is gone; typed again and sent, it is gone too.
    phone.get_by_test_id("draft-clear").click()
    expect(mine).to_have_value("0")  # as the form starts
    phone.reload()
    expect(phone.get_by_test_id("draft-restored")).to_have_count(0)
    expect(phone.get_by_label("I won")).not_to_be_checked()
    phone.get_by_label("I won").check()
    mine.fill("600")
    theirs.fill("300")
    phone.get_by_test_id("enter-result").click()
    expect(phone.get_by_test_id("result-state")).to_contain_text("Waiting for")
    phone.reload()
    expect(phone.get_by_test_id("draft-restored")).to_have_count(0)
    expect(mine).to_have_value("0")  # as the form starts

    # The organiser's page on a phone: the result menu names whole players, an invitation waits with its
    # Withdraw, and every control fits.
    day.invite_late_player(event=event, username="someone-typed-this", display_name="Late Lu", by=organiser)
    page = new_page(organiser, width=PHONE, height=740)
    page.goto(f"/events/{event.slug}/day/")
    expect(page.get_by_test_id("late-invitation")).to_contain_text("“someone-typed-this” as Late Lu, sent")
    assert_controls_fit(page, "the organiser's day")
    winner = page.get_by_test_id("correct-winner").first
    assert winner.evaluate(OPTIONS_SHOW_WHOLE), "the result menu cuts a player's name"

    # Muster's own 404 and 403 pages, which say where to go.
    page.goto("/events/no-such-event/")
    expect(page.locator("h1")).to_have_text("Not found")
    expect(page.get_by_role("link", name="Back to the games")).to_be_visible()
    assert_controls_fit(page, "the 404 page")
    player = new_page(Table.objects.get(pk=table.pk).first.user, width=PHONE, height=740)
    answer = player.goto(f"/events/{event.slug}/dashboard/")
    assert answer.status == 403
    expect(player.locator("h1")).to_have_text("Not allowed")
    assert_controls_fit(player, "the 403 page")


def test_a_half_filled_mission_setup_and_post_battle_survive_a_reload(new_page, demo_data):
    world = border_wars()
    slug = world["campaign"].slug
    page = new_page(world["alice"], width=PHONE, height=800)
    page.goto(f"/campaigns/{slug}/missions/new/")
    page.get_by_test_id("field-u2").uncheck()
    page.get_by_test_id("objective-a1").fill("4")
    page.reload()
    expect(page.get_by_test_id("draft-restored")).to_be_visible()
    expect(page.get_by_test_id("field-u2")).not_to_be_checked()
    expect(page.get_by_test_id("field-u1")).to_be_checked()
    expect(page.get_by_test_id("objective-a1")).to_have_value("4")
    expect(page.get_by_test_id("setup-check")).to_contain_text("Fielded value")  # its summary caught up

    bob = new_page(world["bob"], width=PHONE, height=800)
    bob.goto(f"/campaigns/{slug}/missions/1/armies/a2/")
    bob.get_by_test_id("casualty-u8").check()
    bob.get_by_test_id("kills-u8").fill("2")
    bob.get_by_test_id("dice-u8").fill("5")
    bob.reload()
    expect(bob.get_by_test_id("casualty-u8")).to_be_checked()
    expect(bob.get_by_test_id("kills-u8")).to_have_value("2")
    expect(bob.get_by_test_id("dice-u8")).to_have_value("5")
    assert_controls_fit(bob, "the post-battle with a draft put back")
