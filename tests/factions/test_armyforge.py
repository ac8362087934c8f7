"""Army Forge army books in (docs/faction-file.md, "Army Forge books"), with a made-up book in their shape."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from armylists.boundary.errors import BadInput
from armylists.builder.services import import_list
from armylists.checking.check import check_document
from armylists.games.registry import game_home
from armylists.printing.roster import build_sheet
from factions.armyforge import read_army_forge_upload
from factions.importer import FactionFileError
from factions.models import Faction, Option, Unit

from .armyforge_book import book

pytestmark = pytest.mark.django_db


def write(tmp_path, data, name="riverfolk.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def unit_of(reading, slug):
    return next(u for u in reading.faction["units"] if u["slug"] == slug)


def group_of(unit, name):
    return next(g for g in unit["option_groups"] if g["name"] == name)


def option_of(unit, af_id):
    return next(o for o in unit["options"] if o["army_forge_id"] == af_id)


# --- the reader -------------------------------------------------------------------


def test_every_unit_comes_in_with_its_profile_weapons_items_rules_and_ids():
    reading = game_home("aof-regiments").army_forge_reader.read_book(book())
    faction = reading.faction
    assert faction["slug"] == "riverfolk-leagues" and faction["name"] == "Riverfolk Leagues"
    assert faction["army_forge"] == {"book": "BookRiverfolk01", "version": "3.5.2", "game_system": "age-of-fantasy"}
    assert [u["slug"] for u in faction["units"]] == ["reed-sage", "oarsmen", "oarsmen-2"]
    sage = unit_of(reading, "reed-sage")
    assert (sage["cost"], sage["models"], sage["hero"]) == (70, 1, True)
    assert sage["rules"] == ["Hero", "Tough(3)", "Caster(2)", "Mistwalker"]
    assert sage["stats"] == {"quality": "4+", "defense": "5+"}
    assert sage["weapons"] == [{"name": "Staff", "count": 1, "range": None, "attacks": 2, "rules": ["AP(1)"]}]
    assert sage["army_forge_id"] == "uSage"
    oarsmen = unit_of(reading, "oarsmen")
    assert oarsmen["weapons"][0]["count"] == 10  # written "010" by the book
    assert oarsmen["stats"]["equipment"] == "Shields (Shielded)"


def test_the_books_spells_are_kept_for_its_casters():
    spells = game_home("aof-regiments").army_forge_reader.read_book(book()).faction["spells"]
    assert [(s["slug"], s["threshold"]) for s in spells] == [("mist-veil", 1), ("tide-surge", 2)]


def test_an_option_costs_what_the_book_says_for_that_unit():
    """`costs` for the unit's id wins over `cost`; one option costs differently on two units."""
    reading = game_home("aof-regiments").army_forge_reader.read_book(book())
    assert option_of(unit_of(reading, "reed-sage"), "oTrident")["cost"] == 10
    assert option_of(unit_of(reading, "oarsmen"), "oSpears")["cost"] == 15
    assert option_of(unit_of(reading, "oarsmen-2"), "oSpears")["cost"] == 10


@pytest.mark.parametrize("section, scope, most", [
    ("Replace Staff", "unit", 1),  # no affects: once, for the unit
    ("Upgrade with one", "unit", 1),
    ("Replace all Hand Weapons", "all_models", 1),
    ("Replace any Hand Weapon", "model", 10),  # every model may
    ("Upgrade one model with one", "model", 1),
    ("Upgrade up to two models with", "model", 2),
    ("Upgrade with", "unit", 2),  # no select on an upgrade: each option, once each
])
def test_each_section_becomes_a_group_of_its_size_and_scope(section, scope, most):
    reading = game_home("aof-regiments").army_forge_reader.read_book(book())
    for unit in reading.faction["units"][:2]:
        group = next((g for g in unit["option_groups"] if g["name"] == section), None)
        if group is None:
            continue
        assert group["max"] == most
        assert {o["scope"] for o in unit["options"] if o["group"] == group["slug"]} == {scope}
        return
    raise AssertionError(f"no section {section}")


