"""The suite's small factions of every game (tests/factories.py), players, and `make_list` for builder tests."""
from __future__ import annotations

import pytest
from django.test import Client

from tests import factories

FACTIONS = factories.every_game()


@pytest.fixture
def load_game(db):
    def load(game: str) -> None:
        factories.make_faction(FACTIONS[game])
    return load


@pytest.fixture
def games(load_game):
    for game in FACTIONS:
        load_game(game)


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("alice", password="pw-alice-123")


@pytest.fixture
def other_user(django_user_model):
    return django_user_model.objects.create_user("bob", password="pw-bob-123")


@pytest.fixture
def alice(client, user) -> Client:
    client.force_login(user)
    return client


@pytest.fixture
def bob(other_user) -> Client:
    client = Client()
    client.force_login(other_user)
    return client


DEFAULTS = {"aof-regiments": ("kingdom", 1500), "battleground": ("hawkshold", 1500),
            "diskwars": ("empire", None), "dulce-bellum": ("holds", 2000)}


@pytest.fixture
def make_list(games, user):
    """make_list(game, *entries, owner=..., **settings): a saved list, through the import service."""
    def make(game: str = "aof-regiments", *entries: dict, owner=None, name: str = "Test list", **settings):
        faction, limit = DEFAULTS[game]
        if limit:
            settings.setdefault("points_limit", limit)
        data = factories.list_file(game, *entries, faction=settings.pop("faction", faction), name=name, **settings)
        return factories.make_list(owner or user, data)
    return make


def htmx(client: Client, url: str, data: dict | None = None):
    return client.post(url, data or {}, headers={"HX-Request": "true", "HX-Target": "roster"})
