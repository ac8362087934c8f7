"""The day's pages: who sees what, results from a phone, the organisers' forms, the wall sheets (CSV and PDF)."""
from __future__ import annotations

import csv
import io
import re

import pytest
from django.db.models import Q
from django.urls import reverse
from pypdf import PdfReader

from armylists.events import services as event_services
from armylists.events.models import Event
from armylists.tournament import day, results
from armylists.tournament.models import Dropped, LateInvitation, LogEntry, Table
from armylists.tournament.views import boards

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
    second.post(url("confirm", event, table.pk), {"seen": seen(page)})
    table.refresh_from_db()
    assert table.confirmed and (table.first_destruction, table.second_destruction) == (300, 250)


def seen(page: str) -> str:
    """The entry a player's day page shows them, as its Confirm button sends it."""
    return re.search(r'name="seen" value="(\w+)"', page).group(1)


def test_a_confirm_confirms_only_the_result_the_confirmer_saw(ready, organiser):
    """Ada enters 300 to 280; Bram sees it; Ada changes it to 1,000,000 to 0: Bram's confirm confirms nothing,
    shows him the new entry and asks again, and the day's log holds both entries."""
    event = ready(2)
    table = day.pair_next_round(event=event, by=organiser).tables.get()
    ada, bram = table.first, table.second
    first, second = client_for(ada.user), client_for(bram.user)
    first.post(url("enter", event, table.pk), {"said": "win", "mine": "300", "theirs": "280"})
    page = second.get(url("day", event)).text
    assert f"{ada.display_name} beat {bram.display_name}, 300 to 280" in page
    first.post(url("enter", event, table.pk), {"said": "win", "mine": "1000000", "theirs": "0"})
    answer = second.post(url("confirm", event, table.pk), {"seen": seen(page)}, follow=True).text
    table.refresh_from_db()
    assert not table.confirmed
    assert f"{ada.display_name} changed the result before you confirmed it" in answer
    assert "1000000 to 0" in answer and "Confirm this result" in answer
    log = [e.text for e in LogEntry.objects.filter(event=event).order_by("pk")]
    assert any(f"{ada.display_name} entered: " in line and "300 to 280" in line for line in log)
    assert any("changed their entry to" in line and "was: " in line and "300 to 280" in line for line in log)
    second.post(url("confirm", event, table.pk), {"seen": seen(answer)})
    table.refresh_from_db()
    assert table.confirmed and "confirmed" in LogEntry.objects.filter(event=event).last().text


def test_sending_a_result_again_says_what_it_did(ready, organiser):
    event = ready(2)
    table = day.pair_next_round(event=event, by=organiser).tables.get()
    first, second = client_for(table.first.user), client_for(table.second.user)
    opponent = table.second.display_name
    result = {"said": "win", "mine": "300", "theirs": "100"}
    said = [first.post(url("enter", event, table.pk), values, follow=True).text
            for values in (result, result, result | {"mine": "310"})]
    assert "Your result is saved" in said[0]
    assert f"You had already sent this result; it still waits for {opponent} to confirm it" in said[1]
    assert f"Your new result replaced the one you sent earlier; {opponent} must confirm the new one" in said[2]
    page = second.get(url("day", event)).text
    second.post(url("confirm", event, table.pk), {"seen": seen(page)})
    again = second.post(url("confirm", event, table.pk), {"seen": seen(page)}, follow=True).text
    assert "This result was already confirmed" in again
    late = first.post(url("enter", event, table.pk), result, follow=True).text
    assert "This result is confirmed; ask an organiser to correct it" in late


def test_a_result_address_opened_directly_leads_to_the_day_page_and_says_so(ready, organiser):
    event = ready(2)
    table = day.pair_next_round(event=event, by=organiser).tables.get()
    for client, name in ((client_for(table.first.user), "enter"), (client_for(table.second.user), "confirm"),
                         (client_for(organiser), "correct")):
        response = client.get(url(name, event, table.pk), follow=True)
        assert response.redirect_chain[-1][0] == url("day", event)
        assert "Results are sent from the forms of this page" in response.text


def test_the_organisers_form_starts_with_no_winner_and_a_bare_save_records_nothing(ready, organiser):
    event = ready(2)
    table = day.pair_next_round(event=event, by=organiser).tables.get()
    client = client_for(organiser)
    page = client.get(url("day", event)).text
    assert '<option value="" selected>Choose the result</option>' in page
    assert re.search(r'name="first_destruction" min="0" max="1000000" required', page)
    client.post(url("correct", event, table.pk), {"winner": "", "first_destruction": "", "second_destruction": ""})
    table.refresh_from_db()
    assert not table.outcome and not table.confirmed