def test_replace_sections_say_what_they_replace_and_how_many():
    oarsmen = unit_of(game_home("aof-regiments").army_forge_reader.read_book(book()), "oarsmen")
    assert option_of(oarsmen, "oSpears")["replaces"] == [{"weapon": "Hand Weapons", "count": None}]
    assert option_of(oarsmen, "oNet")["replaces"] == [{"weapon": "Hand Weapon", "count": 1}]
    assert "replaces" not in option_of(oarsmen, "oLantern")


def test_a_section_the_unit_disables_is_not_offered_to_it():
    small = unit_of(game_home("aof-regiments").army_forge_reader.read_book(book()), "oarsmen-2")
    assert "Replace any Hand Weapon" not in {g["name"] for g in small["option_groups"]}
    assert len(small["options"]) == 7  # 8 options in its package, one section disabled


def test_command_upgrades_are_known_by_what_they_give():
    oarsmen = unit_of(game_home("aof-regiments").army_forge_reader.read_book(book()), "oarsmen")
    assert option_of(oarsmen, "oSgt")["command"] == "sergeant"
    assert option_of(oarsmen, "oBanner")["command"] == "banner"


def test_what_muster_cannot_express_is_listed_per_unit_with_why():
    left = game_home("aof-regiments").army_forge_reader.read_book(book()).left_out
    said = {(lo.unit, lo.what) for lo in left}
    assert ("Reed Sage", "the effects of Caster, Mistwalker") in said
    assert ("Oarsmen", "'Upgrade with' takes each option once") in said
    assert all(lo.why for lo in left)


@pytest.mark.parametrize("data, path", [
    ({"format": "armylists/factions@1"}, "units"),
    ([1, 2], ""),
    (book(units="none"), "units"),
    ({**book(), "units": [{**book()["units"][0], "cost": "cheap"}]}, "units[0].cost"),
    ({**book(), "units": [{**book()["units"][0], "upgrades": ["nope"]}]}, "units[0].upgrades[0]"),
])
def test_a_file_that_is_not_an_army_book_is_refused_naming_the_json_path(data, path):
    with pytest.raises(BadInput) as refused:
        game_home("aof-regiments").army_forge_reader.read_book(data)
    assert refused.value.path == path


def test_a_section_with_a_bad_variant_names_its_path():
    data = book()
    data["upgradePackages"][1]["sections"][2]["variant"] = "swap"
    with pytest.raises(BadInput) as refused:
        game_home("aof-regiments").army_forge_reader.read_book(data)
    assert refused.value.path == "upgradePackages[1].sections[2].variant"


def test_a_book_for_another_game_is_refused():
    with pytest.raises(BadInput, match="gameSystemSlug"):
        game_home("aof-skirmish").army_forge_reader.read_book(book())
    skirmish_book = book(gameSystemSlug="age-of-fantasy-skirmish")
    assert game_home("aof-skirmish").army_forge_reader.read_book(skirmish_book).faction["units"]


# --- the command ------------------------------------------------------------------


def test_a_first_import_writes_at_once_and_keeps_the_ids(tmp_path, capsys):
    call_command("import_factions", "--army-forge", "aof-regiments", write(tmp_path, book()))
    out = capsys.readouterr().out
    assert "Riverfolk Leagues (riverfolk-leagues): 3 unit(s), 18 option(s)" in out
    assert "Reed Sage: the effects of Caster, Mistwalker" in out
    faction = Faction.objects.get(slug="riverfolk-leagues")
    assert faction.details["army_forge"]["book"] == "BookRiverfolk01" and len(faction.details["spells"]) == 2
    assert Unit.objects.get(slug="oarsmen").details["army_forge_id"] == "uOars"
    assert Option.objects.get(unit__slug="oarsmen", details__army_forge_id="oNet").details["replaces"] == [
        {"weapon": "Hand Weapon", "count": 1}]


