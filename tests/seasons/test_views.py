"""A season's pages (docs/events.md, "Seasons"): made and edited by its organisers from their own events, private
until published on its page, then public with its CSV and its PDF (16 players a page), and listed on its
players' events pages."""
from __future__ import annotations

import csv
import datetime as dt
import io
import re

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from armylists.events.models import Event
from armylists.seasons import read, views
from armylists.seasons.models import Season
from armylists.seasons.printable import PER_PAGE, SeasonSheet
from armylists.seasons.services import create_season
from factions.models import GameSystem

pytestmark = pytest.mark.django_db


def url(name: str, season: Season, *args) -> str:
    return reverse(f"seasons:{name}", args=[season.slug, *args])


@pytest.fixture
def season(played, people, organiser):
    """Two published events (the second counts one player's best) and one under way, `best` 1."""
    spring = played(people[:4], name="Spring")
    summer = played(people[:3], name="Summer")
    autumn = played(people[:2], name="Autumn", publish=False)
    return create_season(creator=organiser, name="Club league", events=[spring, summer, autumn], best=1)


def test_an_organiser_makes_a_season_from_their_own_events(client_for, played, people, organiser, stranger,
                                                           make_event):
    mine = played(people[:2], name="Mine")
    theirs = Event.objects.create(slug="theirs", name="Not mine", game=mine.game, starts_at=mine.starts_at,
                                  time_zone="UTC", deadline=mine.deadline, created_by=stranger)
    olga = client_for(organiser)
    page = olga.get(reverse("seasons:create"))
    assert page.status_code == 200 and "Mine" in page.text and "Not mine" not in page.text
    refused = olga.post(reverse("seasons:create"), {"name": "League", "scoring": "placing",
                                                    "events": [mine.pk, theirs.pk]})
    assert refused.status_code == 200 and not Season.objects.exists()
    made = olga.post(reverse("seasons:create"), {"name": "League", "scoring": "vp", "best": "3",
                                                 "events": [mine.pk]})
    season = Season.objects.get()
    assert made["Location"] == url("detail", season)
    assert (season.scoring, season.best, list(season.events.all())) == ("vp", 3, [mine])


def test_a_season_of_one_game_takes_no_event_of_another(client_for, played, people, organiser):
    event = played(people[:2])
    GameSystem.objects.create(slug="other-game", name="Other Game")
    answer = client_for(organiser).post(reverse("seasons:create"), {
        "name": "League", "scoring": "placing", "game": "other-game", "events": [event.pk]})
    assert "is an event of" in answer.text and not Season.objects.exists()


def test_private_until_published_then_public(season, client_for, organiser, stranger, client):
    assert client_for(organiser).get(url("detail", season)).status_code == 200
    assert client_for(stranger).get(url("detail", season)).status_code == 404
    assert client.get(url("detail", season))["Location"].startswith("/accounts/login/")
    for name in ("standings-csv", "standings-pdf"):
        assert client_for(stranger).get(url(name, season)).status_code == 404
    olga = client_for(organiser)
    asked = olga.post(url("publish", season))
    assert asked.status_code == 200 and "cannot be unpublished" in asked.text
    season.refresh_from_db()
    assert not season.published
    olga.post(url("publish", season), {"confirmed": "yes"})
    season.refresh_from_db()
    assert season.published
    page = Client().get(url("detail", season))
    assert page.status_code == 200 and 'data-testid="season-publish"' not in page.text
    assert client_for(stranger).get(url("edit", season)).status_code == 403


def test_the_page_shows_rank_player_score_events_and_each_contribution(season, client_for, organiser):
    page = client_for(organiser).get(url("detail", season)).text
    rows = re.findall(r'<tr data-testid="season-line">(.*?)</tr>', page)
    assert len(rows) == 4
    # Person0 and Person1 played Spring and Summer: with `best` 1 one of them is struck through.
    assert all("<del" in row for row in rows if "Person0" in row or "Person1" in row)
    assert 'data-testid="waiting-event">Autumn' in page and "not yet counted" in page


def test_the_csv_has_a_line_a_player_in_order(season, client_for, organiser):
    response = client_for(organiser).get(url("standings-csv", season))
    assert response["Content-Disposition"] == f'attachment; filename="{season.slug}-standings.csv"'
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["rank", "player", "score", "events counted", "VP", "events"]
    assert len(rows) == 5 and [r[0] for r in rows[1:]] == sorted((r[0] for r in rows[1:]), key=int)
    assert any("(not counted)" in r[5] for r in rows[1:])


def test_the_pdf_prints_16_players_a_page(season, organiser):
    many = [[i, f"Player {i}", 100 - i, 3, 9, [("Spring", 10, True), ("Summer", 4, False), ("Autumn", 9, True)]]
            for i in range(1, 2 * PER_PAGE + 2)]
    pdf = PdfReader(io.BytesIO(SeasonSheet(season, many).render()))
    assert len(pdf.pages) == 3
    assert "Player 16" in pdf.pages[0].extract_text() and "Player 17" not in pdf.pages[0].extract_text()
    assert "Player 33" in pdf.pages[2].extract_text()


