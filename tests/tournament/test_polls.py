"""The day's polls (docs/events.md, "Polling"): a poll that finds nothing new is answered 204 from the day's
version, without building the page or reading the session and the user; after a change, the fragment, or what
changed on the board (tests/tournament/test_standings_poll.py)."""
from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from armylists.events import services as event_services
from armylists.events.models import Event
from armylists.tournament import day, polling, results
from armylists.tournament.read import day_version

from .conftest import client_for

pytestmark = pytest.mark.django_db

# The day's version alone: the session and the user are not read.
POLL_QUERIES_MAX = 1
MY_TABLE = {"HX-Request": "true", "HX-Target": "my-table"}
BOARD = {"HX-Request": "true", "HX-Target": "standings"}


def polled(page: str, name: str) -> str:
    """The address a page's poll asks, with the version it carries."""
    found = re.search(rf'id="{name}"[^>]*hx-get="([^"]+)"', page)
    assert found, f"the page does not poll its {name}"
    return found.group(1).replace("&amp;", "&")


def poll(client, address: str, headers: dict):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(address, headers=headers)
    return response, len(queries)


@pytest.fixture
def round_one(ready, organiser):
    event = ready(4)
    table = day.pair_next_round(event=event, by=organiser).tables.order_by("number").first()
    return event, table


def test_a_table_poll_that_finds_nothing_new_is_204_with_no_template_and_few_queries(round_one):
    event, table = round_one
    bram = client_for(table.second.user)
    address = polled(bram.get(reverse("tournament:day", args=[event.slug])).text, "my-table")
    response, queries = poll(bram, address, MY_TABLE)
    assert response.status_code == 204 and response.content == b""
    assert response.templates == [] and queries <= POLL_QUERIES_MAX


def test_a_table_poll_after_the_opponents_result_is_the_fragment_with_the_new_version(round_one):
    event, table = round_one
    bram = client_for(table.second.user)
    address = polled(bram.get(reverse("tournament:day", args=[event.slug])).text, "my-table")
    results.enter(table=table, player=table.first, said="win", mine=300, theirs=120)
    response = bram.get(address, headers=MY_TABLE)
    assert response.status_code == 200 and "Confirm this result" in response.text
    assert response.text.lstrip().startswith('<section class="panel my-table"')
    newer = polled(response.text, "my-table")
    assert newer != address and bram.get(newer, headers=MY_TABLE).status_code == 204


def test_a_result_at_another_table_moves_the_version_too(round_one):
    """One version for the whole day: a player's poll after any change builds its fragment once, then 204s."""
    event, table = round_one
    other = event.rounds.get().tables.exclude(pk=table.pk).get()
    before = day_version(event.slug)
    results.enter(table=other, player=other.first, said="tie", mine=100, theirs=100)
    assert day_version(event.slug) != before


def test_every_change_of_the_day_moves_the_version(ready, organiser):
    """Pairing, entering, confirming, correcting, dropping and publishing each change what the polls show."""
    event = ready(4)
    versions = [day_version(event.slug)]
    table = day.pair_next_round(event=event, by=organiser).tables.order_by("number").first()
    versions.append(day_version(event.slug))
    results.enter(table=table, player=table.first, said="win", mine=300, theirs=120)
    versions.append(day_version(event.slug))
    results.confirm(table=table, player=table.second)
    versions.append(day_version(event.slug))
    results.organiser_result(table=table, winner=table.second, first_destruction=1, second_destruction=2,
                             by=organiser, reason="Scores swapped")
    versions.append(day_version(event.slug))
    day.drop_player(event=event, player=table.first, by=organiser)
    versions.append(day_version(event.slug))
    event_services.change_state(event=event, to=Event.State.PUBLISHED, by=organiser)
    versions.append(day_version(event.slug))
    assert len(set(versions)) == len(versions)


def test_the_same_result_sent_again_changes_nothing_and_the_poll_stays_204(round_one):
    event, table = round_one
    results.enter(table=table, player=table.first, said="win", mine=300, theirs=120)
    bram = client_for(table.second.user)
    address = polled(bram.get(reverse("tournament:day", args=[event.slug])).text, "my-table")
    results.enter(table=table, player=table.first, said="win", mine=300, theirs=120)
    assert bram.get(address, headers=MY_TABLE).status_code == 204


