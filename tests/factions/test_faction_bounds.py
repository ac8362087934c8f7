"""The faction file 1.1 (docs/faction-file.md): bounded numbers and names, copies_of,
Dulce Bellum grimoires and spells, command card slugs unique across the game; hostile files
refused with the file and the JSON path, never a traceback or a hint to run `migrate`."""
from __future__ import annotations

import copy
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from factions import importer
from factions.exporter import export_game
from factions.importer import FactionFileError, import_file
from factions.models import Faction, GameSystem, Unit

pytestmark = pytest.mark.django_db

OPR = {"format": "armylists/factions@1", "game": "aof-regiments", "factions": [
    {"slug": "river-kingdom", "name": "River Kingdom", "units": [
        {"slug": "infantrymen", "name": "Infantrymen", "cost": 100, "models": 10,
         "option_groups": [{"slug": "weapons", "name": "Replace all Hand Weapons with one of"}],
         "options": [{"slug": "spears", "name": "Spears", "cost": 10, "group": "weapons", "scope": "all_models"}]},
        {"slug": "infantrymen-detachment", "name": "Infantrymen Detachment", "cost": 55, "models": 5,
         "copies_of": "infantrymen"},
    ]},
]}
BATTLE_MAGIC = {"slug": "battle-magic", "name": "Battle Magic", "spells": [
    {"slug": "charge", "name": "Charge!", "basic": True, "difficulty": "8+"},
    {"slug": "fireball", "name": "Fireball", "difficulty": "8+", "text": "A ball of fire."}]}
DULCE = {"format": "armylists/factions@1", "game": "dulce-bellum", "grimoires": [BATTLE_MAGIC], "factions": [
    {"slug": "dwarf-holds", "name": "Dwarf Holds", "grimoires": ["battle-magic"], "units": [
        {"slug": "rune-priest", "name": "Rune Priest", "rarity": "uncommon", "spellcaster": 2,
         "sizes": [{"size": "single", "points": 90}]},
        {"slug": "pyromancer", "name": "Pyromancer", "rarity": "rare", "spellcaster": "fireball",
         "sizes": [{"size": "single", "points": 120}]}]},
]}
DISKWARS = {"format": "armylists/factions@1", "game": "diskwars", "factions": [
    {"slug": "high-elves", "name": "High Elves", "alignment": "order",
     "command_cards": [{"slug": "valour", "title": "Valour of Ages", "text": "Order only."}], "units": []},
]}


def write(tmp_path, data, name="factions.json") -> str:
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())
    return str(path)


def refusal(tmp_path, data) -> str:
    path = write(tmp_path, data)
    with pytest.raises(FactionFileError) as refused:
        import_file(path)
    message = str(refused.value)
    assert message.startswith(f"{path}: ") and "migrate" not in message
    return message.removeprefix(f"{path}: ")


def changed(data: dict, where: list, value) -> dict:
    data = copy.deepcopy(data)
    node = data
    for step in where[:-1]:
        node = node[step]
    node[where[-1]] = value
    return data


UNIT = ["factions", 0, "units", 0]


@pytest.mark.parametrize("where, value, message", [
    ([*UNIT, "cost"], 10**20, "factions[0].units[0].cost: must be at most 100,000"),
    ([*UNIT, "cost"], -1, "factions[0].units[0].cost: must be an integer ≥ 0"),
    ([*UNIT, "options", 0, "cost"], -1_001, "factions[0].units[0].options[0].cost: must be an integer ≥ -1,000"),
    ([*UNIT, "models"], 10**20, "factions[0].units[0].models: must be at most 100,000"),
    ([*UNIT, "option_groups", 0, "max"], 40_000, "factions[0].units[0].option_groups[0].max: must be at most 1,000"),
    ([*UNIT, "name"], "n" * 201, "factions[0].units[0].name: must be at most 200 characters"),
    ([*UNIT, "notes"], "n" * 5_001, "factions[0].units[0].notes: must be at most 5,000 characters"),
    ([*UNIT, "slug"], "s" * 65, "factions[0].units[0].slug: must be 1 to 64 lower-case letters, digits or hyphens"),
    ([*UNIT, "option_groups"], [{"slug": "weapons", "name": "A"}, {"slug": "weapons", "name": "B"}],
     "factions[0].units[0].option_groups[1].slug: 'weapons' is used twice in this unit"),
    ([*UNIT, "colour"], "red", "factions[0].units[0].colour: is not a field of this format"),
    (["factions", 0, "units", 1, "copies_of"], "infantrymen-detachment",
     "factions[0].units[1].copies_of: must name another unit, not this one"),
    (["factions", 0, "units", 1, "copies_of"], "knights", "factions[0].units[1].copies_of: no unit 'knights' in "
                                                         "this faction"),
    ([*UNIT, "copies_of"], "infantrymen-detachment", "factions[0].units[0].copies_of: 'infantrymen-detachment' is "
                                                     "itself a copy of 'infantrymen': name that unit"),
])
def test_a_bad_faction_file_is_refused_with_its_path_and_writes_nothing(tmp_path, where, value, message):
    assert refusal(tmp_path, changed(OPR, where, value)) == message
    assert not Faction.objects.filter(slug="river-kingdom").exists()


