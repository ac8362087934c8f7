"""A small library and list files for the check contract (docs/checking.md)."""
from __future__ import annotations

import json

import pytest

from tests import factories
from tests.factories import make_faction

KINGDOM = factories.kingdom()


def list_file(**fields):
    return factories.list_file(fields.pop("game", "aof-regiments"), **{"points_limit": 1500, **fields})


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
    make_faction(KINGDOM)


@pytest.fixture
def write_list(tmp_path):
    def write_list_(name: str, data) -> str:
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data))
        return str(path)

    return write_list_
