"""Co-organisers are invited and accept (armylists/events/views/events.py); the form answers alike
whether or not the username exists, and is rate limited. A player's versions are capped."""
from __future__ import annotations

import copy

import pytest
from django.urls import reverse

from armylists.events import services
from armylists.events.models import VERSIONS_MAX, Organiser, Submission

from .conftest import LEGAL, client_for

pytestmark = pytest.mark.django_db


def invite(client, event, username: str):
    response = client.post(reverse("events:organiser-add", args=[event.slug]), {"username": username}, follow=True)
    return response, [str(m) for m in response.context["messages"]] if response.context else []


def test_inviting_says_the_same_whether_or_not_the_name_exists_and_adds_nobody(event, organiser, players):
    olga = client_for(organiser)
    _, known = invite(olga, event, "alice")
    _, unknown = invite(olga, event, "nobody-here")
    assert known == [m.replace("nobody-here", "alice") for m in unknown]
    assert "they are invited" in known[0]
    assert list(event.organisers.values_list("user__username", flat=True)) == ["olga"]


def test_the_invited_person_sees_it_on_their_events_page_and_accepts(event, organiser, players):
    alice, bob = players
    invite(client_for(organiser), event, "alice")
    page = client_for(alice).get(reverse("events:index")).content.decode()
    assert "Invitations to organise" in page and event.name in page
    assert "Invitations to organise" not in client_for(bob).get(reverse("events:index")).content.decode()
    # Bob has no invitation: answering is a 404, and he organises nothing.
    answer = reverse("events:organiser-answer", args=[event.slug])
    assert client_for(bob).post(answer, {"answer": "accept"}).status_code == 404
    assert client_for(alice).post(answer, {"answer": "accept"}).status_code == 302
    assert Organiser.objects.filter(event=event, user=alice).exists()
    assert client_for(alice).get(reverse("events:dashboard", args=[event.slug])).status_code == 200


def test_a_declined_invitation_is_gone(event, organiser, players):
    alice, _ = players
    invite(client_for(organiser), event, "alice")
    answer = reverse("events:organiser-answer", args=[event.slug])
    assert client_for(alice).post(answer, {"answer": "decline"}).status_code == 302
    assert not Organiser.objects.filter(event=event, user=alice).exists()
    assert client_for(alice).post(answer, {"answer": "accept"}).status_code == 404


def test_the_invitation_form_is_rate_limited(event, organiser, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "organiser-invite": {"user": "3/h", "address": "100/h"}}
    olga, url = client_for(organiser), reverse("events:organiser-add", args=[event.slug])
    codes = [olga.post(url, {"username": f"probe{n}"}).status_code for n in range(4)]
    assert codes == [302, 302, 302, 429]


def test_a_player_may_submit_at_most_the_cap_of_versions(joined, monkeypatch):
    player = joined[0]
    monkeypatch.setattr("armylists.events.services.VERSIONS_MAX", 3)
    for _ in range(3):
        services.submit(player=player, data=copy.deepcopy(LEGAL))
    with pytest.raises(services.Refused, match="submitted 3 versions"):
        services.submit(player=player, data=copy.deepcopy(LEGAL))
    assert Submission.objects.filter(player=player).count() == 3
    assert VERSIONS_MAX == 50
