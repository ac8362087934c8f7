"""What tests build, written once for the whole suite: small factions, list files, saved lists,
events and campaigns. Fixtures in each area's conftest.py call these; the data is our own, in the
shape of the formats (docs/faction-file.md, docs/list-file.md), never a publisher's army book."""
from __future__ import annotations

import copy
import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

from armylists.builder import services as builder_services
from armylists.campaigns import services as campaign_services
from armylists.events import services as event_services
from armylists.events.models import Event
from factions.importer import import_document
from factions.models import GameSystem
from factions.schemas import parse_faction_file

FACTIONS_FORMAT = "armylists/factions@1"
LIST_FORMAT = "armylists/list@1"


def faction_file(game: str, *factions: dict) -> dict:
    """A faction file of `game` holding `factions` (a deep copy: tests may change what they get)."""
    return {"format": FACTIONS_FORMAT, "game": game, "factions": copy.deepcopy(list(factions))}


# The AoF Regiments kingdom the check, events and URL tests share, with an orc tribe to mix in.
KINGDOM_FACTION = {"slug": "kingdom", "name": "Kingdom", "units": [
    {"slug": "infantry", "name": "Infantrymen", "cost": 100, "models": 10, "options": [
        {"slug": "spears", "name": "Spears", "cost": 10, "scope": "all_models"},
        {"slug": "banner", "name": "Banner", "cost": 5, "scope": "model", "command": "banner"}]},
    {"slug": "knights", "name": "Knights", "cost": 150, "models": 3},
    {"slug": "captain", "name": "Captain", "cost": 60, "models": 1, "hero": True, "rules": ["Hero", "Tough(3)"]},
    {"slug": "giant", "name": "Giant", "cost": 530, "models": 1, "rules": ["Tough(12)"]},
]}
ORC_FACTION = {"slug": "orcs", "name": "Orc Tribes", "units": [
    {"slug": "boyz", "name": "Orc Boyz", "cost": 90, "models": 10},
    {"slug": "warboss", "name": "Warboss", "cost": 80, "models": 1, "hero": True}]}


def kingdom() -> dict:
    """The kingdom and the orcs, as an AoF Regiments faction file."""
    return faction_file("aof-regiments", KINGDOM_FACTION, ORC_FACTION)


def list_file(game: str = "aof-regiments", *entries: dict, faction: str = "kingdom", **fields: Any) -> dict:
    """A list file; entries without an id are numbered e1, e2... in order. `points_limit` only
    where given (Diskwars lists have none), as every other field."""
    data = {"format": LIST_FORMAT, "game": game, "faction": faction, **fields}
    data.setdefault("entries", [{"id": f"e{i}", **entry} for i, entry in enumerate(entries, start=1)])
    return data


def make_faction(data: dict):
    """Import a faction file through the importer; the game it belongs to."""
    import_document(parse_faction_file(copy.deepcopy(data)))
    return GameSystem.objects.get(slug=data["game"])


def make_list(owner, data: dict):
    """A saved list, made from a list file by the import service (as a player's upload is)."""
    return builder_services.import_list(owner=owner, data=copy.deepcopy(data))


LONDON = ZoneInfo("Europe/London")


def make_event(creator, game, *, open_it: bool = True, **fields: Any):
    """An event made by the events service, opened for entries unless `open_it` is false."""
    values = {"name": "Spring Muster", "game": game, "time_zone": "Europe/London",
              "starts_at": dt.datetime(2026, 6, 13, 10, 0, tzinfo=LONDON),
              "deadline": dt.datetime(2026, 6, 12, 18, 0, tzinfo=LONDON),
              "settings": {"points_limit": 1000}, **fields}
    event = event_services.create_event(creator=creator, **values)
    if open_it:
        event_services.change_state(event=event, to=Event.State.OPEN, by=creator)
    return event


def make_campaign(game_master, game, *, members=(), **fields: Any):
    """A campaign made by the campaigns service, which `members` have joined."""
    values = {"name": "Border Wars", "kind": "game-limited", "length": 7, **fields}
    campaign = campaign_services.create_campaign(game=game, game_master=game_master, **values)
    for member in members:
        campaign_services.join_campaign(campaign=campaign, user=member, token=campaign.invite_token)
    return campaign


def change_units(units, **fields: Any) -> None:
    """Change fields of its game's own on each unit of the queryset `units` (`cost=400`), as an
    administrator's edit would (without the admin's "the game's data changed")."""
    for unit in units:
        unit.details = unit.details | fields
        unit.save(update_fields=["details"])
