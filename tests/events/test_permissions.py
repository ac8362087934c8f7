"""Who may see and change what, on every event URL.

A stranger gets a 404 (the event is private: it does not exist for them); a
player asking for what only organisers may see or do gets a 403; a player
sees another player's submission only once the lists are published; an old
invitation link is a 404.
"""
from __future__ import annotations

import copy

import pytest
from django.core.files.base import ContentFile
from django.test import Client
from django.urls import reverse

from armylists.events import services
from armylists.events.models import Event, Note, Organiser, Pack, StateChange, Submission

from .conftest import ILLEGAL, LEGAL, client_for

pytestmark = pytest.mark.django_db

# (URL name, method, what the URL names besides the event, a plausible body)
ORGANISER_ONLY = [
    ("edit", "get", None, {}),
    ("edit", "post", None, {"name": "Taken over", "time_zone": "UTC", "starts_at": "2026-06-13T10:00",
                            "deadline": "2026-06-12T10:00", "set__points_limit": "5000"}),
    ("state", "post", None, {"to": "locked"}),
    ("invite-renew", "post", None, {}),
    ("organiser-add", "post", None, {"username": "sam"}),
    ("organiser-remove", "post", "organiser", {}),
    ("submission-note", "post", "submission", {"text": "Mine now"}),
    ("submission-note", "post", "submission", {"private": "Mine now"}),
    ("dashboard", "get", None, {}),
    ("recheck", "get", None, {}),
    ("export-csv", "get", None, {}),
    ("pack-start", "post", None, {}),
    ("pack-status", "get", None, {}),
    ("pack-download", "get", "pack", {}),
]
PLAYER_ONLY = [
    ("player-rename", "post", None, {"display_name": "Intruder"}),
    ("submit-list", "post", None, {"list": "0"}),
    ("submit-file", "post", None, {}),
]
MEMBERS = [("detail", "get", None, {}), ("submission", "get", "submission", {}),
           ("submission-pdf", "get", "submission", {})]
EVERY_URL = ORGANISER_ONLY + PLAYER_ONLY + MEMBERS


@pytest.fixture
def scene(event, joined, organiser, players, stranger):
    """Olga organises, with Alice's co-organiser Carol; Alice and Bob play; each has submitted."""
    carol = type(organiser).objects.create_user("carol")
    services.invite_organiser(event=event, username="carol", by=organiser)
    services.answer_organiser_invitation(event=event, user=carol, accept=True)
    alice, bob = joined
    alices = services.submit(player=alice, data=copy.deepcopy(LEGAL))
    bobs = services.submit(player=bob, data=copy.deepcopy(ILLEGAL))
    pack = Pack.objects.create(event=event, status=Pack.Status.DONE, pdf=ContentFile(b"%PDF-1.7 test", "pack.pdf"))
    co = Organiser.objects.get(user=carol)
    return {"event": event, "alice": alices, "bob": bobs, "pack": pack, "organiser": co, "carol": carol}


def url(scene, name, names, submission="bob"):
    event = scene["event"]
    extra = {None: [], "submission": [scene[submission].pk], "organiser": [scene["organiser"].pk],
             "pack": [scene["pack"].pk]}[names]
    return reverse(f"events:{name}", args=[event.slug, *extra])


def snapshot():
    """Everything a forbidden request could have changed."""
    event = Event.objects.get()
    return (event.name, event.state, event.invite_token, dict(event.settings), event.deadline,
            Submission.objects.count(), Note.objects.count(), Organiser.objects.count(),
            StateChange.objects.count(), Pack.objects.count(), list(event.players.values_list("display_name")))


@pytest.mark.parametrize("name, method, names, data", EVERY_URL)
def test_a_stranger_gets_a_404_and_changes_nothing(scene, stranger, name, method, names, data):
    before = snapshot()
    response = getattr(client_for(stranger), method)(url(scene, name, names), data)
    assert response.status_code == 404
    assert snapshot() == before


