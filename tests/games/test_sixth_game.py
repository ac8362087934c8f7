"""A new game is one package and one line in the setting (docs/architecture.md, "A game is one package").

The test copies a game's package under a new name and a new slug into a
temporary folder, lists it in `MUSTER_GAMES`, and uses it as a player would:
a faction file for it imports, a list is checked and printed, and the
builder page opens. The copy brings an idea no other game has, in each place a
game may declare fields of its own, each declared once in its schemas: its units
have a `veterancy`, its options may be `veteran`, a list's entries may be
`levied`, and a faction says how many veteran units its lists may hold
(`veterans_allowed`). The library, the engine, the admin, the builder and the
unit cards take them from there, and a rule of its own reads all four: htmx
edits in the builder show its violation come and go, the check reports it and
the roster prints it. No other file of Muster is touched.
"""
from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from armylists.boundary.errors import BadInput
from armylists.builder.controls import entry_state
from armylists.builder.services import create_list
from armylists.checking.check import check_document
from armylists.checking.library import library_of
from armylists.games.registry import game_home
from armylists.printing.pdf import render_html, roster_pdf
from armylists.printing.roster import build_sheet
from factions.exporter import export_game
from factions.importer import import_document
from factions.models import Faction, GameSystem, Unit
from factions.schemas import parse_faction_file

from .copies import listed_copy

ROOT = Path(__file__).resolve().parents[2]
MODEL = "battleground"  # the game copied
SLUG, PACKAGE, NAME = "sixth-game", "muster_sixth_game", "The Sixth Game"
DEMO = ROOT / "factions" / "data" / "demo"

pytestmark = pytest.mark.django_db


@pytest.fixture
def sixth_game(tmp_path, monkeypatch):
    """A copy of one game's package, with its own slug and name, fields of its own and a rule that reads them,
    listed in the setting."""
    with listed_copy(tmp_path, monkeypatch, MODEL, PACKAGE, SLUG, prepare=own_name_fields_and_rule):
        yield GameSystem.objects.get(slug=SLUG)


# The copy's own rule, reading its own fields (appended to the copy's checks, and listed with them): a veteran unit
# is one whose card says veterancy 2 or more, or an entry taking a veteran option; a levied entry is none; a list
# may hold as many as its faction allows.
VETERANS_RULE = '''

def too_many_veterans(army: Army, params: BattlegroundParams, tally: Tally) -> Iterator[Violation]:
    veterans = [e for e in army.entries
                if not e.levied and (e.unit.veterancy >= 2 or any(o.veteran for o in e.options))]
    allowed = army.faction_named(army.faction).veterans_allowed
    if len(veterans) > allowed:
        may_hold = "one veteran unit" if allowed == 1 else f"{allowed} veteran units"
        yield Violation("too-many-veterans", f"A list may hold {may_hold}, not {len(veterans)}",
                        entries=tuple(e.id for e in veterans), rule="The Sixth Game: Veterans", scope="entries")
'''


# The copy's own fields, each declared once in its home's schemas: a faction's, a unit's, an option's, a list entry's.
OWN_FIELDS = {
    "from armylists.games.schema import Count, FactionIn, ListIn, Name, UnitIn, Units\n":
        "from armylists.games.schema import (Count, Entries, EntryIn, FactionIn, ListIn, Name, OptionIn, UnitIn,\n"
        "                                    UnitOptions, Units)\n",
    "from armylists.games.own_fields import NOT_A_TAG\n": "from armylists.games.own_fields import NOT_A_TAG, TICKED\n",
    "class BattlegroundListIn(ListIn):\n":
        "class SixthEntryIn(EntryIn):\n    levied: Annotated[bool, TICKED] = False\n\n\n"
        "class SixthOptionIn(OptionIn):\n    veteran: bool = False\n\n\n"
        "class BattlegroundListIn(ListIn):\n    entries: Entries[SixthEntryIn]\n",
    "class BattlegroundFactionIn(FactionIn):\n":
        "class BattlegroundFactionIn(FactionIn):\n    veterans_allowed: Count = 1\n",
    "class BattlegroundUnitIn(UnitIn):\n":
        "class BattlegroundUnitIn(UnitIn):\n    veterancy: Count = 0\n    options: UnitOptions[SixthOptionIn] = []\n",
}


def own_name_fields_and_rule(package: Path) -> None:
    home = package / "home.py"
    source = home.read_text()
    for written, declared in OWN_FIELDS.items():
        assert source.count(written) == 1, written
        source = source.replace(written, declared)
    home.write_text(source)
    system = json.loads((package / "system.json").read_text())
    (package / "system.json").write_text(json.dumps({**system, "name": NAME}))
    checks = package / "rules" / "checks.py"
    listed = "checks=(too_few_core,"
    assert listed in checks.read_text()
    text = checks.read_text().replace(listed, "checks=(too_many_veterans, too_few_core,")
    checks.write_text(text.replace("\nRULES = GameRules(", VETERANS_RULE + "\n\nRULES = GameRules(", 1))


