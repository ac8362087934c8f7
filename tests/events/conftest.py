"""An AoF Regiments library, an organiser, players and a stranger, events made through the services, and a clock.

Users have no password (hashing one takes a good part of a second); tests log them in with force_login.
"""
from __future__ import annotations

import copy
import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.test import Client

from armylists.builder import services as builder_services
from armylists.events import services
from armylists.events.models import Event
from factions.importer import import_document
from factions.models import GameSystem
from factions.schemas import parse_faction_file

LONDON = ZoneInfo("Europe/London")
# Every test runs at this moment unless it moves the clock: a week before the deadline below.
NOW = dt.datetime(2026, 6, 5, 12, 0, tzinfo=dt.UTC)

KINGDOM = {"format": "armylists/factions@1", "game": "aof-regiments", "factions": [
    {"slug": "kingdom", "name": "Kingdom", "units": [
        {"slug": "infantry", "name": "Infantrymen", "cost": 100, "models": 10, "options": [
            {"slug": "spears", "name": "Spears", "cost": 10, "scope": "all_models"},
            {"slug": "banner", "name": "Banner", "cost": 5, "scope": "model", "command": "banner"}]},
        {"slug": "knights", "name": "Knights", "cost": 150, "models": 3},
        {"slug": "captain", "name": "Captain", "cost": 60, "models": 1, "hero": True, "rules": ["Tough(3)"]},
        {"slug": "giant", "name": "Giant", "cost": 530, "models": 1, "rules": ["Tough(12)"]},
    ]},
    {"slug": "orcs", "name": "Orc Tribes", "units": [
        {"slug": "boyz", "name": "Orc Boyz", "cost": 90, "models": 10},
        {"slug": "warboss", "name": "Warboss", "cost": 80, "models": 1, "hero": True}]},
]}


def list_file(*entries: dict, faction: str = "kingdom", **fields) -> dict:
    data = {"format": "armylists/list@1", "game": "aof-regiments", "faction": faction, "name": "My list",
            "points_limit": 1000, "entries": [{"id": f"e{i + 1}", **e} for i, e in enumerate(entries)]}
    return data | fields


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
    import_document(parse_faction_file(copy.deepcopy(KINGDOM)))
    return GameSystem.objects.get(slug="aof-regiments")


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
        values = {"name": "Spring Muster", "game": library, "time_zone": "Europe/London",
                  "starts_at": dt.datetime(2026, 6, 13, 10, 0, tzinfo=LONDON),
                  "deadline": dt.datetime(2026, 6, 12, 18, 0, tzinfo=LONDON),
                  "settings": {"points_limit": 1000} if settings is None else settings, **fields}
        event = services.create_event(creator=organiser, **values)
        if state != Event.State.DRAFT:
            services.change_state(event=event, to=Event.State.OPEN, by=organiser)
        return event
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
        return builder_services.import_list(owner=owner, data=copy.deepcopy(data))
    return army_list_
