"""The suite's small factions of every game (tests/factories.py), list files of them, and helpers to read rosters."""
from __future__ import annotations

import datetime as dt
import re
import subprocess

import pytest

from armylists.builder.models import ArmyList
from armylists.checking.check import check_document
from armylists.printing.roster import build_sheet
from factions.models import Faction, GameSystem
from tests import factories
from tests.factories import list_file

CHECKED_AT = dt.datetime(2025, 5, 17, 14, 30, tzinfo=dt.UTC)


FACTIONS = factories.every_game()

LISTS = {
    "aof-regiments": list_file(
        "aof-regiments",
        {"unit": "infantry", "name": "First Cohort", "options": ["spears", "veteran", "veteran"], "combined": True},
        {"unit": "captain", "joined_to": "e1"},
        {"unit": "infantry", "options": ["banner"]},
        name="Ash Vanguard", points_limit=1500),
    "battleground": list_file(
        "battleground", {"id": "m1", "unit": "militia"}, {"id": "m2", "unit": "militia"},
        {"id": "k1", "unit": "knights"}, {"id": "s1", "unit": "slingers", "faction": "freeblades"},
        faction="hawkshold", name="Hawk Host", points_limit=1000, command_cards=1),
    "dulce-bellum": list_file(
        "dulce-bellum", {"id": "a", "unit": "militia", "size": "company", "options": ["champion"]},
        {"id": "b", "unit": "wyrm", "size": "single"},
        faction="holds", name="Hold Muster", points_limit=1500),
    "diskwars": list_file(  # Diskwars lists have no points limit
        "diskwars", {"id": "h1", "unit": "marshal"}, {"id": "t1", "unit": "swordsmen", "regiment": "h1"},
        {"id": "t2", "unit": "tank", "regiment": "h1"}, {"id": "h2", "unit": "wizard"},
        {"id": "t3", "unit": "swordsmen", "regiment": "h2"}, {"id": "t4", "unit": "swordsmen"},
        faction="empire", name="Brandt's Host", regiments=2, command_cards=["steady", "hold"]),
}


@pytest.fixture
def factions(db):
    """Every game's small factions, loaded through the importer."""
    for data in FACTIONS.values():
        factories.make_faction(data)


@pytest.fixture
def make_sheet(factions):
    def make_sheet_(document: dict, player: str | None = None):
        game = GameSystem.objects.get(slug=document["game"])
        return build_sheet(check_document(document), player=player, checked_at=CHECKED_AT, game_name=game.name)

    return make_sheet_


@pytest.fixture
def make_army_list(factions, make_user):
    def make_army_list_(owner=None, document: dict | None = None, **fields):
        document = document or LISTS["aof-regiments"]
        owner = owner or make_user()
        faction = Faction.objects.select_related("game").get(game__slug=document["game"], slug=document["faction"])
        return ArmyList.objects.create(owner=owner, name=document.get("name") or "List", game=faction.game,
                                       faction=faction, document=document, **fields)

    return make_army_list_


def pdf_pages(pdf: bytes, tmp_path) -> list[str]:
    """Each page's text as pdftotext reads it, with runs of white space made single spaces."""
    path = tmp_path / "roster.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout
    return [re.sub(r"\s+", " ", page).strip() for page in text.split("\f") if page.strip()]


def pdf_text(pdf: bytes, tmp_path) -> str:
    return " ".join(pdf_pages(pdf, tmp_path))


def page_size(pdf: bytes, tmp_path) -> str:
    path = tmp_path / "size.pdf"
    path.write_bytes(pdf)
    info = subprocess.run(["pdfinfo", str(path)], check=True, capture_output=True, text=True).stdout
    return next(line for line in info.splitlines() if line.startswith("Page size:"))
