"""A game's option fields are declared once, by its faction file's option schema, and everything else is
derived from that declaration, as for its units (docs/architecture.md, "A game is one package"): what the
library keeps, what an export writes, what the engine reads and the admin's form."""
from __future__ import annotations

import pytest
from django.urls import reverse

from armylists.checking.library import library_of
from armylists.games.own_fields import OPTION_SHARED, details_of, option_schema, without_defaults
from armylists.games.registry import game_home, homes
from armylists.rules.model import Entry
from factions.admin_details import option_form_for
from factions.exporter import export_game
from factions.importer import import_document
from factions.models import GameSystem, Option
from factions.schemas import parse_faction_file
from tests import engine_units
from tests.admin_forms import posted
from tests.factories import demo

GAMES = [home.slug for home in homes()]



def test_the_library_keeps_no_option_column_of_any_game():
    columns = {f.name for f in Option._meta.get_fields() if f.concrete}
    assert columns == {"id", "unit", "slug", "name", "cost", "group", "position", "details"}


@pytest.mark.parametrize("game", GAMES)
def test_each_field_its_option_schema_adds_is_declared_once_in_its_order(game):
    schema = option_schema(game_home(game).faction_schema)
    own = [info.alias or name for name, info in schema.model_fields.items() if name not in OPTION_SHARED]
    assert [f.name for f in game_home(game).files.option_fields] == own


def test_the_opr_games_declare_their_options_own_fields():
    assert [f.name for f in game_home("aof-regiments").files.option_fields] == [
        "weapons", "replaces", "rules", "army_forge_id", "scope", "command"]
    assert game_home("dulce-bellum").files.option_fields == ()


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["aof-regiments", "aof-skirmish", "dulce-bellum"])
def test_an_options_own_fields_survive_import_and_export(game):
    parsed = parse_faction_file(demo(game))
    import_document(parsed)
    fields = game_home(game).files.option_fields
    sent = {(u.slug, o.slug): without_defaults(fields, details_of(o, OPTION_SHARED))
            for f in parsed.factions for u in f.units for o in u.options}
    exported = export_game(GameSystem.objects.get(slug=game))
    back = {(u["slug"], o["slug"]): {f.name: o[f.name] for f in fields if f.name in o}
            for faction in exported["factions"] for u in faction["units"] for o in u.get("options", ())}
    assert back == sent and sent
    if fields:
        assert any(own for own in sent.values()), "the demo gives some option a field of its own"


@pytest.mark.django_db
def test_the_engine_reads_an_option_field_the_file_leaves_out_at_its_default():
    data = demo("aof-regiments")
    faction, unit = next((f["slug"], u) for f in data["factions"] for u in f["units"]
                         if any("weapons" not in o for o in u["options"]))
    chosen = next(o for o in unit["options"] if "weapons" not in o)
    del chosen["scope"]
    import_document(parse_faction_file(data))
    library = library_of(GameSystem.objects.get(slug="aof-regiments"))
    option = library.unit(faction, unit["slug"]).option(chosen["slug"])
    assert (option.scope, option.weapons, option.replaces, option.rules, option.army_forge_id) == (
        "unit", (), (), (), None)


@pytest.mark.django_db
def test_an_option_of_a_game_without_option_fields_has_none_and_grants_no_rules():
    import_document(parse_faction_file(demo("dulce-bellum")))
    library = library_of(GameSystem.objects.get(slug="dulce-bellum"))
    unit = next(library.unit(f, s) for f, faction in library.factions.items()
                for s, doc in faction.unit_docs.items() if doc.get("options"))
    option = unit.options[0]
    assert option.details == {}
    with pytest.raises(AttributeError, match="no field 'scope'"):
        option.scope  # noqa: B018 - a field of another game is no field of this one
    assert Entry("e1", unit, (option,)).rules == unit.rules


def test_an_option_grants_the_rules_its_game_declares_it_gives():
    shield = engine_units.option("scary-shield", 5, rules=("Melee Evasion", "Fear"))
    warriors = engine_units.unit("warriors", rules=("Fear",), options=(shield,))
    assert Entry("e1", warriors, (shield,)).rules == ("Fear", "Melee Evasion")


def test_the_admin_option_form_has_a_field_for_each_declared_field():
    form = option_form_for("aof-regiments")()
    assert [name for name in form.fields if name.startswith("details__")] == [
        f"details__{f.name}" for f in game_home("aof-regiments").files.option_fields]
    assert form.fields["details__scope"].choices == [
        ("", "—"), ("all_models", "All models"), ("model", "Model"), ("unit", "Unit")]
    assert [value for value, _ in form.fields["details__command"].choices] == ["", "sergeant", "musician", "banner"]
    assert not [name for name in option_form_for("dulce-bellum")().fields if name.startswith("details__")]



@pytest.mark.django_db
def test_the_admin_edits_an_options_own_fields_checked_as_the_file_would_be(admin_client):
    import_document(parse_faction_file(demo("aof-regiments")))
    option = next(o for o in Option.objects.filter(unit__faction__game__slug="aof-regiments")
                  if "command" not in o.details)
    url = reverse("admin:factions_unit_change", args=[option.unit_id])
    before = export_game(GameSystem.objects.get(slug="aof-regiments"))
    page = admin_client.get(url)
    row = next(f for inline in page.context["inline_admin_formsets"] for f in inline.formset.forms
               if f.instance == option)
    assert {f"details__{f.name}" for f in game_home("aof-regiments").files.option_fields} <= set(row.fields)
    assert row["details__rules"].value() == ""  # no rules: an empty box, not "[]", which would be saved as a rule
    data = posted(page)
    refused = admin_client.post(url, data | {row.add_prefix("details__command"): "captain"})
    assert refused.status_code == 200
    option.refresh_from_db()
    assert "command" not in option.details

    unchanged = admin_client.post(url, data)
    assert unchanged.status_code == 302
    assert export_game(GameSystem.objects.get(slug="aof-regiments")) == before  # saved as the file has them
    saved = admin_client.post(url, data | {row.add_prefix("details__command"): "banner",
                                           row.add_prefix("details__rules"): "Fear\nRegeneration\n"})
    assert saved.status_code == 302
    option.refresh_from_db()
    assert option.details["command"] == "banner" and option.details["rules"] == ["Fear", "Regeneration"]