def test_a_reimport_shows_what_changed_and_writes_only_with_yes(tmp_path, capsys):
    call_command("import_factions", "--army-forge", "aof-regiments", write(tmp_path, book()))
    changed = book()
    changed["units"][1]["cost"] = 110
    changed["units"][0]["quality"] = 3
    changed["units"].pop(2)
    changed["units"].append({**changed["units"][1], "id": "uPunt", "name": "Punt Guard", "upgrades": []})
    path = write(tmp_path, changed, "changed.json")
    capsys.readouterr()
    call_command("import_factions", "--army-forge", "aof-regiments", path)
    out = capsys.readouterr().out
    assert "Units added: Punt Guard" in out and "Units removed: Oarsmen" in out
    assert "Costs changed: Oarsmen: 100 -> 110 pts" in out and "Profiles or options changed: Reed Sage" in out
    assert "Nothing written" in out and Unit.objects.get(slug="oarsmen").details["cost"] == 100
    call_command("import_factions", "--army-forge", "aof-regiments", path, "--yes")
    assert Unit.objects.get(slug="oarsmen").details["cost"] == 110 and Unit.objects.filter(slug="punt-guard").exists()


def test_the_same_book_again_writes_nothing(tmp_path, capsys):
    path = write(tmp_path, book())
    call_command("import_factions", "--army-forge", "aof-regiments", path)
    call_command("import_factions", "--army-forge", "aof-regiments", path)
    assert "Unchanged" in capsys.readouterr().out


def test_a_book_goes_beside_a_faction_not_from_army_forge_and_replaces_it_only_when_asked(tmp_path, capsys):
    """A sample faction (or one from a Muster file) keeps its slug, which saved lists and scripts name: the real
    book is imported beside it under a slug of its own, compared with itself when imported again."""
    mine = {"format": "armylists/factions@1", "game": "aof-regiments", "factions": [
        {"slug": "riverfolk-leagues", "name": "Our Riverfolk", "units": [
            {"slug": "boatmen", "name": "Boatmen", "cost": 50, "models": 5}]}]}
    call_command("import_factions", write(tmp_path, mine, "mine.json"))
    path = write(tmp_path, book())
    call_command("import_factions", "--army-forge", "aof-regiments", path)
    said = capsys.readouterr().out
    assert "The library's own faction 'Our Riverfolk' keeps the slug 'riverfolk-leagues'" in said
    assert "this book is beside it as 'riverfolk-leagues-army-forge'" in said
    assert Unit.objects.filter(faction__slug="riverfolk-leagues", slug="boatmen").exists()
    assert Faction.objects.get(slug="riverfolk-leagues-army-forge").army_forge_book
    call_command("import_factions", "--army-forge", "aof-regiments", path)
    assert "Unchanged" in capsys.readouterr().out and Faction.objects.count() == 2
    call_command("import_factions", "--army-forge", "aof-regiments", path, "--replace")
    assert not Unit.objects.filter(slug="boatmen").exists()


def test_a_bad_book_is_refused_naming_the_file_and_path_and_writes_nothing(tmp_path, capsys):
    data = book()
    data["upgradePackages"][0]["sections"][0]["options"][0]["costs"] = []
    data["upgradePackages"][0]["sections"][0]["options"][0].pop("cost")
    path = write(tmp_path, data)
    with pytest.raises(CommandError):
        call_command("import_factions", "--army-forge", "aof-regiments", path)
    assert f"{path}: upgradePackages[0].sections[0].options[0].costs: has no cost for unit 'Reed Sage'" in (
        capsys.readouterr().err)
    assert not Faction.objects.exists()


def test_a_book_over_the_size_bound_is_refused(tmp_path, capsys, settings):
    path = tmp_path / "huge.json"
    path.write_text(" " * 10_000_001)
    with pytest.raises(CommandError):
        call_command("import_factions", "--army-forge", "aof-regiments", str(path))
    assert "must be at most 10,000,000 bytes" in capsys.readouterr().err


