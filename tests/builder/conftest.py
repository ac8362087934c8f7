"""The suite's kingdom and small factions of the other games, players, and a `make_list` factory for builder tests."""
from __future__ import annotations

import pytest
from django.test import Client

from tests import factories

FACTIONS = {
    "aof-regiments": factories.kingdom(),
    "battleground": {"format": "armylists/factions@1", "game": "battleground", "factions": [
        {"slug": "hawkshold", "name": "Men of Hawkshold", "units": [
            {"slug": "militia", "name": "Militia", "cost": 100, "class": "core"},
            {"slug": "archers", "name": "Archers", "cost": 150, "class": "standard"},
            {"slug": "knights", "name": "Knights", "cost": 300, "class": "elite"}]},
        {"slug": "sellswords", "name": "Sellswords", "units": [
            {"slug": "swiss", "name": "Swiss Pikes", "cost": 120, "class": "standard", "mercenary": True},
            {"slug": "locals", "name": "Locals", "cost": 80, "class": "core"}]},
    ]},
    "diskwars": {"format": "armylists/factions@1", "game": "diskwars", "factions": [
        {"slug": "empire", "name": "Empire", "alignment": "order",
         "command_cards": [{"slug": "steady", "title": "Steady Advance"},
                           {"slug": "faith", "title": "Faith of Sigmar", "alignment_only": "order"}],
         "units": [
             {"slug": "general", "name": "General", "kind": "hero", "size": "medium", "race": "human",
              "unique": True, "recruitment_points": 6, "command_value": 1},
             {"slug": "captain", "name": "Captain", "kind": "hero", "size": "medium", "race": "human",
              "recruitment_points": 5, "command_value": 1},
             {"slug": "swordsmen", "name": "Swordsmen", "kind": "troop", "size": "small", "race": "human",
              "recruitment_cost": 2},
             {"slug": "cannon", "name": "Cannon", "kind": "troop", "size": "large", "race": "human",
              "recruitment_cost": 4}]},
    ]},
    "dulce-bellum": {"format": "armylists/factions@1", "game": "dulce-bellum", "factions": [
        {"slug": "dwarfs", "name": "Dwarf Holds", "units": [
            {"slug": "militia", "name": "Militia", "rarity": "common", "type": "infantry",
             "sizes": [{"size": "squad", "points": 100}, {"size": "company", "points": 250}],
             "options": [{"slug": "shields", "name": "Shields", "cost": 20}]},
            {"slug": "guard", "name": "Hold Guard", "rarity": "uncommon", "type": "infantry",
             "sizes": [{"size": "platoon", "points": 200}]},
            {"slug": "runesmith", "name": "Runesmith", "rarity": "rare", "type": "character", "spellcaster": 2,
             "sizes": [{"size": "single", "points": 150}]}]},
    ]},
}


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
            "diskwars": ("empire", None), "dulce-bellum": ("dwarfs", 2000)}


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
