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


# Snapshots as tournament submissions stored them before a faction's own fields were kept in `details`, written
# by that code for three of the demo's legal lists: per faction its name, alignment, units and command cards, its
# grimoires, rule texts or book's spells where it has them; the game's grimoires where it has them.
OLD_SNAPSHOTS = json.loads((Path(__file__).with_name("old_snapshots.json")).read_text(encoding="utf-8"))


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(OLD_SNAPSHOTS))
def test_a_snapshot_stored_before_faction_details_loads_checks_the_same_and_is_written_the_same(name):
    data = json.loads((DEMO / "lists" / f"{name}.json").read_text())
    import_file(DEMO / f"{data['game']}.json")
    live = check_document(data)
    old = OLD_SNAPSHOTS[name]

    again = check_against(live.document, Library.from_snapshot(old), find_game(data["game"]))
    assert again.report == live.report and again.army == live.army
    # The same data is frozen the same, so a roster prints the same data fingerprint as before.
    assert snapshot_of(live.document, live.library) == old


@pytest.mark.django_db
def test_a_disks_alignment_is_its_factions_in_the_library_and_in_a_snapshot():
    """Diskwars, Customising an Army: an army has not both Order and Destruction disks. A disk's alignment is its
    faction's (the library's faction details, as a snapshot keeps them of every faction), not its unit's."""
    data = json.loads((DEMO / "lists" / "diskwars-legal.json").read_text())
    data["entries"].append({"id": "boyz", "unit": "orc-boyz", "faction": "orcs", "regiment": "tyrion"})
    import_file(DEMO / "diskwars.json")
    live = check_document(data)
    [mixed] = [v for v in live.report.violations if v.code == "mixed-alignment"]
    assert mixed.entries == ("boyz",) and mixed.message.startswith("the army is order but has 1 destruction disk")

    frozen = Library.from_snapshot(json.loads(json.dumps(snapshot_of(live.document, live.library))))
    again = check_against(live.document, frozen, find_game("diskwars"))
    assert again.report == live.report and again.army == live.army