def test_export_writes_the_imported_book_in_musters_own_format_which_imports_again(tmp_path, capsys):
    call_command("import_factions", "--army-forge", "aof-regiments", write(tmp_path, book()))
    capsys.readouterr()
    call_command("export_factions", "aof-regiments")
    exported = json.loads(capsys.readouterr().out)
    faction = next(f for f in exported["factions"] if f["slug"] == "riverfolk-leagues")
    assert faction["army_forge"]["book"] == "BookRiverfolk01" and faction["spells"][0]["name"] == "Mist Veil"
    spears = next(o for o in faction["units"][1]["options"] if o["army_forge_id"] == "oSpears")
    assert spears["replaces"] == [{"weapon": "Hand Weapons"}] and spears["weapons"][0]["name"] == "Spear"
    Faction.objects.all().delete()
    call_command("import_factions", write(tmp_path, exported, "exported.json"))
    assert Option.objects.get(unit__slug="oarsmen", slug=spears["slug"]).cost == 15


@pytest.mark.django_db
def test_a_muster_faction_file_or_a_picture_sent_as_a_book_says_what_it_is():
    demo = (Path(__file__).resolve().parents[2] / "factions" / "data" / "demo" / "aof-regiments.json").read_bytes()
    with pytest.raises(FactionFileError, match="this is a Muster faction file, not an Army Forge book: load it "
                                               "with the admin's Import factions"):
        read_army_forge_upload(demo, "aof-regiments.json", "aof-regiments")
    with pytest.raises(FactionFileError, match=r"^orcs\.png: not a JSON file: this is a PNG image$"):
        read_army_forge_upload(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "orcs.png", "aof-regiments")


def test_after_seed_demo_a_real_book_of_a_sample_factions_name_imports_and_the_demo_lists_check_the_same(
        tmp_path, capsys):
    call_command("seed_demo", verbosity=0)
    demo_list = str(Path(__file__).resolve().parents[2] / "factions/data/demo/lists/aof-regiments-legal.json")

    def checked() -> tuple[int, dict]:
        capsys.readouterr()
        with pytest.raises(SystemExit) as status:
            call_command("checklist", demo_list, "--json")
        return status.value.code, json.loads(capsys.readouterr().out)

    before = checked()
    call_command("import_factions", "--army-forge", "aof-regiments",
                 write(tmp_path, book(name="Human Empire"), "Human Empire.json"))
    assert "this book is beside it as 'human-empire-army-forge'" in capsys.readouterr().out
    assert Faction.objects.get(game__slug="aof-regiments", slug="human-empire").army_forge_book is None
    assert checked() == before and before[0] == 0


