"""A library snapshot, as a frozen submission stores it, checks a list exactly as the live data does."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from armylists.checking.check import check_against, check_document, find_game
from armylists.checking.library import Library
from armylists.checking.resolve import snapshot_of, used_units
from factions.importer import import_file

DEMO = Path(__file__).resolve().parents[2] / "factions" / "data" / "demo"
LISTS = sorted((DEMO / "lists").glob("*.json"), key=lambda p: p.name)


@pytest.mark.django_db
@pytest.mark.parametrize("path", LISTS, ids=lambda p: p.stem)
def test_a_snapshot_round_trips_through_json_and_checks_identically(path):
    data = json.loads(path.read_text())
    import_file(DEMO / f"{data['game']}.json")
    live = check_document(data)

    stored = json.loads(json.dumps(live.library.snapshot(used_units(live.document))))
    frozen = Library.from_snapshot(stored)

    assert frozen.snapshot(used_units(live.document)) == stored
    again = check_against(live.document, frozen, find_game(data["game"]))
    assert again.report == live.report
    assert again.army == live.army
    assert again.report.legal is path.stem.endswith("-legal")


@pytest.mark.django_db
def test_a_snapshot_keeps_only_the_units_the_list_uses():
    data = json.loads((DEMO / "lists" / "aof-regiments-legal.json").read_text())
    import_file(DEMO / "aof-regiments.json")
    live = check_document(data)
    used = used_units(live.document)
    snapshot = live.library.snapshot(used)
    assert {slug: set(f["units"]) for slug, f in snapshot["factions"].items() if f["units"]} == used
    # Every faction is named (a message may name one the list does not use), without its units.
    assert {slug: f["name"] for slug, f in snapshot["factions"].items()} == {
        slug: f.name for slug, f in live.library.factions.items()}


@pytest.mark.django_db
def test_a_snapshot_keeps_the_command_cards_a_list_chooses_from_a_faction_it_has_no_unit_of():
    """Diskwars: each hero's command value selects that many command cards (Customising an Army), by a
    slug unique in the whole game (docs/faction-file.md, Command cards): an Empire card in a High Elves list."""
    data = json.loads((DEMO / "lists" / "diskwars-legal.json").read_text())
    data["entries"] = [e for e in data["entries"] if not e.get("faction")]  # High Elves units only
    data["regiments"] = 1
    assert "steady-advance" in data["command_cards"]  # an Empire card
    import_file(DEMO / "diskwars.json")
    live = check_document(data)
    assert set(used_units(live.document)) == {"high-elves"}

    stored = json.loads(json.dumps(snapshot_of(live.document, live.library)))
    assert stored["factions"]["empire"]["command_cards"]  # kept for its chosen card
    assert not any(f["command_cards"] for slug, f in stored["factions"].items() if slug not in {"high-elves", "empire"})
    assert stored["factions"]["empire"]["units"] == {}
    frozen = Library.from_snapshot(stored)
    assert snapshot_of(live.document, frozen) == stored
    again = check_against(live.document, frozen, find_game("diskwars"))
    assert again.report == live.report and again.army == live.army
