"""Campaign fixtures: the demo factions, three players (alice the game master, bob a member, carol not
in the campaign) and an AoF Regiments campaign whose two armies are ready for their first mission."""
from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from armylists.campaigns import services
from armylists.campaigns.specs import faction_units, spec_of
from armylists.rules.campaign.actions import NewUnit
from armylists.rules.campaign.data import to_data
from factions.importer import import_file
from factions.models import GameSystem
from tests import factories

DEMO = Path(__file__).resolve().parents[2] / "factions" / "data" / "demo"


@pytest.fixture
def demo_factions(db):
    import_file(DEMO / "aof-regiments.json")


@pytest.fixture
def battleground(db) -> GameSystem:
    import_file(DEMO / "battleground.json")
    return GameSystem.objects.get(slug="battleground")


@pytest.fixture
def players(db, django_user_model):
    # No passwords: pages are opened with force_login, and hashing three passwords per test is slow.
    return {name: django_user_model.objects.create_user(name) for name in ("alice", "bob", "carol")}


@pytest.fixture
def aof(demo_factions) -> GameSystem:
    return GameSystem.objects.get(slug="aof-regiments")


def new_unit(game: GameSystem, name: str, unit: str, faction: str = "human-empire", upgrades=(),
             units=None) -> dict:
    found = next(u for u in units or faction_units(game, faction) if u.slug == unit)
    return to_data(NewUnit(name, spec_of(game.home, found), tuple(upgrades)))


def starting_units(game: GameSystem, prefix: str = "") -> list[dict]:
    """Six Infantrymen (6 x 90) and a Captain (60): 600 of the 750 points, 150 banked."""
    units = faction_units(game, "human-empire")
    return [new_unit(game, f"{prefix}Foot {i}", "infantrymen", units=units) for i in range(1, 7)] + \
        [new_unit(game, f"{prefix}Captain", "captain", units=units)]


@pytest.fixture
def campaign(aof, players):
    """Alice runs "Border Wars" (7 missions); bob has joined. Nobody has an army yet."""
    return factories.make_campaign(players["alice"], aof, members=[players["bob"]])


@pytest.fixture
def armies(campaign, aof, players):
    """Alice's Red Host (a1: u1-u6 Foot, u7 Captain) and bob's Blue Host (a2: u8-u13, u14)."""
    services.start_army(campaign=campaign, actor=players["alice"], owner=players["alice"], name="Red Host",
                        faction="human-empire", units=starting_units(aof))
    services.start_army(campaign=campaign, actor=players["bob"], owner=players["bob"], name="Blue Host",
                        faction="human-empire", units=starting_units(aof))
    return campaign


def play_mission(campaign, actor, winner="a1", a1=("u1", "u2"), a2=("u8", "u9"), objectives=(1, 1)):
    """Set up a mission with the given fielded units and record its winner."""
    services.perform(campaign=campaign, actor=actor, kind="start-mission",
                     data={"fielded": [{"army": "a1", "units": list(a1)}, {"army": "a2", "units": list(a2)}]},
                     entered={"a1/objective": [objectives[0]], "a2/objective": [objectives[1]]})
    number = campaign.actions.filter(kind="start-mission").count()
    services.perform(campaign=campaign, actor=actor, kind="record-result",
                     data={"mission": number, "winner": winner})
    return number


def recruit_after_a_mission(campaign, players, aof, name: str) -> None:
    """Red Host plays a mission (Alice's and Bob's post-battle sequences done) and recruits a Battle Wizard
    called `name` from its bank."""
    play_mission(campaign, players["alice"], a1=("u1", "u7"))
    for army, player in (("a1", "alice"), ("a2", "bob")):
        services.perform(campaign=campaign, actor=players[player], kind="post-battle",
                         data={"mission": 1, "army": army}, entered={"u1/*": [6], "u7/*": [6]})
    services.perform(campaign=campaign, actor=players["alice"], kind="recruit",
                     data={"army": "a1", "unit": new_unit(aof, name, "battle-wizard")})


@pytest.fixture
def client_for(players):
    def client_for_(name: str) -> Client:
        client = Client()
        client.force_login(players[name])
        return client

    return client_for_