def test_the_books_rule_texts_come_in_and_the_roster_explains_each_rule_in_the_books_words(tmp_path):
    """AoF: an Army Forge book describes every rule it uses; the roster prints each rule the list uses once, in
    the book's words where it has them, else Muster's, else by name saying there is none."""
    call_command("import_factions", "--army-forge", "aof-regiments", write(tmp_path, book()))
    faction = Faction.objects.get(slug="riverfolk-leagues")
    assert faction.rule_texts == [{"name": "Mistwalker", "text": "Made-up words: this unit walks through mist."},
                                  {"name": "Tough", "text": "Made-up words: the book's own Tough."}]
    document = {"format": "armylists/list@1", "game": "aof-regiments", "faction": "riverfolk-leagues",
                "points_limit": 1000, "entries": [{"id": "e1", "unit": "reed-sage"}, {"id": "e2", "unit": "oarsmen"}]}
    sheet = build_sheet(check_document(document), player=None, checked_at=timezone.now(), game_name="AoF Regiments")
    terms = {t.name: t.description for t in sheet.glossary}
    # The Staff's AP(1) is explained too, and the Oarsmen's Shields grant Shielded, on their rules line.
    assert "AP" in terms and "Shielded" in terms
    # An option's item grants its rule: on the rules line of the entry that took it, and explained.
    mounted = {**document, "entries": [{"id": "e1", "unit": "reed-sage", "options": ["river-turtle"]}]}
    sheet = build_sheet(check_document(mounted), player=None, checked_at=timezone.now(), game_name="AoF Regiments")
    (card,) = sheet.cards
    assert card.rules[-1] == "Impact" and "Impact" in {t.name for t in sheet.glossary}
    assert "Shielded" in Unit.objects.get(faction=faction, slug="oarsmen").rules
    assert terms["Mistwalker"] == "Made-up words: this unit walks through mist."
    assert terms["Tough"] == "Made-up words: the book's own Tough."
    assert terms["Hero"] and not terms["Hero"].startswith("no description")  # Muster's words
    assert "Unused Rule" not in terms
    assert sheet.editions == ("Checked against the Age of Fantasy: Regiments 3.4.0 rules · army book: "
                              "Army Forge 3.5.2")
    # The Reed Sage is a caster: the book's spells, once, with their cost and what each does.
    assert [(s.label, s.value) for s in sheet.spells] == [
        ("Mist Veil (1)", 'Pick one friendly unit within 12".'), ("Tide Surge (2)", 'Pick one enemy unit within 18".')]
    call_command("export_factions", "aof-regiments", "riverfolk-leagues", "-o", str(tmp_path / "out.json"))
    assert json.loads((tmp_path / "out.json").read_text())["factions"][0]["rule_texts"] == faction.rule_texts


def test_the_import_and_the_faction_page_say_the_books_edition_and_the_rules_muster_checks(tmp_path, capsys, client):
    """Army Forge's books are of the current edition (3.5.x); Muster's AoF Regiments rules are 3.4.0: both said,
    and whether any construction rule of the book's edition is known to differ."""
    call_command("import_factions", "--army-forge", "aof-regiments", write(tmp_path, book()))
    said = capsys.readouterr().out
    assert "Army Forge book version 3.5.2; Muster checks lists against the Age of Fantasy: Regiments 3.4.0 rules." \
        in said
    assert "No construction rule of edition 3.5 is known to Muster to differ from 3.4.0." in said
    page = client.get("/games/aof-regiments/riverfolk-leagues/").content.decode()
    assert "Army Forge book version 3.5.2" in page and "3.4.0 rules" in page


def test_a_replace_that_would_break_saved_lists_says_which_and_writes_only_with_yes(tmp_path, capsys):
    """--replace over a faction not from Army Forge: the saved lists naming units the book does not have are
    named first, and nothing is written without --yes."""
    mine = {"format": "armylists/factions@1", "game": "aof-regiments", "factions": [
        {"slug": "riverfolk-leagues", "name": "Our Riverfolk", "units": [
            {"slug": "boatmen", "name": "Boatmen", "cost": 50, "models": 5}]}]}
    call_command("import_factions", write(tmp_path, mine, "mine.json"))
    owner = get_user_model().objects.create_user("ada")
    import_list(owner=owner, data={"format": "armylists/list@1", "game": "aof-regiments", "name": "River Raid",
                                   "faction": "riverfolk-leagues", "points_limit": 500,
                                   "entries": [{"id": "e1", "unit": "boatmen"}]})
    path = write(tmp_path, book())
    capsys.readouterr()
    call_command("import_factions", "--army-forge", "aof-regiments", path, "--replace")
    said = capsys.readouterr().out
    assert "1 saved lists would need repair (units the book does not have): River Raid" in said
    assert "Nothing written; run again with --yes" in said and Unit.objects.filter(slug="boatmen").exists()
    call_command("import_factions", "--army-forge", "aof-regiments", path, "--replace", "--yes")
    assert not Unit.objects.filter(slug="boatmen").exists()
