"""The JSON Schemas in docs/schemas/ are those the pydantic models give, and the files Muster ships
and documents are valid against them."""
from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from armylists.checking.management.commands.write_schemas import schema_text
from armylists.checking.published_schemas import SCHEMAS, published

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "factions" / "data" / "demo"
NOW = published()


@pytest.mark.parametrize("name", ["list-file.schema.json", "faction-file.schema.json"])
def test_the_published_schemas_are_up_to_date(name):
    assert (SCHEMAS / name).read_text(encoding="utf-8") == schema_text(NOW[name]), \
        "docs/schemas is out of date: run `python manage.py write_schemas`"


def documented_examples(page: str, fmt: str) -> list[dict]:
    blocks = re.findall(r"```json\n(.*?)```", (ROOT / "docs" / page).read_text(encoding="utf-8"), re.S)
    found = []
    for block in blocks:
        try:
            data = json.loads(block)
        except json.JSONDecodeError:
            continue
        if isinstance(data, dict) and data.get("format") == fmt:
            found.append(data)
    return found


LISTS = sorted((DEMO / "lists").glob("*.json"))
FACTION_FILES = sorted(DEMO.glob("*.json"))


@pytest.mark.parametrize("data", [json.loads(p.read_text()) for p in LISTS]
                         + documented_examples("list-file.md", "armylists/list@1"))
def test_demo_and_documented_lists_are_valid_against_the_list_schema(data):
    jsonschema.validate(data, NOW["list-file.schema.json"])


@pytest.mark.parametrize("data", [json.loads(p.read_text()) for p in FACTION_FILES]
                         + documented_examples("faction-file.md", "armylists/factions@1"))
def test_demo_and_documented_faction_files_are_valid_against_the_faction_schema(data):
    jsonschema.validate(data, NOW["faction-file.schema.json"])


@pytest.mark.parametrize("data", [
    {"format": "armylists/list@1", "game": "aof-skirmish", "faction": "k", "points_limit": 100, "entries": [],
     "mixed_armies": "tournament"},
    {"format": "armylists/list@1", "game": "aof-regiments", "faction": "k", "points_limit": 100,
     "entries": [{"id": "../18/delete", "unit": "u"}]},
    {"format": "armylists/list@1", "game": "dulce-bellum", "faction": "k", "points_limit": 100,
     "entries": [{"id": "e1", "unit": "u", "size": "single", "spells": ["fireball"]}]},
    {"format": "armylists/list@1", "game": "battleground", "faction": "k", "points_limit": 1_000_001, "entries": []},
    {"format": "armylists/list@1", "game": "battleground", "faction": "k", "points_limit": 100, "entries": [],
     "colour": "red"},
])
def test_the_list_schema_refuses_what_the_check_refuses(data):
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, NOW["list-file.schema.json"])
