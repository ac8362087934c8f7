"""The faction file (armylists/factions@1): refused whole with a JSON path, or written whole."""
from __future__ import annotations

import copy
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from hypothesis import given, settings
from hypothesis import strategies as st

from armylists.boundary.errors import BadInput
from factions.importer import FactionFileError, import_file
from factions.models import Faction, Option, Unit
from factions.schemas import parse_faction_file
from tests.factories import kingdom

pytestmark = pytest.mark.django_db

GOOD = {
    "format": "armylists/factions@1",
    "game": "battleground",
    "factions": [
        {"slug": "hawkshold", "name": "Men of Hawkshold", "version": "4.0", "units": [
            {"slug": "militia", "name": "Militia", "cost": 150, "class": "core", "rules": ["Shield Wall"],
             "stats": {"attack": "4", "move": "6"}},
        ]},
        {"slug": "sellswords", "name": "Sellswords", "units": [
            {"slug": "crossbows", "name": "Crossbows", "cost": 180, "class": "standard", "mercenary": True},
            {"slug": "ogres", "name": "Ogres", "cost": 300, "class": "elite", "mercenary": True},
        ]},
    ],
}


def write(tmp_path, data, name="factions.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def test_a_good_file_writes_every_faction_and_unit(tmp_path):
    done = import_file(write(tmp_path, GOOD))
    assert done.factions == ("hawkshold", "sellswords") and done.units == 3
    assert Unit.objects.get(slug="ogres").details["mercenary"] is True


def test_a_bad_cost_in_the_second_faction_is_refused_with_file_and_path_and_writes_nothing(tmp_path):
    data = copy.deepcopy(GOOD)
    data["factions"][1]["units"][1]["cost"] = "ten"
    path = write(tmp_path, data)
    with pytest.raises(FactionFileError) as refused:
        import_file(path)
    assert str(refused.value) == f"{path}: factions[1].units[1].cost: must be an integer ≥ 0"
    assert not Faction.objects.exists() and not Unit.objects.exists()


def test_the_command_refuses_a_bad_file_without_a_traceback_and_keeps_the_good_one(tmp_path, capsys):
    data = copy.deepcopy(GOOD)
    data["factions"][0]["units"][0]["class"] = "heroic"
    good = write(tmp_path, GOOD | {"factions": GOOD["factions"][1:]}, "good.json")
    bad = write(tmp_path, data, "bad.json")
    with pytest.raises(CommandError):
        call_command("import_factions", str(good), str(bad))
    err = capsys.readouterr().err
    assert f"{bad}: factions[0].units[0].class: must be 'core', 'standard' or 'elite'" in err
    assert list(Faction.objects.values_list("slug", flat=True)) == ["sellswords"]


@pytest.mark.parametrize("change, path, message", [
    (lambda d: d.pop("format"), "format", 'must be "armylists/factions@1"'),
    (lambda d: d.update(game="chess"), "game", "no game 'chess'"),
    (lambda d: d["factions"][0].update(slug="Men Of"), "factions[0].slug", "lower-case letters"),
    (lambda d: d["factions"][0]["units"][0].pop("name"), "factions[0].units[0].name", "is required"),
    (lambda d: d["factions"][0]["units"][0].update(cots=5), "factions[0].units[0].cots", "not a field"),
    (lambda d: d["factions"][1]["units"][1].update(slug="crossbows"), "factions[1].units[1].slug", "used twice"),
    (lambda d: d["factions"][1].update(slug="hawkshold"), "factions[1].slug", "used twice"),
    (lambda d: d["factions"][0]["units"][0].update(options=[{"slug": "x", "name": "X", "group": "g"}]),
     "factions[0].units[0].options[0].group", "no option group 'g'"),
])
def test_each_kind_of_fault_is_named_by_its_json_path(change, path, message):
    data = copy.deepcopy(GOOD)
    change(data)
    with pytest.raises(BadInput) as refused:
        parse_faction_file(data)
    assert refused.value.path == path and message in refused.value.message


def test_a_diskwars_hero_needs_its_recruitment_points_and_command_value():
    data = {"format": "armylists/factions@1", "game": "diskwars", "factions": [
        {"slug": "empire", "name": "Empire", "alignment": "order", "units": [
            {"slug": "captain", "name": "Captain", "kind": "hero", "size": "medium", "command_value": 2}]}]}
    with pytest.raises(BadInput, match="recruitment_points"):
        parse_faction_file(data)


def test_importing_a_faction_again_replaces_its_units_instead_of_doubling_them(tmp_path):
    import_file(write(tmp_path, GOOD))
    data = copy.deepcopy(GOOD)
    data["factions"][0]["units"][0]["cost"] = 160
    data["factions"][0]["units"].append({"slug": "spearmen", "name": "Spearmen", "cost": 220, "class": "core"})
    import_file(write(tmp_path, data))
    hawkshold = Faction.objects.get(slug="hawkshold")
    assert sorted(hawkshold.units.values_list("slug", "details__cost")) == [("militia", 160), ("spearmen", 220)]
    assert Faction.objects.count() == 2


def test_options_keep_their_opr_scope_and_command():
    from factions.importer import import_document

    import_document(parse_faction_file(kingdom()))
    infantry = Option.objects.filter(unit__faction__slug="kingdom", unit__slug="infantry")
    kept = sorted((o.slug, o.details["scope"], o.details.get("command")) for o in infantry)  # as the file names them
    assert kept == [
        ("banner", "model", "banner"), ("halberds", "all_models", None), ("sergeant", "model", "sergeant"),
        ("spears", "all_models", None), ("veteran", "unit", None)]  # veterans name no scope: once per unit


@settings(max_examples=200, deadline=None)
@given(data=st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["format", "game", "factions", "slug", "name", "units", "cost", "class", "x"]), inner,
        max_size=4),
    max_leaves=15,
))
def test_random_json_is_refused_with_a_path_or_parsed_never_a_crash(data):
    if isinstance(data, dict) and "format" in data:
        data["format"] = "armylists/factions@1"
    try:
        parse_faction_file(data)
    except BadInput as refused:
        assert refused.message
