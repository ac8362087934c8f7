"""A small library and list files for the check contract (FORMATS.md: The check)."""
from __future__ import annotations

import json

import pytest

from factions.importer import import_document
from factions.schemas import parse_faction_file

KINGDOM = {"format": "armylists/factions@1", "game": "aof-regiments", "factions": [
    {"slug": "kingdom", "name": "Kingdom", "units": [
        {"slug": "infantry", "name": "Infantrymen", "cost": 100, "models": 10, "options": [
            {"slug": "spears", "name": "Spears", "cost": 10, "scope": "all_models"},
            {"slug": "banner", "name": "Banner", "cost": 5, "scope": "model", "command": "banner"}]},
        {"slug": "captain", "name": "Captain", "cost": 60, "models": 1, "hero": True, "rules": ["Hero", "Tough(3)"]},
        {"slug": "giant", "name": "Giant", "cost": 530, "models": 1, "rules": ["Tough(12)"]},
    ]},
]}


def list_file(**fields):
    return {"format": "armylists/list@1", "game": "aof-regiments", "faction": "kingdom",
            "points_limit": 1500, "entries": [], **fields}


LEGAL = list_file(name="Spring tournament", entries=[
    {"id": "e1", "unit": "infantry", "options": ["spears", "banner"], "combined": True},
    {"id": "e2", "unit": "captain", "joined_to": "e1"},
])
ILLEGAL = list_file(entries=[{"id": "e1", "unit": "giant"}, {"id": "e2", "unit": "giant"},
                             {"id": "e3", "unit": "infantry"}, {"id": "e4", "unit": "infantry"}])
MISSPELT = list_file(entries=[{"id": "e1", "unit": "infantry"}, {"id": "e2", "unit": "captain"},
                              {"id": "e3", "unit": "infantry"}, {"id": "e4", "unit": "knigths"}])


@pytest.fixture
def kingdom(db):
    import_document(parse_faction_file(KINGDOM))


@pytest.fixture
def write_list(tmp_path):
    def write_list_(name: str, data) -> str:
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data))
        return str(path)

    return write_list_