def test_scores_read_the_winner_first_on_every_page_and_sheet(ready, organiser):
    """The second player won 250 to 180: "Bram beat Ada, 250 to 180", never in seat order."""
    event = ready(2)
    table = day.pair_next_round(event=event, by=organiser).tables.get()
    client = client_for(organiser)
    client.post(url("correct", event, table.pk), {"winner": "second", "first_destruction": "180",
                                                  "second_destruction": "250"})
    said = f"{table.second.display_name} beat {table.first.display_name}, 250 to 180"
    assert said in client.get(url("day", event)).text
    assert said in client.get(url("round", event, 1)).text
    assert said in client.get(url("round-csv", event, 1)).text
    assert said in client_for(table.first.user).get(url("day", event)).text


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
    assert rows[0] == ["table", "player", "faction", "opponent", "opponent faction", "result"]
    assert rows[-1][3] == "bye" and len(rows) == 1 + round_.tables.count()
    standings = list(csv.reader(io.StringIO(client.get(url("standings-csv", event)).text)))
    assert standings[0][:4] == ["rank", "player", "faction", "VP"] and len(standings) == 4
    for name, args in (("round-pdf", (1,)), ("standings-pdf", ())):
        response = client.get(url(name, event, *args))
        assert response.content.startswith(b"%PDF") and "attachment" in response["Content-Disposition"]


def test_someone_who_joins_after_the_lock_sees_no_unpublished_pairings_or_standings(ready, organiser, stranger):
    event = ready(4)
    day.pair_next_round(event=event, by=organiser)
    newcomer = client_for(stranger)
    newcomer.post(reverse("events:join", args=[event.invite_token]), {"display_name": "Snoop"})
    assert event.players.filter(user=stranger).exists()  # joined, with nothing to play
    for page in (url("day", event), url("standings", event), url("round", event, 1), url("round-csv", event, 1),
                 url("standings-csv", event)):
        assert newcomer.get(page).status_code == 404, page
    # The players who take part still see them; once the lists are published, everyone does.
    assert client_for(event.players.exclude(user=stranger).first().user).get(url("day", event)).status_code == 200
    event_services.change_state(event=event, to=Event.State.PUBLISHED, by=organiser)
    assert newcomer.get(url("standings", event)).status_code == 200


def test_dropping_a_player_is_asked_first_and_undone_until_the_next_round_is_paired(ready, organiser):
    event = ready(4)
    day.pair_next_round(event=event, by=organiser)
    dov = event.players.get(display_name="Dov")
    client = client_for(organiser)
    asked = client.post(url("drop", event), {"player": dov.pk})
    assert "Drop Dov?" in asked.text and "can be undone until round 2 is paired" in asked.text
    assert not Dropped.objects.exists()
    client.post(url("drop", event), {"player": dov.pk, "confirmed": "yes"})
    assert Dropped.objects.get(player=dov).from_round == 2
    page = client.get(url("day", event)).text
    assert "Dov: dropped from round 2 on" in page and 'data-testid="undo-drop"' in page
    assert "The organiser dropped you from round 2" in client_for(dov.user).get(url("day", event)).text
    undone = client.post(url("undrop", event), {"player": dov.pk}, follow=True).text
    assert "Dov is back in the event" in undone and not Dropped.objects.exists()
    assert "Dov's drop is undone" in LogEntry.objects.filter(event=event).last().text
    client.post(url("drop", event), {"player": dov.pk, "confirmed": "yes"})
    for table in Table.objects.filter(round__event=event):
        client.post(url("correct", event, table.pk), {"winner": "first", "first_destruction": "1",
                                                      "second_destruction": "0"})
    day.pair_next_round(event=event, by=organiser)
    late = client.post(url("undrop", event), {"player": dov.pk}, follow=True).text
    assert "Round 2 is paired: Dov&#x27;s drop can no longer be undone" in late and Dropped.objects.exists()


