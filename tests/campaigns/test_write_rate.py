"""Writes to a campaign through the pages are rate limited per member: past the rate, a clear 429 page and
nothing written, while other members keep playing (docs/campaigns.md, "How it is kept")."""
from __future__ import annotations

import pytest
from django.urls import reverse

from armylists.campaigns.views import common

pytestmark = pytest.mark.django_db


def test_a_member_past_the_write_rate_gets_429_and_nothing_is_written(armies, client_for, monkeypatch):
    monkeypatch.setattr(common, "WRITE_RATE", "3/m")
    target = reverse("campaigns:unit-notes", args=[armies.slug, "a1", "u1"])
    alice = client_for("alice")
    for number in range(3):
        assert alice.post(target, {"notes": f"note {number}"}).status_code == 302
    count = armies.actions.count()
    refused = alice.post(target, {"notes": "one too many"})
    assert refused.status_code == 429
    assert "Too many requests" in refused.content.decode() and refused["Retry-After"]
    assert armies.actions.count() == count


def test_the_rate_is_counted_per_member(armies, client_for, monkeypatch, settings):
    monkeypatch.setattr(common, "WRITE_RATE", "2/m")
    alice, bob = client_for("alice"), client_for("bob")
    for number in range(2):
        alice.post(reverse("campaigns:unit-notes", args=[armies.slug, "a1", "u1"]), {"notes": f"n{number}"})
    assert alice.post(reverse("campaigns:unit-notes", args=[armies.slug, "a1", "u1"]),
                      {"notes": "x"}).status_code == 429
    # Another member on another address still writes.
    bob.defaults["REMOTE_ADDR"] = "10.0.0.2"
    assert bob.post(reverse("campaigns:unit-notes", args=[armies.slug, "a2", "u8"]),
                    {"notes": "mine"}).status_code == 302
