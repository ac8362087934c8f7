"""What tests build, written once for the whole suite: small factions, list files, saved lists,
events and campaigns. Fixtures in each area's conftest.py call these; the data is our own, in the
shape of the formats (docs/faction-file.md, docs/list-file.md), never a publisher's army book."""
from __future__ import annotations

import copy
import datetime as dt
import json
from pathlib import Path
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
DEMO = Path(__file__).resolve().parents[1] / "factions" / "data" / "demo"
LIST_FORMAT = "armylists/list@1"


def faction_file(game: str, *factions: dict) -> dict:
    """A faction file of `game` holding `factions` (a deep copy: tests may change what they get)."""
    return {"format": FACTIONS_FORMAT, "game": game, "factions": copy.deepcopy(list(factions))}


# The one AoF Regiments kingdom the whole suite shares, with an orc tribe to mix in. What each unit is for:
# Infantrymen carry every kind of option (a choice of at most one weapon, command options, a count of
# veterans) and a profile with a rule for the roster; Levies must choose their arms; Knights are plain; the
# Captain and the Wizard are heroes; the Giant alone is over a third of 1000 points and has a rule the
# glossary has no text for. New tests add units here rather than change these: other tests add them up.
KINGDOM_FACTION = {"slug": "kingdom", "name": "Kingdom", "units": [
    {"slug": "infantry", "name": "Infantrymen", "cost": 100, "models": 10, "rules": ["Fearless"],
     "stats": {"quality": 4, "defense": 5, "equipment": "Hand Weapons (A1)"},
     "option_groups": [{"slug": "weapons", "name": "Replace hand weapons", "min": 0, "max": 1}],
     "options": [
         {"slug": "spears", "name": "Spears", "cost": 10, "scope": "all_models", "group": "weapons"},
         {"slug": "halberds", "name": "Halberds", "cost": 15, "scope": "all_models", "group": "weapons"},
         {"slug": "sergeant", "name": "Sergeant", "cost": 5, "scope": "model", "command": "sergeant"},
         {"slug": "banner", "name": "Banner", "cost": 5, "scope": "model", "command": "banner"},
         {"slug": "veteran", "name": "Veteran", "cost": 5}]},
    {"slug": "knights", "name": "Knights", "cost": 150, "models": 3},
    {"slug": "captain", "name": "Captain", "cost": 60, "models": 1, "hero": True, "rules": ["Hero", "Tough(3)"],
     "stats": {"quality": "3+", "defense": "4+"}},
    {"slug": "giant", "name": "Giant", "cost": 530, "models": 1, "rules": ["Tough(12)", "Smoulder"],
     "stats": {"quality": "4+", "defense": "2+"}},
    {"slug": "levies", "name": "Levies", "cost": 50, "models": 10,
     "option_groups": [{"slug": "arms", "name": "Arms", "min": 1, "max": 1}],
     "options": [{"slug": "bows", "name": "Bows", "cost": 5, "group": "arms"},
                 {"slug": "pikes", "name": "Pikes", "cost": 10, "group": "arms"}]},
    {"slug": "wizard", "name": "Wizard", "cost": 80, "models": 1, "hero": True},
]}
ORC_FACTION = {"slug": "orcs", "name": "Orc Tribes", "units": [
    {"slug": "boyz", "name": "Orc Boyz", "cost": 90, "models": 10},
    {"slug": "warboss", "name": "Warboss", "cost": 80, "models": 1, "hero": True}]}


def kingdom() -> dict:
    """The kingdom and the orcs, as an AoF Regiments faction file."""
    return faction_file("aof-regiments", KINGDOM_FACTION, ORC_FACTION)


# One small faction file of each other game, used by the builder's and printing's tests. Battleground: a
# core, a standard and an elite class at home, mercenaries (and one local) to hire. Dulce Bellum: each rarity,
# sizes with their morale, a spellcaster and a unit limited to one. Diskwars: heroes, one of them unique,
# troops small and large, and a command card only an order army may take.
HAWKSHOLD = {"slug": "hawkshold", "name": "Men of Hawkshold", "units": [
    {"slug": "militia", "name": "Hawk Militia", "cost": 150, "class": "core",
     "stats": {"attack": "(3)4/4", "defence": "3/3", "move": "3.5\"", "courage": "10"}},
    {"slug": "archers", "name": "Hawk Archers", "cost": 150, "class": "standard"},
    {"slug": "knights", "name": "Hawk Knights", "cost": 413, "class": "elite", "keywords": ["Cavalry"],
     "rules": ["+1 Power while Charging"], "stats": {"attack": "(3)6/6", "defence": "5/5"}}]}