def test_standings_mark_dropped_players_and_byes(ready, organiser):
    event = ready(3)
    day.pair_next_round(event=event, by=organiser, seed=5)
    bye = Table.objects.get(round__event=event, second=None).first
    dropped = Table.objects.filter(round__event=event).exclude(second=None).get().first
    day.drop_player(event=event, player=dropped, by=organiser)
    page = client_for(organiser).get(url("standings", event)).text
    # A bye is not a game played: "0 played, 1 bye", beside no opponent.
    row = re.search(rf"{bye.display_name}</strong>.*?</tr>", page).group(0)
    assert 'data-testid="played">0 played, 1 bye</td>' in row and 'data-label="Opponents">–</td>' in row
    assert "(dropped from round 2)" in page
    rows = list(csv.DictReader(io.StringIO(client_for(organiser).get(url("standings-csv", event)).text)))
    assert {r["player"]: r["notes"] for r in rows}[dropped.display_name] == "dropped from round 2"
    assert {r["player"]: r["played"] for r in rows}[bye.display_name] == "0 played, 1 bye"


def test_no_drop_or_late_player_once_the_event_is_finished(ready, organiser):
    event = ready(2)
    day.save_scoring(event=event, by=organiser, rounds=1)
    table = day.pair_next_round(event=event, by=organiser).tables.get()
    client = client_for(organiser)
    assert 'data-testid="late-form"' in client.get(url("day", event)).text
    client.post(url("correct", event, table.pk), {"winner": "tie", "first_destruction": "1",
                                                  "second_destruction": "1"})
    page = client.get(url("day", event)).text
    assert "Finished after 1 rounds" in page or "Finished after 1 round" in page
    assert 'data-testid="late-form"' not in page and 'data-testid="drop"' not in page


def test_a_late_player_is_invited_and_the_answer_never_says_who_has_an_account(ready, organiser, stranger):
    event = ready(2)
    day.pair_next_round(event=event, by=organiser)
    client = client_for(organiser)
    answers = [client.post(url("late", event), {"username": name, "display_name": "Late Sam"}, follow=True)
               for name in (stranger.username, "nobody-has-this-name")]
    said = [re.search(r'class="messages".*?</ul>', a.text, re.S).group(0) for a in answers]
    assert said[0].replace(stranger.username, "X") == said[1].replace("nobody-has-this-name", "X")
    assert "they are invited to play as “Late Sam”" in answers[0].text
    assert not event.players.filter(user=stranger).exists()  # not a player before they say yes
    sam = client_for(stranger)
    invitations = sam.get(reverse("events:index")).text
    assert "Invitations to play" in invitations and "as Late Sam" in invitations
    assert client_for(event.players.first().user).post(url("late-answer", event),
                                                       {"answer": "accept"}).status_code == 404
    sam.post(url("late-answer", event), {"answer": "accept"})
    player = event.players.get(user=stranger)
    assert player.display_name == "Late Sam" and player.late_entry.from_round == 2
    assert sam.get(url("day", event)).status_code == 200


def test_a_declined_invitation_makes_no_player(ready, organiser, stranger):
    event = ready(2)
    day.pair_next_round(event=event, by=organiser)
    client_for(organiser).post(url("late", event), {"username": stranger.username, "display_name": "Sam"})
    client_for(stranger).post(url("late-answer", event), {"answer": "decline"})
    assert not event.players.filter(user=stranger).exists()
    assert client_for(stranger).post(url("late-answer", event), {"answer": "accept"}).status_code == 404


def test_the_standings_of_16_players_fit_one_page_of_a4_for_the_wall(ready, organiser):
    event = ready(16)
    for _ in range(4):
        for table in day.pair_next_round(event=event, by=organiser).tables.exclude(second=None):
            results.organiser_result(table=table, winner=table.first, first_destruction=1250,
                                     second_destruction=1105, by=organiser)
    response = client_for(organiser).get(url("standings-pdf", event))
    pdf = PdfReader(io.BytesIO(response.content))
    assert len(pdf.pages) == 1 and "Player 16" in pdf.pages[0].extract_text()


def test_a_long_wall_sheet_is_rendered_by_the_worker_while_a_page_waits(ready, organiser, monkeypatch):
    """Past WALL_INLINE_ROWS lines the request does not render: it queues the sheet and answers the waiting
    page at once (202), which reloads until the PDF is ready (tasks run at once in tests)."""
    monkeypatch.setattr(boards, "WALL_INLINE_ROWS", 1)
    event = ready(4)
    day.pair_next_round(event=event, by=organiser)
    client = client_for(organiser)
    for name, args in (("standings-pdf", ()), ("round-pdf", (1,))):
        waiting = client.get(url(name, event, *args))
        assert waiting.status_code == 202 and "wall" not in waiting.get("Content-Type", "")
        reload = re.search(r'href="([^"]+waiting=[^"]+)"', waiting.text).group(1).replace("&amp;", "&")
        ready_pdf = client.get(reload)
        assert ready_pdf.status_code == 200 and ready_pdf.content.startswith(b"%PDF")