def as_sixth(path: Path) -> dict:
    return {**json.loads(path.read_text()), "game": SLUG}


def test_the_copy_is_a_game_of_its_own(sixth_game):
    assert game_home(SLUG).slug == SLUG and type(game_home(SLUG)).__module__ == f"{PACKAGE}.home"
    assert sixth_game.name == NAME
    assert sixth_game.params == GameSystem.objects.get(slug=MODEL).params


def test_its_faction_file_imports_and_a_list_checks_and_prints(sixth_game):
    slugs, units = import_document(parse_faction_file(as_sixth(DEMO / f"{MODEL}.json")))
    assert units and Faction.objects.filter(game=sixth_game, slug__in=slugs).count() == len(slugs)
    legal, illegal = (check_document(as_sixth(DEMO / "lists" / f"{MODEL}-{v}.json")) for v in ("legal", "illegal"))
    assert legal.report.legal and not illegal.report.legal
    assert legal.report.points > 0 and {v.code for v in illegal.report.violations}
    sheet = build_sheet(legal, player="Sam (sample player)", checked_at=dt.datetime(2025, 5, 17, tzinfo=dt.UTC),
                        game_name=sixth_game.name)
    assert roster_pdf(sheet).startswith(b"%PDF")


def test_its_units_have_a_field_of_its_own_everywhere(sixth_game, admin_client):
    document = as_sixth(DEMO / f"{MODEL}.json")
    veterans = document["factions"][0]["units"][0]
    veterans["veterancy"] = 2
    import_document(parse_faction_file(document))
    row = Unit.objects.get(faction__game=sixth_game, slug=veterans["slug"])
    assert row.details["veterancy"] == 2
    exported = export_game(sixth_game)["factions"][0]["units"]
    assert exported[0]["veterancy"] == 2 and "veterancy" not in exported[1]  # at its default, left out
    library = library_of(sixth_game)
    faction = document["factions"][0]["slug"]
    assert library.unit(faction, veterans["slug"]).veterancy == 2
    assert library.unit(faction, exported[1]["slug"]).veterancy == 0
    page = admin_client.get(reverse("factions:faction-detail", args=[SLUG, faction])).content.decode()
    assert "Veterancy 2" in page
    form = admin_client.get(reverse("admin:factions_unit_change", args=[row.pk])).content.decode()
    assert 'name="details__veterancy"' in form and "Veterancy" in form


def test_the_builder_page_opens_on_a_list_of_it(sixth_game, client):
    import_document(parse_faction_file(as_sixth(DEMO / f"{MODEL}.json")))
    player = get_user_model().objects.create_user("sixth-player", password="a-long-test-password")
    faction = Faction.objects.filter(game=sixth_game).first()
    army_list = create_list(owner=player, name="First Muster", game=sixth_game, faction=faction,
                            settings={"points_limit": 1000})
    client.force_login(player)
    page = client.get(reverse("builder:list-detail", args=[army_list.pk]))
    assert page.status_code == 200
    assert "First Muster" in page.content.decode() and NAME in page.content.decode()


def veteran_book() -> dict:
    """The copy's faction file with its own fields used: Militia of veterancy 2, Spearmen offered a veteran
    sergeant (an option of its own field) and a drummer (at the field's default)."""
    document = as_sixth(DEMO / f"{MODEL}.json")
    units = {u["slug"]: u for u in document["factions"][0]["units"]}
    units["militia"]["veterancy"] = 2
    units["spearmen"]["options"] = [{"slug": "veteran-sergeant", "name": "Veteran sergeant", "cost": 10,
                                     "veteran": True}, {"slug": "drummer", "name": "Drummer", "cost": 5}]
    return document


def test_its_options_have_a_field_of_their_own_everywhere(sixth_game, admin_client):
    import_document(parse_faction_file(veteran_book()))
    spearmen = Unit.objects.get(faction__game=sixth_game, slug="spearmen")
    assert {o.slug: o.details["veteran"] for o in spearmen.options.all()} == {"veteran-sergeant": True,
                                                                              "drummer": False}
    exported = next(u for u in export_game(sixth_game)["factions"][0]["units"] if u["slug"] == "spearmen")
    assert [o.get("veteran") for o in exported["options"]] == [True, None]  # at its default, left out
    unit = library_of(sixth_game).unit("hawkshold", "spearmen")
    assert [o.veteran for o in unit.options] == [True, False]
    form = admin_client.get(reverse("admin:factions_unit_change", args=[spearmen.pk])).content.decode()
    assert 'name="options-0-details__veteran"' in form


