"""Export then import gives the same data back, for every demo faction."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from factions.exporter import export_game
from factions.importer import import_document, import_file
from factions.models import GameSystem
from factions.schemas import parse_faction_file

pytestmark = pytest.mark.django_db

DEMO_DIR = Path(__file__).resolve().parents[2] / "factions" / "data" / "demo"
DEMO = sorted(DEMO_DIR.glob("*.json"))


def normalised(data: dict) -> dict:
    """The file as the schema reads it: defaults filled in, field order irrelevant."""
    parsed = parse_faction_file(data)
    return {f.slug: f.model_dump() for f in parsed.factions}


def test_there_is_demo_data_for_all_five_games():
    assert {p.stem for p in DEMO} == set(GameSystem.objects.values_list("slug", flat=True))


@pytest.mark.parametrize("path", DEMO, ids=lambda p: p.stem)
def test_export_then_import_round_trips_every_demo_faction(path):
    original = json.loads(path.read_text())
    import_file(path)
    exported = export_game(GameSystem.objects.get(slug=original["game"]))
    assert normalised(exported) == normalised(original)

    import_document(parse_faction_file(exported))
    again = export_game(GameSystem.objects.get(slug=original["game"]))
    assert again == exported


def test_the_export_command_writes_one_faction_to_a_file(tmp_path):
    from django.core.management import call_command

    path = DEMO_DIR / "battleground.json"
    import_file(path)
    wanted = json.loads(path.read_text())["factions"][0]["slug"]
    target = tmp_path / "out.json"
    call_command("export_factions", "battleground", wanted, "-o", str(target))
    assert [f["slug"] for f in json.loads(target.read_text())["factions"]] == [wanted]
