"""The day's pages: who sees what, results from a phone, the organisers' forms, the wall sheets (CSV and PDF)."""
from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from armylists.events import services as event_services
from armylists.events.models import Event
from armylists.tournament import day
from armylists.tournament.models import LogEntry, Table

from .conftest import client_for

pytestmark = pytest.mark.django_db


def url(name, event, *args):
    return reverse(f"tournament:{name}", args=[event.slug, *args])


def test_the_organiser_pairs_a_round_from_the_page_with_a_seed(ready, organiser):
    event = ready(4)
    client = client_for(organiser)
    assert "Pair round 1" in client.get(url("day", event)).text
    response = client.post(url("pair", event), {"seed": "77"}, follow=True)
    assert "Round 1 is paired (seed 77)" in response.text
    assert event.rounds.get().seed == 77 and Table.objects.filter(round__event=event).count() == 2


def test_a_player_enters_from_their_phone_and_the_opponent_confirms(ready, organiser):
    event = ready(2)
    table = day.pair_next_round(event=event, by=organiser).tables.get()
    first, second = client_for(table.first.user), client_for(table.second.user)
    page = first.get(url("day", event)).text
    assert table.second.display_name in page and url("opponent-roster", event, table.pk) in page
    first.post(url("enter", event, table.pk), {"said": "tie", "mine": "300", "theirs": "250"})
    page = second.get(url("day", event)).text
    assert f"{table.first.display_name} entered: " in page and "Confirm this result" in page
    second.post(url("confirm", event, table.pk))
    table.refresh_from_db()
    assert table.confirmed and (table.first_destruction, table.second_destruction) == (300, 250)


def test_the_opponents_roster_is_their_frozen_list_as_a_pdf_and_nobody_elses_table(ready, organiser):
    event = ready(4)
    t1, t2 = day.pair_next_round(event=event, by=organiser).tables.all()
    response = client_for(t1.first.user).get(url("opponent-roster", event, t1.pk))
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    assert client_for(t1.first.user).get(url("opponent-roster", event, t2.pk)).status_code == 404
    assert client_for(t1.first.user).post(url("enter", event, t2.pk), {"said": "win", "mine": 1,
                                                                        "theirs": 1}).status_code == 404


def test_the_opponents_roster_is_rendered_once_per_content_and_rate_limited(ready, organiser, settings,
                                                                            monkeypatch):
    """Any player at a table may ask for it again and again: it is served as every roster is."""
    from armylists.printing import rendered

    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "roster-pdf": {"user": "2/m", "address": "100/m"}}
    made = []
    real = rendered.roster_pdf
    monkeypatch.setattr(rendered, "roster_pdf", lambda sheet, paper: made.append(1) or real(sheet, paper))
    event = ready(2)
    table = day.pair_next_round(event=event, by=organiser).tables.get()
    player = client_for(table.first.user)
    first, second = (player.get(url("opponent-roster", event, table.pk)) for _ in range(2))
    assert first.content == second.content and len(made) == 1
    assert "opponent-a4.pdf" in first["Content-Disposition"]
    assert player.get(url("opponent-roster", event, table.pk)).status_code == 429


def test_only_organisers_pair_and_correct(ready, organiser):
    event = ready(2)
    table = day.pair_next_round(event=event, by=organiser).tables.get()
    player = client_for(table.first.user)
    assert player.post(url("correct", event, table.pk), {"winner": "first"}).status_code == 403
    assert player.post(url("pair", event)).status_code == 403


def test_a_correction_without_a_reason_is_refused_with_a_sentence_and_with_one_logged(ready, organiser):
    event = ready(2)
    table = day.pair_next_round(event=event, by=organiser).tables.get()
    client = client_for(organiser)
    data = {"winner": "first", "first_destruction": "100", "second_destruction": "0"}
    client.post(url("correct", event, table.pk), data)
    response = client.post(url("correct", event, table.pk), data | {"winner": "tie"}, follow=True)
    assert "Say why the confirmed result is corrected" in response.text
    client.post(url("correct", event, table.pk), data | {"winner": "tie", "reason": "misread"})
    assert "reason: misread" in LogEntry.objects.filter(event=event).last().text


def test_bad_numbers_are_refused_naming_the_field_and_nothing_is_written(ready, organiser):
    event = ready(2)
    table = day.pair_next_round(event=event, by=organiser).tables.get()
    response = client_for(table.first.user).post(url("enter", event, table.pk),
                                                 {"said": "win", "mine": "-5", "theirs": "x"}, follow=True)
    assert "destruction points" in response.text.lower()
    table.refresh_from_db()
    assert not table.outcome


def test_standings_are_public_once_published_and_private_before(ready, organiser, client, stranger):
    event = ready(2)
    assert client.get(url("standings", event)).status_code == 302
    assert client_for(stranger).get(url("standings", event)).status_code == 404
    event_services.change_state(event=event, to=Event.State.PUBLISHED, by=organiser)
    response = client.get(url("standings", event))
    assert response.status_code == 200 and "Ada" in response.text


def test_standings_poll_while_a_round_runs_and_answer_the_poll_with_the_board(ready, organiser):
    event = ready(2)
    client = client_for(organiser)
    assert "every 10s" not in client.get(url("standings", event)).text
    day.pair_next_round(event=event, by=organiser)
    page = client.get(url("standings", event)).text
    assert 'hx-trigger="every 10s"' in page
    board = client.get(url("standings", event), headers={"HX-Request": "true", "HX-Target": "standings"}).text
    assert board.lstrip().startswith("<section id=\"standings\"")


def test_the_wall_sheets_csv_and_pdf(ready, organiser):
    event = ready(3)
    round_ = day.pair_next_round(event=event, by=organiser)
    client = client_for(organiser)
    rows = list(csv.reader(io.StringIO(client.get(url("round-csv", event, 1)).text)))
    assert rows[0] == ["table", "player", "faction", "opponent", "opponent faction"]
    assert rows[-1][3] == "bye" and len(rows) == 1 + round_.tables.count()
    standings = list(csv.reader(io.StringIO(client.get(url("standings-csv", event)).text)))
    assert standings[0][:4] == ["rank", "player", "faction", "VP"] and len(standings) == 4
    for name, args in (("round-pdf", (1,)), ("standings-pdf", ())):
        response = client.get(url(name, event, *args))
        assert response.content.startswith(b"%PDF") and "attachment" in response["Content-Disposition"]