@pytest.mark.parametrize("raw, message", [
    (b'{"format": "armylists/factions@1", "game": "aof-regiments", "factions": ' + b"[" * 100_000,
     "factions[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]: nests more than 20 levels deep"),
    (json.dumps(OPR).replace('"cost": 100,', '"cost": ' + "9" * 5_000 + ",", 1).encode(),
     "factions[0].units[0].cost: must be at most 100,000"),
    (json.dumps(OPR).encode("utf-16"), "must be UTF-8; this file is UTF-16: save it as UTF-8"),
    (json.dumps(OPR).encode("utf-16-le"), "must be UTF-8; this file looks like UTF-16: save it as UTF-8"),
    (json.dumps(changed(OPR, [*UNIT, "stats"], {"attack": "X"})).replace('"X"', "7" * 40).encode(),
     "factions[0].units[0].stats.attack: must have at most 20 digits"),
])
def test_hostile_faction_files_are_bad_input_not_a_crash(tmp_path, raw, message):
    assert refusal(tmp_path, raw) == message


def test_a_faction_file_is_bounded_in_size_before_it_is_read(tmp_path, monkeypatch):
    monkeypatch.setattr(importer, "FACTION_FILE_BYTES", 100)
    assert refusal(tmp_path, OPR) == f"must be at most 100 bytes (it is {len(json.dumps(OPR)):,})"


def test_the_command_reports_a_refused_file_in_one_sentence(tmp_path, capsys):
    path = write(tmp_path, changed(OPR, [*UNIT, "cost"], 10**20))
    with pytest.raises(CommandError, match="1 file"):
        call_command("import_factions", path)
    err = capsys.readouterr().err
    assert err.strip() == f"Refused {path}: factions[0].units[0].cost: must be at most 100,000"


def test_the_bounds_themselves_load_and_copies_of_is_stored(tmp_path):
    data = changed(OPR, [*UNIT, "cost"], 100_000)
    data = changed(data, [*UNIT, "options", 0, "cost"], -1_000)
    import_file(write(tmp_path, data))
    assert Unit.objects.get(slug="infantrymen").details["cost"] == 100_000
    assert Unit.objects.get(slug="infantrymen-detachment").details["copies_of"] == "infantrymen"
    exported = export_game(GameSystem.objects.get(slug="aof-regiments"))
    assert exported["factions"][0]["units"][1]["copies_of"] == "infantrymen"


# --- Dulce Bellum grimoires (Dulce Bellum, Magic: Magic Grimoires)


def test_grimoires_spells_and_a_fixed_spell_load_and_export_back(tmp_path):
    import_file(write(tmp_path, DULCE))
    grimoire = GameSystem.objects.get(slug="dulce-bellum").details["grimoires"][0]
    assert [(s["slug"], s.get("basic", False), s["difficulty"]) for s in grimoire["spells"]] == [
        ("charge", True, "8+"), ("fireball", False, "8+")]
    assert Faction.objects.get(slug="dwarf-holds").details["grimoires"] == [grimoire["slug"]]
    assert Unit.objects.get(slug="pyromancer").details["spellcaster"] == "fireball"
    exported = export_game(GameSystem.objects.get(slug="dulce-bellum"))
    assert exported["grimoires"] == [BATTLE_MAGIC]
    assert exported["factions"][0]["grimoires"] == ["battle-magic"]
    assert [u.get("spellcaster") for u in exported["factions"][0]["units"]] == [2, "fireball"]


def test_a_units_sizes_are_kept_as_the_file_has_them_and_each_size_once(tmp_path):
    sizes = [{"size": "single", "points": 90, "morale": 7}, {"size": "squad", "points": 150}]
    import_file(write(tmp_path, changed(DULCE, ["factions", 0, "units", 0, "sizes"], sizes)))
    assert Unit.objects.get(slug="rune-priest").details["sizes"] == sizes
    assert export_game(GameSystem.objects.get(slug="dulce-bellum"))["factions"][0]["units"][0]["sizes"] == sizes
    twice = changed(DULCE, ["factions", 0, "units", 1, "sizes"], [sizes[1], sizes[1]])
    assert refusal(tmp_path, twice) == "factions[0].units[1].sizes[1].size: 'squad' is used twice in this unit"


