"""The organisers' dashboard: sorting and filtering, notes, a constant number of queries, CSV, the PDF pack."""
from __future__ import annotations

import copy
import csv
import io
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from armylists.events import pack as pack_module
from armylists.events import services
from armylists.events.models import Pack
from tests.printing.conftest import pdf_pages

from .conftest import ILLEGAL, LEGAL, client_for, list_file

pytestmark = pytest.mark.django_db
ORCS = list_file({"unit": "boyz"}, {"unit": "warboss"}, faction="orcs", name="Waaagh")


@pytest.fixture
def table_scene(event, organiser, django_user_model):
    """Dora (illegal), Alice (legal), Bob (orcs, legal), Carl (nothing yet)."""
    for name, data in (("Dora", ILLEGAL), ("Alice", LEGAL), ("Bob", ORCS), ("Carl", None)):
        user = django_user_model.objects.create_user(name.lower())
        player = services.join_event(event=event, user=user, display_name=name)
        if data:
            services.submit(player=player, data=copy.deepcopy(data))
    return client_for(organiser)


def names(client, event, **params):
    response = client.get(reverse("events:dashboard", args=[event.slug]), params)
    return [r.player.display_name for r in response.context["table"].rows]


@pytest.mark.parametrize("params, expected", [
    ({}, ["Dora", "Carl", "Alice", "Bob"]),  # illegal first, then missing, then legal
    ({"sort": "player"}, ["Alice", "Bob", "Carl", "Dora"]),
    ({"sort": "faction"}, ["Alice", "Dora", "Bob", "Carl"]),  # Kingdom, Orc Tribes, none
    ({"sort": "points"}, ["Dora", "Alice", "Bob", "Carl"]),  # 980, 320, 170
    ({"show": "illegal"}, ["Dora"]),
    ({"show": "missing"}, ["Carl"]),
    ({"faction": "orcs"}, ["Bob"]),
    ({"faction": "kingdom", "sort": "player"}, ["Alice", "Dora"]),
    ({"sort": "nonsense", "show": "<script>", "faction": "elves"}, ["Dora", "Carl", "Alice", "Bob"]),
])
def test_the_table_sorts_and_filters(table_scene, event, params, expected):
    assert names(table_scene, event, **params) == expected


def test_an_htmx_filter_answers_with_the_table_only(table_scene, event):
    response = table_scene.get(reverse("events:dashboard", args=[event.slug]), {"show": "illegal"},
                               headers={"HX-Request": "true", "HX-Target": "dashboard-table"})
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="dashboard-table">') and "Dora" in html and "Alice" not in html


def test_the_table_shows_errors_warnings_and_the_note(table_scene, event, organiser):
    dora = event.players.get(display_name="Dora").submissions.get()
    table_scene.post(reverse("events:submission-note", args=[event.slug, dora.pk]),
                     {"text": "Please fix: the Giant is over 35%."}, headers={"HX-Request": "true"})
    html = table_scene.get(reverse("events:dashboard", args=[event.slug])).content.decode()
    assert 'data-code="unit-too-expensive"' in html and 'data-code="too-many-copies"' in html
    assert ">unit-too-expensive<" not in html and ">too-many-copies<" not in html
    assert "Please fix: the Giant is over 35%." in html


def test_the_player_sees_the_note_on_their_submission(table_scene, event):
    dora = event.players.get(display_name="Dora")
    submission = dora.submissions.get()
    services.set_note(submission=submission, text="Please fix: <b>the Giant</b>", by=None)
    page = client_for(dora.user).get(event.get_absolute_url()).content.decode()
    assert "Please fix: &lt;b&gt;the Giant&lt;/b&gt;" in page


def queries_for_dashboard(client, event) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(reverse("events:dashboard", args=[event.slug])).status_code == 200
    return len(captured)


def test_the_dashboard_reads_a_fixed_number_of_rows_whatever_the_players(table_scene, event, django_user_model):
    few = queries_for_dashboard(table_scene, event)
    for i in range(12):
        user = django_user_model.objects.create_user(f"extra{i}")
        player = services.join_event(event=event, user=user, display_name=f"Extra {i}")
        services.submit(player=player, data=copy.deepcopy(LEGAL if i % 2 else ILLEGAL))
        if i % 3 == 0:
            services.set_note(submission=player.submissions.get(), text="Check this", by=None)
    assert queries_for_dashboard(table_scene, event) == few <= 10


def read_csv(response) -> list[dict]:
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="spring-muster-submissions.csv"'
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def test_the_csv_is_the_table(table_scene, event):
    rows = read_csv(table_scene.get(reverse("events:export-csv", args=[event.slug]), {"sort": "player"}))
    assert [(r["player"], r["faction"], r["points"], r["verdict"]) for r in rows] == [
        ("Alice", "Kingdom", "320", "legal"), ("Bob", "Orc Tribes", "170", "legal"),
        ("Carl", "", "", "missing"), ("Dora", "Kingdom", "980", "illegal")]
    dora = rows[3]
    assert dora["error codes"] == "too-many-copies unit-too-expensive" and dora["version"] == "1"
    assert "too-many" not in dora["errors"] and len(dora["errors"].splitlines()) == 2
    assert dora["submitted"] == "2026-06-05T13:00+01:00"  # noon UTC, in London's summer time
    assert len(dora["list fingerprint"]) == 12


