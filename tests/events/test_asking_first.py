"""What an organiser cannot undo is asked first (docs/events.md, "The steps"): locking, publishing and
renewing the invitation link show what will happen, and nothing changes until it is confirmed."""
from __future__ import annotations

import pytest
from django.urls import reverse

from armylists.events import services
from armylists.events.models import Event, StateChange

from .conftest import client_for

pytestmark = pytest.mark.django_db

State = Event.State


@pytest.mark.parametrize("start, to, question", [
    (State.OPEN, State.LOCKED, "Lock Spring Muster now?"),
    (State.LOCKED, State.PUBLISHED, "Publish the lists of Spring Muster?"),
])
def test_locking_and_publishing_are_asked_first(make_event, organiser, start, to, question):
    event = make_event()
    if start == State.LOCKED:
        services.change_state(event=event, to=start, by=organiser)
    olga = client_for(organiser)
    target = reverse("events:state", args=[event.slug])
    logged = StateChange.objects.count()
    asked = olga.post(target, {"to": to})
    page = asked.content.decode()
    assert asked.status_code == 200 and question in page and 'data-testid="confirm-yes"' in page
    assert f'name="to" value="{to}"' in page and 'name="confirmed" value="yes"' in page
    event.refresh_from_db()
    assert event.state == start and StateChange.objects.count() == logged
    assert olga.post(target, {"to": to, "confirmed": "yes"}).status_code == 302
    event.refresh_from_db()
    assert event.state == to


@pytest.mark.parametrize("start, to", [(State.DRAFT, State.OPEN), (State.OPEN, State.DRAFT)])
def test_what_can_be_undone_is_done_at_once(make_event, organiser, start, to):
    event = make_event(state=start)
    assert client_for(organiser).post(reverse("events:state", args=[event.slug]), {"to": to}).status_code == 302
    event.refresh_from_db()
    assert event.state == to


def test_renewing_the_invitation_is_asked_first(event, organiser):
    token = event.invite_token
    target = reverse("events:invite-renew", args=[event.slug])
    asked = client_for(organiser).post(target)
    assert asked.status_code == 200 and "Make a new invitation link?" in asked.content.decode()
    event.refresh_from_db()
    assert event.invite_token == token
    client_for(organiser).post(target, {"confirmed": "yes"})
    event.refresh_from_db()
    assert event.invite_token != token