def test_a_grimoire_imported_again_replaces_the_one_with_its_slug(tmp_path):
    import_file(write(tmp_path, DULCE))
    again = {"format": "armylists/factions@1", "game": "dulce-bellum", "factions": [], "grimoires": [
        {"slug": "battle-magic", "name": "Battle Magic", "spells": [{"slug": "vicious", "name": "Vicious"}]}]}
    import_file(write(tmp_path, again, "again.json"))
    grimoires = GameSystem.objects.get(slug="dulce-bellum").details["grimoires"]
    assert [(g["slug"], [s["slug"] for s in g["spells"]]) for g in grimoires] == [("battle-magic", ["vicious"])]
    assert Faction.objects.get(slug="dwarf-holds").details["grimoires"] == ["battle-magic"]  # still drawn on


def test_a_faction_may_name_a_grimoire_loaded_before(tmp_path):
    import_file(write(tmp_path, DULCE))
    later = {"format": "armylists/factions@1", "game": "dulce-bellum", "factions": [
        {"slug": "orcs", "name": "Orc Tribes", "grimoires": ["battle-magic"], "units": []}]}
    import_file(write(tmp_path, later, "later.json"))
    assert Faction.objects.get(slug="orcs").details["grimoires"] == ["battle-magic"]


@pytest.mark.parametrize("where, value, message", [
    (["factions", 0, "grimoires"], ["dark-magic"],
     "factions[0].grimoires[0]: no grimoire 'dark-magic' in this file or in Dulce Bellum"),
    (["factions", 0, "units", 1, "spellcaster"], "hex",
     "factions[0].units[1].spellcaster: no spell 'hex' in this file or in Dulce Bellum"),
    (["factions", 0, "units", 1, "spellcaster"], "Fire Ball",
     "factions[0].units[1].spellcaster: must be a whole number from 0 to 1,000 (Spellcaster(n)) or a spell's slug"),
    (["grimoires", 1], {"slug": "dark-magic", "name": "Dark Magic", "spells": [{"slug": "fireball", "name": "F"}]},
     "grimoires[1].spells[0].slug: 'fireball' is already a spell of grimoire 'battle-magic'"),
    (["grimoires", 1], BATTLE_MAGIC, "grimoires[1].slug: 'battle-magic' is used twice in this file"),
    (["grimoires", 0, "spells", 0, "basic"], 1, "grimoires[0].spells[0].basic: must be true or false"),
])
def test_bad_grimoires_are_refused_with_their_path(tmp_path, where, value, message):
    data = copy.deepcopy(DULCE)
    data["grimoires"].append(None)  # room for a second grimoire; dropped when the case adds none
    data = changed(data, where, value)
    data["grimoires"] = [g for g in data["grimoires"] if g is not None]
    assert refusal(tmp_path, data) == message
    assert not GameSystem.objects.get(slug="dulce-bellum").details


def test_a_spell_slug_already_in_another_loaded_grimoire_is_refused(tmp_path):
    import_file(write(tmp_path, DULCE))
    clash = {"format": "armylists/factions@1", "game": "dulce-bellum", "factions": [], "grimoires": [
        {"slug": "dark-magic", "name": "Dark Magic", "spells": [{"slug": "charge", "name": "Charge"}]}]}
    assert refusal(tmp_path, clash) == ("grimoires[0].spells[0].slug: 'charge' is already a spell of grimoire "
                                        "'battle-magic'")


def test_grimoires_are_only_a_dulce_bellum_field(tmp_path):
    assert refusal(tmp_path, {**OPR, "grimoires": []}) == "grimoires: is not a field of this format"


# --- Diskwars command cards: one slug in the whole game


def test_a_card_slug_of_another_loaded_faction_is_refused_naming_it(tmp_path):
    import_file(write(tmp_path, DISKWARS))
    other = changed(DISKWARS, ["factions", 0, "slug"], "dwarfs")
    assert refusal(tmp_path, other) == "factions[0].command_cards[0].slug: 'valour' is already a card of faction " \
                                       "'high-elves'"
    import_file(write(tmp_path, DISKWARS, "again.json"))  # the same faction again replaces its own cards
    assert [c["text"] for f in Faction.objects.all() for c in f.details.get("command_cards", [])] == ["Order only."]


def test_a_card_slug_used_by_two_factions_of_one_file_is_refused(tmp_path):
    data = copy.deepcopy(DISKWARS)
    data["factions"].append(changed(DISKWARS, ["factions", 0, "slug"], "dwarfs")["factions"][0])
    assert refusal(tmp_path, data) == "factions[1].command_cards[0].slug: 'valour' is already a card of faction " \
                                      "'high-elves'"
