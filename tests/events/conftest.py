"""An AoF Regiments library, an organiser, players and a stranger, events made through the services, and a clock.

Users have no password (hashing one takes a good part of a second); tests log them in with force_login.
"""
from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client

from armylists.events import services
from armylists.events.models import Event
from tests import factories

# Every test runs at this moment unless it moves the clock: a week before the deadline below.
NOW = dt.datetime(2026, 6, 5, 12, 0, tzinfo=dt.UTC)

KINGDOM = factories.kingdom()


def list_file(*entries: dict, faction: str = "kingdom", **fields) -> dict:
    return factories.list_file("aof-regiments", *entries, faction=faction, **{
        "name": "My list", "points_limit": 1000, **fields})


LEGAL = list_file({"unit": "infantry", "options": ["spears"]}, {"unit": "captain"}, {"unit": "knights"},
                  name="Kingdom host")  # 320 points
ILLEGAL = list_file({"unit": "giant"}, {"unit": "knights"}, {"unit": "knights"}, {"unit": "knights"},
                    name="Too big")  # 980 points: a 530-point giant (35% of 1000 is 350) and 3 knights


class Clock:
    def __init__(self, monkeypatch):
        self.moment = NOW
        monkeypatch.setattr(services, "now", lambda: self.moment)

    def set(self, moment: dt.datetime) -> None:
        self.moment = moment


@pytest.fixture(autouse=True)
def clock(monkeypatch) -> Clock:
    return Clock(monkeypatch)


@pytest.fixture
def library(db):
    return factories.make_faction(KINGDOM)


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user("olga")


@pytest.fixture
def players(django_user_model):
    return [django_user_model.objects.create_user(name) for name in ("alice", "bob")]


@pytest.fixture
def stranger(django_user_model):
    return django_user_model.objects.create_user("sam")


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def make_event(library, organiser):
    def make_event_(state: str = Event.State.OPEN, settings: dict | None = None, **fields) -> Event:
        if settings is not None:
            fields["settings"] = settings
        return factories.make_event(organiser, library, open_it=state != Event.State.DRAFT, **fields)
    return make_event_


@pytest.fixture
def event(make_event):
    return make_event()


@pytest.fixture
def joined(event, players):
    """alice and bob, players of `event`."""
    return [services.join_event(event=event, user=u, display_name=u.username.title()) for u in players]


@pytest.fixture
def army_list(library):
    def army_list_(owner, data: dict):
        return factories.make_list(owner, data)
    return army_list_