def test_a_standings_poll_is_204_while_nothing_changes_and_the_board_after_a_confirmation(round_one, organiser):
    """The first result of four players moves every row (the two who have not played are 3rd, not 1st): the whole
    board, not the rows (tests/tournament/test_standings_poll.py)."""
    event, table = round_one
    viewer = client_for(organiser)
    address = polled(viewer.get(reverse("tournament:standings", args=[event.slug])).text, "standings-status")
    response, queries = poll(viewer, address, BOARD)
    assert response.status_code == 204 and response.templates == [] and queries <= POLL_QUERIES_MAX
    results.enter(table=table, player=table.first, said="win", mine=300, theirs=120)
    results.confirm(table=table, player=table.second)
    board = viewer.get(address, headers=BOARD)
    assert board.status_code == 200 and board.text.lstrip().startswith('<section id="standings"')
    assert polled(board.text, "standings-status") != address


def test_a_poll_token_opens_nothing_to_someone_it_was_not_given_to(round_one, stranger):
    """The token is the version signed for the person whose page showed it: a stranger bringing a player's
    (a copied address) or the bare version goes the whole way and finds "no such event", not 204."""
    event, table = round_one
    address = polled(client_for(table.second.user).get(reverse("tournament:day", args=[event.slug])).text,
                     "my-table")
    outsider = client_for(stranger)
    assert outsider.get(address, headers=MY_TABLE).status_code == 404
    bare = f"{reverse('tournament:day', args=[event.slug])}?seen={day_version(event.slug)}"
    assert outsider.get(bare, headers=MY_TABLE).status_code == 404
    board = polled(client_for(table.second.user).get(reverse("tournament:standings", args=[event.slug])).text,
                   "standings-status")
    assert outsider.get(board, headers=BOARD).status_code == 404  # the standings before publication


def test_a_full_page_load_is_never_204_whatever_it_carries(round_one):
    """Only htmx's poll of the fragment is answered 204: a page opened with ?seen= (a bookmark) is the page."""
    event, table = round_one
    player = client_for(table.first.user)
    address = polled(player.get(reverse("tournament:day", args=[event.slug])).text, "my-table")
    assert player.get(address).status_code == 200


def test_a_token_is_signed_for_the_session_its_page_was_made_for(round_one):
    """The same player in another browser (another session) brings another token: a copied address goes the
    whole way, access checks and all, and is answered the fragment, not 204."""
    event, table = round_one
    address = polled(client_for(table.second.user).get(reverse("tournament:day", args=[event.slug])).text,
                     "my-table")
    elsewhere = client_for(table.second.user)
    response, queries = poll(elsewhere, address, MY_TABLE)
    assert response.status_code == 200 and queries > POLL_QUERIES_MAX


def loop_scope(client, address: str, headers: dict) -> dict:
    """The ASGI request a browser's poll would be, from `client`'s session."""
    path, _, query = address.partition("?")
    raw = [(b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())] + [
        (name.lower().encode(), value.encode()) for name, value in headers.items()]
    return {"type": "http", "method": "GET", "path": path, "query_string": query.encode(), "headers": raw}


def test_an_unchanged_poll_is_answered_on_the_event_loop_while_the_process_read_the_version_last_second(
        round_one, monkeypatch):
    """docs/events.md, "Polling": within VERSION_KEPT_S of this process reading the day's version, a poll that
    brings it back is 204 before Django makes a request of it; the same poll from another session, without htmx's
    headers, or once the version is older, goes to Django."""
    event, table = round_one
    bram = client_for(table.second.user)
    address = polled(bram.get(reverse("tournament:day", args=[event.slug])).text, "my-table")
    assert polling.answer_on_the_loop(loop_scope(bram, address, MY_TABLE)) == 204
    other_session = client_for(table.second.user)
    other_session.get(reverse("tournament:day", args=[event.slug]))
    assert polling.answer_on_the_loop(loop_scope(other_session, address, MY_TABLE)) is None
    assert polling.answer_on_the_loop(loop_scope(bram, address, {"HX-Request": "true"})) is None
    version, read_at = polling._read[event.slug]
    monkeypatch.setitem(polling._read, event.slug, (version, read_at - polling.VERSION_KEPT_S))
    assert polling.answer_on_the_loop(loop_scope(bram, address, MY_TABLE)) is None


def test_a_change_read_by_the_process_ends_the_loops_answers(round_one):
    event, table = round_one
    bram = client_for(table.second.user)
    address = polled(bram.get(reverse("tournament:day", args=[event.slug])).text, "my-table")
    results.enter(table=table, player=table.first, said="win", mine=300, theirs=120)
    assert bram.get(address, headers=MY_TABLE).status_code == 200  # the change, read by this process
    assert polling.answer_on_the_loop(loop_scope(bram, address, MY_TABLE)) is None