@pytest.mark.parametrize("name, method, names, data", EVERY_URL)
def test_anonymous_visitors_are_sent_to_log_in(scene, client, name, method, names, data):
    before = snapshot()
    response = getattr(client, method)(url(scene, name, names), data)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert snapshot() == before


@pytest.mark.parametrize("name, method, names, data", ORGANISER_ONLY)
def test_a_player_cannot_see_the_dashboard_nor_change_the_event(scene, players, name, method, names, data):
    before = snapshot()
    response = getattr(client_for(players[0]), method)(url(scene, name, names), data)
    assert response.status_code == 403
    assert snapshot() == before


@pytest.mark.parametrize("name, method, names, data", PLAYER_ONLY)
def test_an_organiser_who_does_not_play_cannot_act_as_a_player(scene, organiser, name, method, names, data):
    before = snapshot()
    assert getattr(client_for(organiser), method)(url(scene, name, names), data).status_code == 403
    assert snapshot() == before


@pytest.mark.parametrize("name", ["submission", "submission-pdf"])
def test_a_player_sees_another_players_list_only_once_published(scene, players, organiser, name):
    alice = client_for(players[0])
    assert alice.get(url(scene, name, "submission", "alice")).status_code == 200
    assert alice.get(url(scene, name, "submission", "bob")).status_code == 404
    for to in (Event.State.LOCKED, Event.State.PUBLISHED):
        services.change_state(event=scene["event"], to=to, by=organiser)
    assert alice.get(url(scene, name, "submission", "bob")).status_code == 200


def test_a_submission_of_another_event_is_a_404_even_for_an_organiser(scene, make_event, players, organiser):
    other = make_event(name="Other event")
    player = services.join_event(event=other, user=players[0], display_name="Alice")
    foreign = services.submit(player=player, data=copy.deepcopy(LEGAL))
    response = client_for(organiser).get(reverse("events:submission", args=[scene["event"].slug, foreign.pk]))
    assert response.status_code == 404


@pytest.mark.parametrize("name, method, names, data", ORGANISER_ONLY + MEMBERS)
def test_organisers_and_co_organisers_reach_every_page(scene, organiser, name, method, names, data):
    if method != "get":
        return
    for user in (organiser, scene["carol"]):
        assert getattr(client_for(user), method)(url(scene, name, names)).status_code == 200, (name, user)


def test_an_old_invitation_link_no_longer_works(event, stranger, organiser):
    old = reverse("events:join", args=[event.invite_token])
    client_for(organiser).post(reverse("events:invite-renew", args=[event.slug]), {"confirmed": "yes"})
    event.refresh_from_db()
    sam = client_for(stranger)
    assert sam.get(old).status_code == 404
    assert sam.post(old, {"display_name": "Sam"}).status_code == 404
    assert not event.players.exists()
    assert sam.post(reverse("events:join", args=[event.invite_token]), {"display_name": "Sam"}).status_code == 302
    assert event.players.get().display_name == "Sam"


def test_joining_needs_an_account(client, event):
    response = client.get(reverse("events:join", args=[event.invite_token]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("name", ["index", "create"])
def test_event_pages_without_an_event_need_an_account(client, name):
    response = client.get(reverse(f"events:{name}"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_my_events_lists_only_mine(scene, stranger, players):
    assert list(client_for(stranger).get(reverse("events:index")).context["events"]) == []
    assert [e.name for e in client_for(players[0]).get(reverse("events:index")).context["events"]] == ["Spring Muster"]


def test_a_post_without_the_csrf_token_is_refused(scene, players):
    client = Client(enforce_csrf_checks=True)
    client.force_login(players[0])
    assert client.post(url(scene, "player-rename", None), {"display_name": "Forged"}).status_code == 403
    assert scene["event"].players.get(user=players[0]).display_name == "Alice"