FREEBLADES = {"slug": "freeblades", "name": "Freeblades", "units": [
    {"slug": "slingers", "name": "Hill Slingers", "cost": 97, "class": "standard", "mercenary": True,
     "keywords": ["Skirmisher", "Mercenaries"], "stats": {"attack": "(2)4/3"}},
    {"slug": "pikes", "name": "Pike Company", "cost": 120, "class": "standard", "mercenary": True},
    {"slug": "locals", "name": "Locals", "cost": 80, "class": "core"}]}
HOLDS = {"slug": "holds", "name": "Deep Holds", "units": [
    {"slug": "militia", "name": "Hold Militia", "rarity": "common", "type": "Infantry",
     "sizes": [{"size": "squad", "points": 115, "morale": 12}, {"size": "company", "points": 160, "morale": 23}],
     "stats": {"mv": 4, "me": 4, "mi": "4+", "de": "4+"}, "rules": ["Powerful (Missile)", "Hatred"],
     "options": [{"slug": "champion", "name": "Champion", "cost": 15}, {"slug": "banner", "name": "Banner", "cost": 5},
                 {"slug": "shields", "name": "Shields", "cost": 20}]},
    {"slug": "guard", "name": "Hold Guard", "rarity": "uncommon", "type": "Infantry",
     "sizes": [{"size": "platoon", "points": 200}]},
    {"slug": "runesmith", "name": "Runesmith", "rarity": "rare", "type": "Character", "spellcaster": 2,
     "sizes": [{"size": "single", "points": 150}]},
    {"slug": "wyrm", "name": "Forge Wyrm", "rarity": "rare", "limit": 1, "type": "Monster",
     "sizes": [{"size": "single", "points": 260, "morale": 15}],
     "stats": {"mv": 6, "me": "3+", "mi": "-", "de": "3+"}, "rules": ["Flying", "Fear"]}]}
EMPIRE = {"slug": "empire", "name": "Empire", "alignment": "order",
          "command_cards": [{"slug": "steady", "title": "Steady Advance"},
                            {"slug": "hold", "title": "Hold the Line", "alignment_only": "order"}],
          "units": [
    {"slug": "general", "name": "General", "kind": "hero", "size": "medium", "race": "Human", "unique": True,
     "recruitment_points": 6, "command_value": 1},
    {"slug": "marshal", "name": "Marshal Brandt", "kind": "hero", "size": "medium", "race": "Human", "unique": True,
     "recruitment_points": 8, "command_value": 1, "rules": ["Relentless"],
     "stats": {"toughness": 6, "attack": 4, "counter": 3, "movement": 3}},
    {"slug": "captain", "name": "Captain", "kind": "hero", "size": "medium", "race": "Human",
     "recruitment_points": 5, "command_value": 1},
    {"slug": "wizard", "name": "Battle Wizard", "kind": "hero", "size": "small", "race": "Human",
     "recruitment_points": 6, "command_value": 1, "rules": ["Magic 2"],
     "stats": {"toughness": 3, "attack": 1, "counter": 1, "movement": 3}},
    {"slug": "swordsmen", "name": "Swordsmen", "kind": "troop", "size": "small", "race": "Human",
     "recruitment_cost": 2, "stats": {"toughness": 3, "attack": 2, "counter": 3, "movement": 2}},
    {"slug": "cannon", "name": "Cannon", "kind": "troop", "size": "large", "race": "Human", "recruitment_cost": 4},
    {"slug": "tank", "name": "Steam Tank", "kind": "troop", "size": "large", "race": "Human", "elite": 2,
     "recruitment_cost": 6, "rules": ["Impact 2", "Steam Tank: picks one of its three guns each shot"],
     "stats": {"toughness": 8, "attack": 4, "counter": 3, "movement": 2}}]}


def demo(game: str) -> dict:
    """The demo faction file of `game`, as `seed_demo` loads it (factions/data/demo)."""
    return json.loads((DEMO / f"{game}.json").read_text(encoding="utf-8"))


def every_game() -> dict[str, dict]:
    """A faction file of every game the builder and printing tests use, by game."""
    return {"aof-regiments": kingdom(), "battleground": faction_file("battleground", HAWKSHOLD, FREEBLADES),
            "dulce-bellum": faction_file("dulce-bellum", HOLDS), "diskwars": faction_file("diskwars", EMPIRE)}


def unit_of(data: dict, slug: str, faction: str = "kingdom") -> dict:
    """The unit `slug` of `faction` in the faction file `data`, for a test to change its copy."""
    units = next(f["units"] for f in data["factions"] if f["slug"] == faction)
    return next(unit for unit in units if unit["slug"] == slug)


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
