"""A season in the browser, at desktop and phone widths (docs/events.md, "Seasons"): an organiser makes one from
two of their published events, publishes it on its page, and a visitor reads its standings; every page fits."""
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
from factions.models import GameSystem

from .layout import WIDTHS, assert_controls_fit
from .test_tournament import LIST, fits


def published_event(name: str, users) -> Event:
    """An event of the four users, each with the demo's legal list, two rounds played, its lists published."""
    organiser = get_user_model().objects.get(username="demo")
    now = timezone.now()
    event = services.create_event(creator=organiser, name=name, game=GameSystem.objects.get(slug="aof-regiments"),
                                  time_zone="Europe/London", starts_at=now + dt.timedelta(days=2),
                                  deadline=now + dt.timedelta(days=1), settings={"points_limit": 1500})
    services.change_state(event=event, to=Event.State.OPEN, by=organiser)
    for i, user in enumerate(users):
        player = services.join_event(event=event, user=user, display_name=f"Player {chr(65 + i)}")
        services.submit(player=player, data=json.loads(LIST.read_text()))
    services.change_state(event=event, to=Event.State.LOCKED, by=organiser)
    for number in (1, 2):
        for table in day.pair_next_round(event=event, by=None, seed=number).tables.exclude(second=None):
            results.organiser_result(table=table, winner=table.first, first_destruction=300, second_destruction=100,
                                     by=None)
    return services.change_state(event=event, to=Event.State.PUBLISHED, by=organiser)


@pytest.mark.parametrize("width", WIDTHS)
def test_an_organiser_makes_and_publishes_a_season_and_a_visitor_reads_it(new_page, demo_data, width):
    users = [get_user_model().objects.create_user(f"league-{i}") for i in range(4)]
    spring, summer = published_event("Spring Muster", users), published_event("Summer Muster", users)
    page = new_page(get_user_model().objects.get(username="demo"), width=width)
    page.goto("/events/")
    page.get_by_test_id("new-season").click()
    page.get_by_label("Name").fill("Club league")
    page.get_by_label("Events that count").fill("1")
    for event in (spring, summer):
        page.locator(f"input[name=events][value='{event.pk}']").check()
    fits(page, width)
    assert_controls_fit(page, "the season form")
    page.get_by_test_id("season-save").click()
    expect(page.get_by_test_id("season-line").first).to_be_visible()
    page.get_by_test_id("season-publish").click()
    page.get_by_role("button", name="Publish the season").click()
    expect(page.get_by_test_id("season-publish")).to_have_count(0)
    visitor = new_page(width=width)
    visitor.goto(page.url)
    expect(visitor.get_by_test_id("season-line")).to_have_count(4)
    # `best` 1: one of each player's two events is struck through
    expect(visitor.get_by_test_id("season-line").locator("del")).to_have_count(4)
    fits(visitor, width)
    assert_controls_fit(visitor, "the season page")