def test_the_pdf_downloads_and_a_long_one_is_rendered_by_the_worker(season, client_for, organiser, monkeypatch):
    olga = client_for(organiser)
    response = olga.get(url("standings-pdf", season))
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    monkeypatch.setattr(views, "WALL_INLINE_ROWS", 1)
    season.scoring = "vp"  # another sheet, not in the cache yet
    season.save()
    waiting = olga.get(url("standings-pdf", season))
    assert waiting.status_code == 202
    reload = re.search(r'href="([^"]+waiting=[^"]+)"', waiting.text).group(1).replace("&amp;", "&")
    assert olga.get(reload).content.startswith(b"%PDF")


def test_the_organiser_edits_the_season(season, client_for, organiser, stranger):
    olga = client_for(organiser)
    form = olga.get(url("edit", season))
    assert form.status_code == 200 and "Spring" in form.text
    spring = season.events.get(name="Spring")
    olga.post(url("edit", season), {"name": "Club league 2026", "scoring": "placing", "events": [spring.pk]})
    season.refresh_from_db()
    assert season.name == "Club league 2026" and season.best is None and list(season.events.all()) == [spring]
    assert client_for(stranger).post(url("edit", season), {"name": "Mine now"}).status_code == 404


def test_the_events_page_lists_a_players_published_seasons(season, client_for, organiser, people):
    player = client_for(people[0])
    assert "Club league" not in player.get(reverse("events:index")).text
    assert "Club league" in client_for(organiser).get(reverse("events:index")).text
    season.published = True
    season.save()
    listed = player.get(reverse("events:index")).text
    assert 'data-testid="season-row"' in listed and "Club league" in listed
    assert "Club league" not in client_for(people[11]).get(reverse("events:index")).text


def test_a_co_organiser_is_invited_accepts_and_may_edit(season, client_for, organiser, stranger, played):
    olga = client_for(organiser)
    said = olga.post(url("organiser-add", season), {"username": stranger.username}, follow=True)
    assert "If someone is called" in said.text
    sam = client_for(stranger)
    assert 'data-testid="season-organiser-invitation"' in sam.get(reverse("events:index")).text
    assert sam.get(url("edit", season)).status_code == 404
    sam.post(url("organiser-answer", season), {"answer": "accept"})
    assert sam.get(url("edit", season)).status_code == 200
    assert sam.post(url("organiser-answer", season), {"answer": "accept"}).status_code == 404
    creator = season.organisers.get(is_creator=True)
    olga.post(url("organiser-remove", season, creator.pk))
    assert season.organisers.filter(pk=creator.pk).exists()


def test_a_season_page_is_read_from_the_cache(season, client_for, organiser, monkeypatch):
    olga = client_for(organiser)
    first = olga.get(url("detail", season)).text
    monkeypatch.setattr(read, "event_lines", lambda *a: pytest.fail("the events' standings read again"))
    assert olga.get(url("detail", season)).text.count("season-line") == first.count("season-line")


def test_an_event_dated_later_names_the_player(played, people, organiser):
    early = played(people[:2], names={people[0]: "Ada"}, starts=dt.datetime(2026, 7, 1, tzinfo=dt.UTC))
    late = played(people[:2], names={people[0]: "Ada Lovelace"}, starts=dt.datetime(2026, 8, 1, tzinfo=dt.UTC))
    season = create_season(creator=organiser, name="League", events=[late, early])
    season.published = True
    season.save()
    assert "Ada Lovelace" in Client().get(url("detail", season)).text


def test_a_large_season_is_read_by_the_worker_while_its_page_waits(season, client_for, organiser, monkeypatch):
    """Past INLINE_LINES lines of standings to read, the request does not read them: it queues the reading once
    and answers a page that reloads itself (202); once read, the page answers (tasks run at once in tests)."""
    monkeypatch.setattr(read, "INLINE_LINES", 1)
    queued = []
    job = type("Job", (), {"is_finished": False})()
    monkeypatch.setattr(views, "read_season", type("Queue", (), {"enqueue": lambda pk: queued.append(pk) or job}))
    olga = client_for(organiser)
    for _ in range(2):
        waiting = olga.get(url("detail", season))
        assert waiting.status_code == 202 and 'data-testid="season-reading"' in waiting.text
        assert 'http-equiv="refresh"' in waiting.text
    assert queued == [season.pk]  # queued once, however often the page reloads
    assert olga.get(url("standings-csv", season)).status_code == 202
    monkeypatch.undo()
    monkeypatch.setattr(read, "INLINE_LINES", 1)
    views.read_season.call(season.pk)  # the worker's reading
    assert olga.get(url("detail", season)).status_code == 200
