"""`manage.py recheck_event` and the demo event that `seed_demo` makes."""
from __future__ import annotations

import copy
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from armylists.events import services
from armylists.events.diff import diff
from armylists.events.frozen import thaw
from armylists.events.models import Event, Submission
from factions.models import Unit, data_changed
from tests.factories import change_units

from .conftest import ILLEGAL, LEGAL, client_for

pytestmark = pytest.mark.django_db


def run(capsys, *args):
    with pytest.raises(SystemExit) as exited:
        call_command("recheck_event", *args)
    return exited.value.code, capsys.readouterr().out.splitlines()


def test_one_line_per_submission_and_the_exit_status_of_checklist(event, joined, capsys):
    services.submit(player=joined[0], data=copy.deepcopy(LEGAL))
    code, lines = run(capsys, event.slug)
    assert code == 0 and lines == ["Alice (Kingdom, v1), 320/1000 points: legal — unchanged"]
    services.submit(player=joined[1], data=copy.deepcopy(ILLEGAL))
    code, lines = run(capsys, event.slug)
    assert code == 1
    assert lines[1] == ("Bob (Kingdom, v1), 980/1000 points: ILLEGAL [too-many-copies, unit-too-expensive]"
                        " — unchanged")


def test_a_verdict_changed_by_the_data_is_reported_in_json(event, joined, capsys):
    services.submit(player=joined[0], data=copy.deepcopy(LEGAL))
    change_units(Unit.objects.filter(slug="knights"), cost=400)
    data_changed(event.game_id)  # as an import or an admin edit does
    code, lines = run(capsys, event.slug, "--json")
    assert code == 1
    assert json.loads(lines[0]) == {
        "player": "Alice", "faction": "kingdom", "version": 1, "points": 570, "points_limit": 1000, "legal": False,
        "codes": ["unit-too-expensive"], "changed": True, "was_legal": True, "was_codes": [],
        "why": ["Knights: cost 150 → 400", "points 320 → 570",
                "now reported: Knights costs 400 points; no unit may cost over 350 (35% of 1000)"]}
    assert Submission.objects.get().legal is True  # the frozen verdict stays


def test_a_list_whose_units_are_gone_no_longer_checks_and_exits_2(event, joined, capsys):
    services.submit(player=joined[0], data=copy.deepcopy(LEGAL))
    Unit.objects.filter(slug="captain").delete()
    data_changed(event.game_id)
    code, lines = run(capsys, event.slug)
    assert code == 2
    assert lines == ["Alice (Kingdom, v1): BAD INPUT: entries[1].unit: no unit 'captain' in faction 'kingdom'"
                     " — CHANGED since submission (was legal)"]


def test_the_dashboards_recheck_says_why_a_list_no_longer_checks_in_words(event, joined, organiser):
    """The command keeps the JSON path; the organiser's page names the entry in words (docs/checking.md, "Bad
    input")."""
    services.submit(player=joined[0], data=copy.deepcopy(LEGAL))
    Unit.objects.filter(slug="captain").delete()
    data_changed(event.game_id)
    page = client_for(organiser).get(reverse("events:recheck", args=[event.slug])).content.decode()
    assert "the list&#x27;s second entry, its unit: no unit &#x27;captain&#x27; in faction &#x27;kingdom&#x27;" in page
    assert "entries[1]" not in page


def test_an_unknown_event_is_a_sentence_and_exit_2(db):
    with pytest.raises(CommandError, match="no event 'nope'") as refused:
        call_command("recheck_event", "nope")
    assert refused.value.returncode == 2


def test_seed_demo_makes_the_demo_event_once(capsys):
    call_command("seed_demo", verbosity=0)
    call_command("seed_demo", verbosity=0)
    event = Event.objects.get(slug="demo-event")
    # Locked, ready for its first round (docs/events.md, "The tournament day").
    assert event.organisers.get().user.username == "demo" and event.state == Event.State.LOCKED
    submissions = Submission.objects.filter(player__event=event)
    assert event.players.count() == 6 and submissions.count() == 7
    latest = {p.display_name: p.submissions.last() for p in event.players.all()}
    assert [n for n, s in latest.items() if not s.legal] == ["Bram (sample player)"]
    assert latest["Bram (sample player)"].note_text.startswith("Please fix:")
    assert "banned-faction" in latest["Bram (sample player)"].codes
    # The sample players log in with the demo's password (README, "Run an event"), to try the players' side.
    client = Client()
    for player in event.players.select_related("user"):
        assert client.login(username=player.user.username, password="muster-demo"), player.user.username

    # Cleo resubmitted with a change: two units out, two options in, 128 points less.
    cleo = event.players.get(display_name="Cleo (sample player)")
    v1, v2 = cleo.submissions.all()
    changes = diff(thaw(v1, event.game), thaw(v2, event.game), 1, 2)
    assert (changes.points_before, changes.points_after) == (1328, 1200)
    assert sorted(c.kind for c in changes.entries) == ["changed", "changed", "removed", "removed"]

    # Dov is at exactly the limit: any unit that costs more makes the re-check illegal.
    dov = latest["Dov (sample player)"]
    assert dov.legal and dov.points == dov.points_limit == 1500
    change_units(Unit.objects.filter(faction__slug="cursed-dead", slug="rat-swarms"), cost=75)
    data_changed(Event.objects.get(slug="demo-event").game_id)
    code, lines = run(capsys, "demo-event")
    assert [line for line in lines if line.startswith("Dov")] == [
        "Dov (sample player) (Cursed Dead (sample faction), v1), 1505/1500 points: ILLEGAL [points-over-limit]"
        " — CHANGED since submission (was legal)"]
