"""A standings poll sends what changed, or nothing (docs/events.md, "Polling"): from a page at an older version
of the day, only the rows that differ from the board that page showed, each swapped in by htmx in place of the
row at its place, and the status line with the next poll; the whole board when the server does not know for
sure what the page showed."""
from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from armylists.events import services as event_services
from armylists.events.models import Event
from armylists.tournament import board, day, results
from armylists.tournament.pages import standing_rows
from armylists.tournament.read import day_version, standings_of

from .conftest import client_for
from .test_polls import BOARD, polled

pytestmark = pytest.mark.django_db

PAGE_ROW = re.compile(r'<tr (id="standing-\d+".*?</tr>)')
SENT_ROW = re.compile(r'<tr hx-swap-oob="true" (id="standing-\d+".*?</tr>)')
# The answer to a poll of a changed board: the status line, swapped in place of the one that polled, and the rows
# that changed, in one <template> (a <tr> does not stand alone), each swapped in place of the row with its id.
CHANGES = re.compile(r'\s*<p [^>]*id="standings-status"[^>]*>[^<]*</p>\s*'
                     r'<template>(<tr hx-swap-oob="true" id="standing-\d+".*?</tr>)+</template>\s*', re.DOTALL)


def places(rows: list[str]) -> dict[int, str]:
    """Each row by its place in the table, as its id says."""
    return {int(re.match(r'id="standing-(\d+)"', row).group(1)): row for row in rows}


def what_each_place_shows(event) -> list[tuple]:
    return [(s.player.pk, s.line.rank, s.line.vp, s.line.destruction, s.played) for s in standings_of(event)]


def page_address(client, event) -> tuple[str, str]:
    page = client.get(reverse("tournament:standings", args=[event.slug])).text
    return page, polled(page, "standings-status")


@pytest.fixture
def half_played(ready, organiser):
    """Round 1 of eight players: the first two tables' results confirmed (500 to 250 and 400 to 200), the last
    two being played."""
    event = ready(8)
    tables = list(day.pair_next_round(event=event, by=organiser).tables.order_by("number"))
    for table, (won, lost) in zip(tables, [(500, 250), (400, 200)], strict=False):
        results.organiser_result(table=table, winner=table.first, first_destruction=won, second_destruction=lost,
                                 by=organiser)
    return event, tables


def test_after_a_confirmed_result_the_poll_sends_the_rows_that_changed_and_they_swap_into_the_page(
        half_played, organiser):
    event, tables = half_played
    viewer = client_for(organiser)
    page, address = page_address(viewer, event)
    before = what_each_place_shows(event)
    third = tables[2]
    results.enter(table=third, player=third.first, said="win", mine=300, theirs=220)
    results.confirm(table=third, player=third.second)
    after = what_each_place_shows(event)

    answer = viewer.get(address, headers=BOARD)
    assert answer.status_code == 200 and "<section" not in answer.text
    assert CHANGES.fullmatch(answer.text)
    assert answer["HX-Retarget"] == "#standings-status" and answer["HX-Reswap"] == "outerHTML"
    sent = places(SENT_ROW.findall(answer.text))
    # The two players, and everyone whose place or line moved; not the two leaders, whose rows are as they were.
    moved = {place for place, (old, new) in enumerate(zip(before, after, strict=True), start=1) if old != new}
    assert set(sent) == moved
    names = {re.search(r'data-testid="standing-player">([^<]*)<', row).group(1) for row in sent.values()}
    assert {third.first.display_name, third.second.display_name} <= names
    assert not {1, 2} & set(sent) and len(sent) < len(after)
    # Swapped in by id, the page's rows are those of a page opened now.
    shown = places(PAGE_ROW.findall(page.split('id="standings"', 1)[1]))
    assert set(sent) <= set(shown)
    now = places(PAGE_ROW.findall(viewer.get(reverse("tournament:standings", args=[event.slug])).text))
    assert shown | sent == now
    # The status line carries the next poll, which finds nothing new.
    newer = polled(answer.text, "standings-status")
    assert newer != address and viewer.get(newer, headers=BOARD).status_code == 204


def test_player_names_in_the_changed_rows_are_escaped(half_played, organiser):
    event, tables = half_played
    third = tables[2]
    third.first.display_name = '<img src=x onerror="alert(1)">'
    third.first.save()
    viewer = client_for(organiser)
    _, address = page_address(viewer, event)
    results.organiser_result(table=third, winner=third.first, first_destruction=300, second_destruction=220,
                             by=organiser)
    answer = viewer.get(address, headers=BOARD).text
    assert SENT_ROW.search(answer) and "<img" not in answer and "&lt;img src=x" in answer


