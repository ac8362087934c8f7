"""What a faction may hold (docs/faction-file.md, "Bounds"): 500 units, 400 options (or option groups) a unit,
5,000 options a faction. A hostile Army Forge book inside the file's size bound can list one package a hundred
times; it is refused as its packages are counted, before a single option is built, and writes nothing."""
from __future__ import annotations

import copy
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from armylists.boundary.errors import BadInput
from armylists.games.opr.armyforge import reader
from armylists.games.registry import game_home
from armylists.games.schema import FACTION_OPTIONS_MAX, UNIT_OPTIONS_MAX, UNITS_MAX
from factions.importer import FactionFileError, import_file
from factions.models import Faction

from .armyforge_book import book

pytestmark = pytest.mark.django_db


def package(uid: str, sections: int, options: int) -> dict:
    """A package of `sections` sections of `options` options each: sections × options options for a unit."""
    return {"uid": uid, "hint": "h", "sections": [
        {"uid": f"{uid}-{s}", "id": f"{uid}-{s}", "label": f"Upgrade with {s}", "variant": "upgrade",
         "select": {"type": "exactly", "value": 1},
         "options": [{"uid": f"{uid}-{s}-{o}", "id": f"o{o}", "type": "ArmyBookUpgradeOption",
                      "label": f"Charm {o}", "cost": 5, "costs": [], "gains": []} for o in range(options)]}
        for s in range(sections)]}


def with_big_package(units: int, listed: int, sections: int = 10, options: int = 10) -> dict:
    """`units` copies of the book's hero, each listing one package `listed` times."""
    data = book()
    data["upgradePackages"].append(package("pkgBig", sections, options))
    hero = data["units"][0]
    data["units"] = [{**copy.deepcopy(hero), "id": f"u{i}", "name": f"Sage {i}", "upgrades": ["pkgBig"] * listed}
                     for i in range(units)]
    return data


@pytest.fixture
def options_built(monkeypatch):
    """How many options the reader built: a refused book builds none."""
    built = []
    real = reader._option
    monkeypatch.setattr(reader, "_option", lambda *args: built.append(1) or real(*args))
    return built


def read(data):
    return game_home("aof-regiments").army_forge_reader.read_book(data)


def test_a_unit_listing_one_package_a_hundred_times_is_refused_before_any_option_is_built(options_built):
    with pytest.raises(BadInput) as refused:
        read(with_big_package(units=1, listed=100))  # 10,000 options for one unit
    assert refused.value.path == "units[0].upgrades"
    assert f"more than the {UNIT_OPTIONS_MAX} options a unit may have" in str(refused.value)
    assert not options_built


def test_a_unit_at_the_bound_is_read_whole(options_built):
    reading = read(with_big_package(units=1, listed=4))  # 4 × 100 = 400
    assert len(reading.faction["units"][0]["options"]) == UNIT_OPTIONS_MAX
    assert len(options_built) == UNIT_OPTIONS_MAX


def test_empty_sections_count_towards_the_bound_as_option_groups(options_built):
    with pytest.raises(BadInput) as refused:
        read(with_big_package(units=1, listed=100, sections=10, options=0))  # 1,000 groups of nothing
    assert refused.value.path == "units[0].upgrades"


def test_units_each_within_the_bound_are_refused_past_the_factions_bound(options_built):
    units = FACTION_OPTIONS_MAX // UNIT_OPTIONS_MAX + 1  # 13 units of 400 options: 5,200
    with pytest.raises(BadInput) as refused:
        read(with_big_package(units=units, listed=4))
    assert refused.value.path == "units"
    assert f"more than the {FACTION_OPTIONS_MAX:,} options a faction may have, counted up to 'Sage 12'" in (
        str(refused.value))
    assert not options_built


def test_a_book_of_too_many_units_is_refused():
    data = book()
    data["units"] = [{**data["units"][1], "id": f"u{i}", "name": f"Oars {i}"} for i in range(UNITS_MAX + 1)]
    with pytest.raises(BadInput) as refused:
        read(data)
    assert (refused.value.path, refused.value.message) == ("units", f"must hold at most {UNITS_MAX}")


def test_the_command_refuses_a_hostile_book_naming_the_unit_and_writes_nothing(tmp_path, capsys):
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(with_big_package(units=UNITS_MAX, listed=100)))
    with pytest.raises(CommandError):
        call_command("import_factions", "--army-forge", "aof-regiments", str(path))
    assert f"{path}: units[0].upgrades: give 'Sage 0' more than the 400 options" in capsys.readouterr().err
    assert not Faction.objects.exists()


# --- Muster's own faction file ---------------------------------------------------------


def faction_file(units: int, options: int) -> dict:
    return {"format": "armylists/factions@1", "game": "aof-regiments", "factions": [
        {"slug": "many", "name": "Many", "units": [
            {"slug": f"unit-{u}", "name": f"Unit {u}", "cost": 10, "models": 1,
             "options": [{"slug": f"o-{o}", "name": f"Option {o}", "cost": 1} for o in range(options)]}
            for u in range(units)]}]}


@pytest.mark.parametrize("units, options, path, reason", [
    (1, UNIT_OPTIONS_MAX + 1, "factions[0].units[0].options", "must hold at most 400"),
    (UNITS_MAX + 1, 0, "factions[0].units", "must hold at most 500"),
    (13, UNIT_OPTIONS_MAX, "factions[0].units", "have 5,200 options together, more than the 5,000 a faction may have"),
])
def test_a_faction_file_past_the_bounds_is_refused_naming_where(tmp_path, units, options, path, reason):
    file = tmp_path / "many.json"
    file.write_text(json.dumps(faction_file(units, options)))
    with pytest.raises(FactionFileError) as refused:
        import_file(str(file))
    assert str(refused.value) == f"{file}: {path}: {reason}"
    assert not Faction.objects.exists()


def test_a_faction_file_at_the_bounds_is_loaded(tmp_path):
    file = tmp_path / "many.json"
    file.write_text(json.dumps(faction_file(12, UNIT_OPTIONS_MAX)))
    assert import_file(str(file)).units == 12
