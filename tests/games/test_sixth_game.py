"""A new game is one package and one line in the setting (docs/architecture.md, "A game is one package").

The test copies a game's package under a new name and a new slug into a
temporary folder, lists it in `MUSTER_GAMES`, and uses it as a player would:
a faction file for it imports, a list is checked and printed, and the
builder page opens. Its units have a field no other game has (`veterancy`),
declared once in its unit schema, which the library, the engine, the admin
and the unit cards take from there, and a rule of its own reads it (at most
one veteran unit a list): an htmx edit in the builder shows its violation,
the check reports it and the roster prints it. No other file of Muster is
touched.
"""
from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

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
    """A copy of one game's package, with its own slug and name and a unit field of its own, listed in the setting."""
    with listed_copy(tmp_path, monkeypatch, MODEL, PACKAGE, SLUG, prepare=own_name_and_field):
        yield GameSystem.objects.get(slug=SLUG)


# The copy's own rule, reading its own field (appended to the copy's checks, and listed with them).
VETERANS_RULE = '''

def too_many_veterans(army: Army, params: BattlegroundParams, tally: Tally) -> Iterator[Violation]:
    veterans = [e for e in army.entries if e.unit.veterancy >= 2]
    if len(veterans) > 1:
        yield Violation("too-many-veterans", f"A list may hold one veteran unit, not {len(veterans)}",
                        entries=tuple(e.id for e in veterans), rule="The Sixth Game: Veterans", scope="entries")
'''


def own_name_and_field(package: Path) -> None:
    home = package / "home.py"
    unit_schema = "class BattlegroundUnitIn(UnitIn):\n"
    assert unit_schema in home.read_text()
    home.write_text(home.read_text().replace(unit_schema, unit_schema + "    veterancy: Count = 0\n"))
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


def test_its_own_rule_reads_its_own_field_through_an_htmx_edit_the_check_and_the_roster(sixth_game, client):
    document = as_sixth(DEMO / f"{MODEL}.json")
    veterans = document["factions"][0]["units"][0]
    veterans["veterancy"] = 2
    import_document(parse_faction_file(document))
    faction = Faction.objects.get(game=sixth_game, slug=document["factions"][0]["slug"])
    player = get_user_model().objects.create_user("sixth-veteran", password="a-long-test-password")
    army_list = create_list(owner=player, name="Veteran Host", game=sixth_game, faction=faction,
                            settings={"points_limit": 1000})
    client.force_login(player)
    add = reverse("builder:list-entry-add", args=[army_list.pk])
    answers = [client.post(add, {"unit": veterans["slug"], "list_version": version},
                           headers={"HX-Request": "true"}) for version in (1, 2)]
    assert [a.status_code for a in answers] == [200, 200]
    assert "A list may hold one veteran unit" not in answers[0].content.decode()
    assert "A list may hold one veteran unit, not 2" in answers[1].content.decode()
    army_list.refresh_from_db()
    checked = check_document(army_list.document)
    assert [v.code for v in checked.report.violations if v.code == "too-many-veterans"] == ["too-many-veterans"]
    sheet = build_sheet(checked, player="Sam (sample player)", checked_at=dt.datetime(2025, 5, 17, tzinfo=dt.UTC),
                        game_name=sixth_game.name)
    assert "A list may hold one veteran unit, not 2" in render_html(sheet)