def test_a_board_no_longer_remembered_is_sent_whole(half_played, organiser):
    event, tables = half_played
    viewer = client_for(organiser)
    _, address = page_address(viewer, event)
    cache.clear()
    results.organiser_result(table=tables[2], winner=tables[2].first, first_destruction=300,
                             second_destruction=220, by=organiser)
    answer = viewer.get(address, headers=BOARD)
    assert answer.status_code == 200 and answer.text.lstrip().startswith('<section id="standings"')
    assert "HX-Retarget" not in answer and answer.text.count('data-testid="standing"') == 8


@pytest.mark.parametrize("shown", ["", "x", ":", "::1", "locked-0:1", "%00:1", "a" * 5000, "{version}:0",
                                   "{version}:2", "{version}:1:1"])
def test_a_poll_naming_a_board_its_token_was_not_given_for_gets_the_whole_board(half_played, organiser, shown):
    """Another version, other columns, or nonsense: never an error, and never another board's rows."""
    event, tables = half_played
    viewer = client_for(organiser)
    _, address = page_address(viewer, event)
    version = day_version(event.slug)
    results.organiser_result(table=tables[2], winner=tables[2].first, first_destruction=300,
                             second_destruction=220, by=organiser)
    assert day_version(event.slug) != version
    forged = re.sub(r"&shown=[^&]*", "", address) + "&shown=" + shown.format(version=version)
    answer = viewer.get(forged, headers=BOARD)
    assert answer.status_code == 200 and answer.text.lstrip().startswith('<section id="standings"')


def test_a_poll_from_another_session_gets_the_whole_board(half_played, organiser):
    """A copied address: its token was signed for the session its page was made for."""
    event, tables = half_played
    _, address = page_address(client_for(organiser), event)
    results.organiser_result(table=tables[2], winner=tables[2].first, first_destruction=300,
                             second_destruction=220, by=organiser)
    answer = client_for(organiser).get(address, headers=BOARD)
    assert answer.status_code == 200 and answer.text.lstrip().startswith('<section id="standings"')


def test_a_player_whose_board_gains_the_faction_column_gets_the_whole_board(half_played, organiser):
    """Before publication a player's standings have no faction column; once published, theirs has. An organiser's
    board at the same version, with the column, is no board to compare theirs with."""
    event, tables = half_played
    player = client_for(tables[3].first.user)
    page, address = page_address(player, event)
    assert "<th>Faction</th>" not in page and "<th>Faction</th>" in page_address(client_for(organiser), event)[0]
    event_services.change_state(event=event, to=Event.State.PUBLISHED, by=organiser)
    answer = player.get(address, headers=BOARD)
    assert answer.text.lstrip().startswith('<section id="standings"') and "<th>Faction</th>" in answer.text


def test_the_last_result_of_the_round_sends_the_status_line_without_a_poll(half_played, organiser):
    event, tables = half_played
    results.organiser_result(table=tables[2], winner=tables[2].first, first_destruction=300,
                             second_destruction=220, by=organiser)
    viewer = client_for(organiser)
    _, address = page_address(viewer, event)
    results.organiser_result(table=tables[3], winner=tables[3].first, first_destruction=100,
                             second_destruction=50, by=organiser)
    answer = viewer.get(address, headers=BOARD).text
    assert CHANGES.fullmatch(answer) and "After round 1." in answer and "hx-get" not in answer


def test_a_poll_after_a_change_of_nearly_every_row_gets_the_whole_board(ready, organiser):
    """Round 1's first result: the six who have not played are 3rd now, no longer 1st."""
    event = ready(8)
    table = day.pair_next_round(event=event, by=organiser).tables.order_by("number").first()
    viewer = client_for(organiser)
    _, address = page_address(viewer, event)
    results.organiser_result(table=table, winner=table.first, first_destruction=300, second_destruction=220,
                             by=organiser)
    assert viewer.get(address, headers=BOARD).text.lstrip().startswith('<section id="standings"')


def test_a_board_drawn_while_the_day_moved_on_is_not_remembered(half_played, organiser):
    """Its rows may show more than the version read before them: its poll gets the whole board."""
    event, tables = half_played
    version = day_version(event.slug)
    rows = standing_rows(standings_of(event))
    results.organiser_result(table=tables[2], winner=tables[2].first, first_destruction=300,
                             second_destruction=220, by=organiser)
    assert board.remember(event, version, True, rows) == ""
    assert board.remember(event, day_version(event.slug), True, rows) != ""