def test_its_factions_have_a_field_of_their_own_everywhere(sixth_game, admin_client):
    book = veteran_book()
    book["factions"][0]["veterans_allowed"] = 2
    import_document(parse_faction_file(book))
    hawkshold, persians = (Faction.objects.get(game=sixth_game, slug=s) for s in ("hawkshold", "persians"))
    assert (hawkshold.details["veterans_allowed"], persians.details["veterans_allowed"]) == (2, 1)
    exported = export_game(sixth_game)["factions"]
    assert exported[0]["veterans_allowed"] == 2 and "veterans_allowed" not in exported[1]  # at its default
    form = admin_client.get(reverse("admin:factions_faction_change", args=[hawkshold.pk])).content.decode()
    assert 'name="details__veterans_allowed"' in form
    two_veterans = {**as_sixth(DEMO / "lists" / f"{MODEL}-legal.json"), "faction": "hawkshold",
                    "entries": [{"id": "e1", "unit": "militia"}, {"id": "e2", "unit": "militia"}]}
    assert "too-many-veterans" not in {v.code for v in check_document(two_veterans).report.violations}
    book["factions"][0].pop("veterans_allowed")
    import_document(parse_faction_file(book))
    assert "too-many-veterans" in {v.code for v in check_document(two_veterans).report.violations}


def test_its_entries_have_a_field_of_their_own_from_the_file_to_the_check(sixth_game):
    import_document(parse_faction_file(veteran_book()))
    listed = as_sixth(DEMO / "lists" / f"{MODEL}-legal.json")
    listed["entries"][0]["levied"] = True
    army = check_document(listed).army
    assert [e.levied for e in army.entries[:2]] == [True, False]  # left out: at its default
    listed["entries"][0]["levied"] = "yes"
    with pytest.raises(BadInput) as refused:
        check_document(listed)
    assert refused.value.path == "entries[0].levied"
    battleground = json.loads((DEMO / "lists" / f"{MODEL}-legal.json").read_text())
    battleground["entries"][0]["levied"] = True  # the field is the copy's alone
    with pytest.raises(BadInput) as refused:
        check_document(battleground)
    assert refused.value.path == "entries[0].levied"


def test_its_own_rule_reads_its_own_fields_through_htmx_edits_the_check_and_the_roster(sixth_game, client):
    import_document(parse_faction_file(veteran_book()))
    faction = Faction.objects.get(game=sixth_game, slug="hawkshold")
    player = get_user_model().objects.create_user("sixth-veteran", password="a-long-test-password")
    army_list = create_list(owner=player, name="Veteran Host", game=sixth_game, faction=faction,
                            settings={"points_limit": 1000})
    client.force_login(player)
    too_many = "A list may hold one veteran unit, not 2"

    def add(unit: str, version: int) -> str:
        answer = client.post(reverse("builder:list-entry-add", args=[army_list.pk]),
                             {"unit": unit, "list_version": version}, headers={"HX-Request": "true"})
        assert answer.status_code == 200
        return answer.content.decode()

    def edit(entry_id: str, **fields) -> str:
        army_list.refresh_from_db()
        entry = next(e for e in army_list.document["entries"] if e["id"] == entry_id)
        was = entry_state(entry, game_home(SLUG).files.entry_fields)
        answer = client.post(reverse("builder:list-entry-update", args=[army_list.pk, entry_id]),
                             {"was": json.dumps(was), "name": "", **fields}, headers={"HX-Request": "true"})
        assert answer.status_code == 200
        return answer.content.decode()

    assert too_many not in add("militia", 1)  # veterancy 2: its unit's field
    assert too_many not in add("spearmen", 2)
    assert 'data-testid="entry-levied"' in edit("e2")  # the entry's own field, drawn as the game declares it
    assert too_many in edit("e2", **{"option-veteran-sergeant": "1"})  # the option's field
    levied = edit("e1", levied="on")  # the entry's field
    assert too_many not in levied and ">Levied<" in levied  # its card's tag, by the field's label
    army_list.refresh_from_db()
    assert army_list.document["entries"][0]["levied"] is True
    assert too_many in edit("e1")  # unticked: left out of the list again
    army_list.refresh_from_db()
    assert "levied" not in army_list.document["entries"][0]
    checked = check_document(army_list.document)
    assert [v.code for v in checked.report.violations if v.code == "too-many-veterans"] == ["too-many-veterans"]
    sheet = build_sheet(checked, player="Sam (sample player)", checked_at=dt.datetime(2025, 5, 17, tzinfo=dt.UTC),
                        game_name=sixth_game.name)
    assert too_many in render_html(sheet)