def test_the_csv_never_hands_a_spreadsheet_a_formula(table_scene, event):
    carl = event.players.get(display_name="Carl")
    services.rename_player(player=carl, display_name='=HYPERLINK("http://evil.example","x")')
    rows = read_csv(table_scene.get(reverse("events:export-csv", args=[event.slug])))
    assert "'=HYPERLINK(\"http://evil.example\",\"x\")" in [r["player"] for r in rows]


def test_the_pack_is_built_in_the_background_with_its_progress(table_scene, event, tmp_path):
    response = table_scene.post(reverse("events:pack-start", args=[event.slug]), headers={"HX-Request": "true"})
    pack = Pack.objects.get()
    assert (pack.status, pack.done, pack.total) == ("done", 3, 3)
    assert 'data-status="done"' in response.content.decode()
    pdf = table_scene.get(reverse("events:pack-download", args=[event.slug, pack.pk]))
    assert pdf["Content-Disposition"] == 'attachment; filename="spring-muster-judges-pack.pdf"'
    pages = pdf_pages(pdf.content, tmp_path)
    assert "Spring Muster" in pages[0] and "Carl no list submitted" in pages[0]
    dora = event.players.get(display_name="Dora").submissions.get()
    assert f"{dora.list_fingerprint} {dora.data_fingerprint}" in pages[0]
    rosters = pages[1:]
    assert [re.search(r"CHECKED (\w+)", page).group(1) for page in rosters] == ["Alice", "Bob", "Dora"]
    # Each roster is the frozen one: its own fingerprints, and the time of submission in the event's time zone.
    assert f"List {dora.list_fingerprint} · Unit data {dora.data_fingerprint}" in rosters[2]
    assert all("5 Jun 2026, 13:00 BST" in page for page in rosters)


def test_a_pack_still_queued_says_it_waits_for_a_worker(table_scene, event, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
    response = table_scene.post(reverse("events:pack-start", args=[event.slug]), headers={"HX-Request": "true"})
    html = response.content.decode()
    assert Pack.objects.get().status == "queued"
    assert "python manage.py db_worker" in html and 'hx-trigger="every 1s"' in html


def test_a_failed_pack_says_why(table_scene, event, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("the printer is on fire")

    monkeypatch.setattr(pack_module, "roster_pdf", broken)
    table_scene.post(reverse("events:pack-start", args=[event.slug]))
    pack = Pack.objects.get()
    assert pack.status == "failed" and pack.problem == "RuntimeError: the printer is on fire"
    html = table_scene.get(reverse("events:pack-status", args=[event.slug])).content.decode()
    assert "The pack could not be built: RuntimeError: the printer is on fire" in html


def test_the_organisers_private_note_is_on_the_dashboard_and_never_shown_to_the_player(table_scene, event, tmp_path):
    """docs/events.md, "Notes": the note to the player and the organisers' own, side by side."""
    dora = event.players.get(display_name="Dora")
    submission = dora.submissions.get()
    saved = table_scene.post(reverse("events:submission-note", args=[event.slug, submission.pk]),
                             {"text": "Please fix the Giant.", "private": "Argued at the desk; watch her table."})
    assert saved.status_code == 302
    dashboard = table_scene.get(reverse("events:dashboard", args=[event.slug])).content.decode()
    assert "Please fix the Giant." in dashboard and "Argued at the desk; watch her table." in dashboard
    rows = read_csv(table_scene.get(reverse("events:export-csv", args=[event.slug])))
    row = next(r for r in rows if r["player"] == "Dora")
    assert row["organisers' note"] == "Argued at the desk; watch her table."
    player = client_for(dora.user)
    for url in (event.get_absolute_url(), reverse("events:submission", args=[event.slug, submission.pk])):
        page = player.get(url).content.decode()
        assert "Please fix the Giant." in page and "watch her table" not in page
    pdf = player.get(reverse("events:submission-pdf", args=[event.slug, submission.pk]))
    assert "watch her table" not in "".join(pdf_pages(pdf.content, tmp_path))


def test_a_private_note_alone_keeps_the_note_and_the_player_sees_none(table_scene, event):
    submission = event.players.get(display_name="Dora").submissions.get()
    services.set_note(submission=submission, text="", private="Only us", by=None)
    submission.refresh_from_db()
    assert submission.note_text == "" and submission.private_note_text == "Only us"
    services.set_note(submission=submission, text="", private="  ", by=None)
    assert not type(submission).objects.get(pk=submission.pk).private_note_text
