"""The tournament day in the browser, at desktop and phone widths: an organiser runs four rounds of eight players
from the first pairing to the standings, correcting one result; a player enters a result from a phone and the
opponent confirms it (AoF Regiments, Tournament Guidelines: "Match Pairings", "Victory Points")."""
from __future__ import annotations

import datetime as dt
import json

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from armylists.events import services
from armylists.events.models import Event
from armylists.tournament import day, results
from armylists.tournament.models import Table
from factions.models import GameSystem

from .conftest import ROOT
from .layout import WIDTHS

POLL_MS = 10_000  # hx-trigger="every 10s" on a player's table (templates/tournament/day.html)
LIST = ROOT / "factions" / "data" / "demo" / "lists" / "aof-regiments-legal.json"


def fits(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def locked_event(players: int) -> Event:
    """A locked AoF Regiments event of sample players, each with the demo's legal list."""
    organiser = get_user_model().objects.get(username="demo")
    now = timezone.now()
    event = services.create_event(creator=organiser, name="Autumn Muster", game=GameSystem.objects.get(
        slug="aof-regiments"), time_zone="Europe/London", starts_at=now + dt.timedelta(days=2),
        deadline=now + dt.timedelta(days=1), settings={"points_limit": 1500})
    services.change_state(event=event, to=Event.State.OPEN, by=organiser)
    for i in range(players):
        user = get_user_model().objects.create_user(f"autumn-{i}")
        player = services.join_event(event=event, user=user, display_name=f"Player {chr(65 + i)}")
        services.submit(player=player, data=json.loads(LIST.read_text()))
    return services.change_state(event=event, to=Event.State.LOCKED, by=organiser)


def enter_result(page, row: int, winner: str, first: int, second: int, reason: str = "") -> None:
    table = page.get_by_test_id("organiser-table").nth(row)
    table.locator("summary").click()
    table.get_by_test_id("correct-winner").select_option(winner)
    table.locator("input[name=first_destruction]").fill(str(first))
    table.locator("input[name=second_destruction]").fill(str(second))
    if reason:
        table.get_by_test_id("correct-reason").fill(reason)
    table.get_by_test_id("correct-result").click()
    expect(page.locator(".messages")).to_contain_text("result is saved")


@pytest.mark.parametrize("width", WIDTHS)
def test_an_organiser_runs_four_rounds_of_eight_players_to_the_standings(new_page, demo_data, width):
    event = locked_event(8)
    page = new_page(get_user_model().objects.get(username="demo"), width=width)
    page.goto(f"/events/{event.slug}/")
    page.get_by_test_id("day-link").click()
    expect(page.get_by_test_id("scoring")).to_contain_text("4 rounds; win 3 VP, tie 1, loss 0")
    for number in range(1, 5):
        page.get_by_test_id("pair-round").click()
        expect(page.get_by_test_id("day-status")).to_have_text(f"Round {number} of 4 being played")
        expect(page.get_by_test_id("organiser-table")).to_have_count(4)
        fits(page, width)
        if number == 1:  # every correction and setting form open at once: still nothing past the right edge
            page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            fits(page, width)
            page.evaluate("document.querySelectorAll('details').forEach(d => d.open = false)")
        for row in range(4):
            enter_result(page, row, "first" if row < 3 else "tie", 300 + 100 * row, 200)
    expect(page.get_by_test_id("day-status")).to_have_text("Finished after 4 rounds")
    # The last tie was a win after all: corrected, with the reason in the log.
    enter_result(page, 3, "second", 300, 650, reason="the scorecard was misread")
    page.locator("summary", has_text="Log of the day").click()
    expect(page.get_by_test_id("day-log")).to_contain_text("reason: the scorecard was misread")
    page.get_by_test_id("standings-link").click()
    expect(page.get_by_test_id("standing")).to_have_count(8)
    fits(page, width)
    if width < 720:  # on a phone the column headings are hidden: each number says what it is
        labels = page.get_by_test_id("standing").first.locator("td").evaluate_all(
            "cells => cells.map(c => getComputedStyle(c, '::before').content + ' ' + c.innerText)")
        assert any("Destruction points" in label for label in labels), labels
        assert any(label.endswith(" VP") for label in labels) and any("played" in label for label in labels)
    # No avoidable rematch in four rounds of eight, and the standings count every confirmed game.
    pairs = [frozenset((t.first_id, t.second_id)) for t in Table.objects.filter(round__event=event)]
    assert len(pairs) == len(set(pairs)) == 16
    expect(page.get_by_test_id("standing").first.get_by_test_id("rank")).to_have_text("1")
    assert all(line.endswith("4 played") or "4 played" in line
               for line in page.get_by_test_id("standing").all_inner_texts())


@pytest.mark.parametrize("width", WIDTHS)
def test_a_player_enters_a_result_on_a_phone_and_the_opponent_confirms_it(new_page, demo_data, width):
    event = locked_event(2)
    page = new_page(get_user_model().objects.get(username="demo"), width=width)
    page.goto(f"/events/{event.slug}/day/")
    page.get_by_test_id("pair-round").click()
    table = Table.objects.select_related("first__user", "second__user").get(round__event=event)
    phone = new_page(table.first.user, width=375, height=740)
    phone.clock.install()  # the page's 10 s poll is brought forward below, not waited for
    phone.goto(f"/events/{event.slug}/day/")
    expect(phone.get_by_test_id("seat")).to_have_text("Round 1, table 1")
    expect(phone.get_by_test_id("opponent")).to_have_text(table.second.display_name)
    phone.get_by_label("I won").check()
    phone.get_by_label("Your destruction points").fill("850")
    phone.get_by_label(f"{table.second.display_name}'s destruction points").fill("300")
    box = phone.get_by_test_id("enter-result").bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    fits(phone, 375)
    phone.get_by_test_id("enter-result").click()
    expect(phone.get_by_test_id("result-state")).to_contain_text(f"Waiting for {table.second.display_name}")
    other = new_page(table.second.user, width=width)
    other.goto(f"/events/{event.slug}/day/")
    expect(other.get_by_test_id("result-state")).to_contain_text(
        f"{table.first.display_name} beat {table.second.display_name}, 850 to 300 destruction points")
    other.get_by_test_id("confirm-result").click()
    expect(other.get_by_test_id("result-state")).to_contain_text("Confirmed")
    fits(other, width)
    # The first player's phone learns of the confirmation by itself when htmx next polls their table.
    expect(phone.get_by_test_id("result-state")).not_to_contain_text("Confirmed")
    phone.clock.fast_forward(POLL_MS)
    expect(phone.get_by_test_id("result-state")).to_contain_text("Confirmed")


def test_the_tables_refresh_never_wipes_a_result_being_typed(new_page, demo_data):
    """A player half-way through the result form when their table refreshes (the opponent entered theirs) keeps
    their choice and typed points, and sees the opponent's entry above the form."""
    event = locked_event(2)
    table = day.pair_next_round(event=event, by=get_user_model().objects.get(username="demo")).tables.get()
    phone = new_page(table.first.user, width=375, height=740)
    phone.clock.install()
    phone.goto(f"/events/{event.slug}/day/")
    phone.get_by_label("I won").check()
    phone.get_by_label("Your destruction points").fill("850")
    results.enter(table=table, player=table.second, said="win", mine=500, theirs=100)
    phone.clock.fast_forward(POLL_MS)
    expect(phone.get_by_test_id("result-state")).to_contain_text(f"{table.second.display_name} entered")
    expect(phone.get_by_label("I won")).to_be_checked()
    expect(phone.get_by_label("Your destruction points")).to_have_value("850")
    fits(phone, 375)


def test_a_poll_that_finds_nothing_new_leaves_the_table_and_goes_on_polling(new_page, demo_data):
    """Polls answered 204 (nothing changed: docs/events.md, "Polling") swap nothing in and keep the poll going;
    the poll after the opponent's entry brings it. The standings' poll after a confirmation brings the rows that
    changed, which htmx swaps in place."""
    event = locked_event(4)
    demo = get_user_model().objects.get(username="demo")
    table, other = day.pair_next_round(event=event, by=demo).tables.order_by("number")
    phone = new_page(table.first.user, width=375, height=740)
    phone.clock.install()
    phone.goto(f"/events/{event.slug}/day/")
    phone.get_by_label("Your destruction points").fill("850")

    def poll(page) -> int:
        with page.expect_response(lambda response: "seen=" in response.url) as answer:
            page.clock.fast_forward(POLL_MS)
        return answer.value.status
    assert [poll(phone), poll(phone)] == [204, 204]
    expect(phone.get_by_test_id("seat")).to_have_text("Round 1, table 1")
    results.enter(table=table, player=table.second, said="win", mine=500, theirs=100)
    assert poll(phone) == 200
    # htmx settles a swapped element, and starts its poll, a moment after the swap (htmx.config.defaultSettleDelay):
    # under the page's installed clock that moment waits for the clock.
    phone.clock.run_for(100)
    expect(phone.get_by_test_id("result-state")).to_contain_text(f"{table.second.display_name} entered")
    expect(phone.get_by_label("Your destruction points")).to_have_value("850")
    assert poll(phone) == 204
    # The standings, the other table's result in: its winner leads, the two at this table are equal 3rd.
    results.organiser_result(table=other, winner=other.first, first_destruction=800, second_destruction=700,
                             by=demo)
    board = new_page(demo, width=375, height=740)
    board.clock.install()
    board.goto(f"/events/{event.slug}/standings/")
    expect(board.get_by_test_id("rank")).to_have_text(["1", "2", "3", "3"])
    assert poll(board) == 204
    results.confirm(table=table, player=table.first)
    with board.expect_response(lambda response: "seen=" in response.url) as answer:
        board.clock.fast_forward(POLL_MS)
    # Three rows, not the leader's; swapped in, they make the new order, and the round is over: no more polls.
    assert answer.value.status == 200 and answer.value.text().count('hx-swap-oob="true"') == 3
    board.clock.run_for(100)
    expect(board.get_by_test_id("standing-player")).to_have_text([
        other.first.display_name, table.second.display_name, other.second.display_name, table.first.display_name])
    expect(board.get_by_test_id("rank")).to_have_text(["1", "2", "3", "4"])
    expect(board.get_by_test_id("standings-status")).to_have_text("After round 1.")
    expect(board.locator("[hx-get]")).to_have_count(0)
    fits(board, 375)