def test_a_late_player_without_a_list_has_no_roster_link_and_an_old_one_leads_back_to_the_day(
        ready, organiser, django_user_model):
    event = ready(3)
    day.pair_next_round(event=event, by=organiser)
    for table in Table.objects.filter(round__event=event).exclude(second=None):
        client_for(organiser).post(url("correct", event, table.pk), {"winner": "tie", "first_destruction": "1",
                                                                     "second_destruction": "1"})
    late = day.add_late_player(event=event, user=django_user_model.objects.create_user("late"),
                               display_name="Late Lu", by=organiser)
    day.pair_next_round(event=event, by=organiser, seed=3)
    table = Table.objects.get(Q(first=late) | Q(second=late), round__number=2)
    other = table.second if table.first_id == late.pk else table.first
    assert other is not None
    page = client_for(other.user).get(url("day", event)).text
    assert 'data-testid="opponent-no-list"' in page and url("opponent-roster", event, table.pk) not in page
    answer = client_for(other.user).get(url("opponent-roster", event, table.pk), follow=True)
    assert answer.status_code == 200 and "Late Lu has no list in this event" in answer.text
    assert url("opponent-roster", event, table.pk) in client_for(late.user).get(url("day", event)).text


def test_day_pages_say_who_did_what_to_a_dropped_and_a_late_player(ready, organiser, stranger):
    event = ready(2)
    day.pair_next_round(event=event, by=organiser)
    dropped = event.players.first()
    day.drop_player(event=event, player=dropped, by=organiser)
    said = client_for(dropped.user).get(url("day", event)).text
    assert "The organiser dropped you from round 2 of" in said and "You dropped out" not in said
    day.invite_late_player(event=event, username=stranger.username, display_name="Late Sam", by=organiser)
    client_for(stranger).post(url("late-answer", event), {"answer": "accept"})
    assert "You are not paired in round 1: you join from round 2." in client_for(stranger).get(url("day", event)).text


def test_an_organiser_sees_each_pending_late_invitation_as_typed_and_withdraws_it(ready, organiser, stranger):
    event = ready(2)
    day.pair_next_round(event=event, by=organiser)
    client = client_for(organiser)
    for typed in (stranger.username, "nobody-has-this-nmae"):
        client.post(url("late", event), {"username": typed, "display_name": "Late Sam"})
    listed = re.search(r'data-testid="late-invitations">.*?</ul>', client.get(url("day", event)).text, re.S).group(0)
    assert f"“{stranger.username}” as Late Sam, sent" in listed and "“nobody-has-this-nmae” as Late Sam" in listed
    ours = LateInvitation.objects.get(event=event, username=stranger.username)
    answer = client.post(url("late-withdraw", event, ours.pk), follow=True).text
    assert f"The invitation to “{stranger.username}” is withdrawn." in answer
    assert "Invitations to play" not in client_for(stranger).get(reverse("events:index")).text
    assert client_for(stranger).post(url("late-answer", event), {"answer": "accept"}).status_code == 404
    again = client.post(url("late-withdraw", event, ours.pk), follow=True).text
    assert "That invitation was answered or withdrawn already." in again
    assert client_for(event.players.first().user).post(url("late-withdraw", event, ours.pk)).status_code == 403


def test_an_answered_invitation_is_no_longer_pending_and_a_published_event_still_takes_a_late_player(
        ready, organiser, stranger):
    event = event_services.change_state(event=ready(2), to=Event.State.PUBLISHED, by=organiser)
    day.pair_next_round(event=event, by=organiser)
    day.invite_late_player(event=event, username=stranger.username, display_name="Late Sam", by=organiser)
    client_for(stranger).post(url("late-answer", event), {"answer": "accept"})
    assert event.players.filter(user=stranger).exists() and not LateInvitation.objects.exists()
    page = client_for(organiser).get(reverse("events:detail", args=[event.slug])).text
    assert 'data-testid="invite-url"' not in page and 'data-testid="invite-renew"' not in page
