"""A game's unit fields are declared once, by its faction file's unit schema, and everything else is
derived from that declaration (docs/architecture.md, "A game is one package"): what the library keeps,
what an export writes, what the engine reads, the admin's form, the tags on a card, the filters."""
from __future__ import annotations

import json

import pytest
from django.urls import reverse

from armylists.checking.library import library_of
from armylists.games.own_fields import UNIT_SHARED, details_of, filter_options, unit_schema, without_defaults
from armylists.games.registry import game_home, homes
from factions.admin_details import form_for
from factions.exporter import export_game
from factions.importer import import_document
from factions.models import GameSystem, Unit
from factions.schemas import parse_faction_file
from tests.factories import demo

GAMES = [home.slug for home in homes()]



def test_the_library_keeps_no_column_of_any_game():
    columns = {f.name for f in Unit._meta.get_fields() if f.concrete}
    assert columns == {"id", "faction", "slug", "name", "position", "rules", "stats", "notes", "details"}


@pytest.mark.parametrize("game", GAMES)
def test_each_field_its_schema_adds_is_declared_once_in_its_order(game):
    schema = unit_schema(game_home(game).faction_schema)
    own = [info.alias or name for name, info in schema.model_fields.items() if name not in UNIT_SHARED]
    assert [f.name for f in game_home(game).files.unit_fields] == own and own


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_a_units_own_fields_survive_import_and_export(game):
    parsed = parse_faction_file(demo(game))
    import_document(parsed)
    fields = game_home(game).files.unit_fields
    sent = {u.slug: without_defaults(fields, details_of(u)) for f in parsed.factions for u in f.units}
    exported = export_game(GameSystem.objects.get(slug=game))
    back = {u["slug"]: {f.name: u[f.name] for f in fields if f.name in u}
            for faction in exported["factions"] for u in faction["units"]}
    assert back == sent


@pytest.mark.django_db
def test_the_engine_reads_a_field_the_file_leaves_out_at_its_default():
    import_document(parse_faction_file(demo("diskwars")))
    library = library_of(GameSystem.objects.get(slug="diskwars"))
    troop = next(library.unit(f, s) for f, faction in library.factions.items() for s, doc in faction.unit_docs.items()
                 if doc["kind"] == "troop" and "elite" not in doc)
    assert troop.elite == 0 and troop.unique is False and troop.recruitment_points is None
    with pytest.raises(AttributeError, match="no field 'hero'"):
        troop.hero  # noqa: B018 - a field of another game is no field of this one


def test_the_admin_form_has_a_field_for_each_declared_field_within_its_bounds():
    form = form_for("diskwars")()
    assert [name for name in form.fields if name.startswith("details__")] == [
        f"details__{f.name}" for f in game_home("diskwars").files.unit_fields]
    elite = form.fields["details__elite"]
    assert (elite.min_value, elite.max_value) == (0, 1_000)
    assert [value for value, _ in form.fields["details__kind"].choices] == ["", "hero", "troop"]


def admin_form_of(unit: Unit) -> dict:
    """The admin's change form of `unit` as it stands, without its game's own fields and its inlines' rows."""
    return {"faction": unit.faction_id, "slug": unit.slug, "name": unit.name, "position": 0, "rules": "[]",
            "stats": "{}", "notes": "", **{f"{prefix}-{field}": 0 for prefix in ("option_groups", "options")
                                           for field in ("TOTAL_FORMS", "INITIAL_FORMS")}}


@pytest.mark.django_db
def test_an_admin_edit_of_a_units_own_fields_is_checked_as_the_file_would_be(admin_client):
    import_document(parse_faction_file(demo("battleground")))
    unit = Unit.objects.filter(faction__game__slug="battleground").first()
    url = reverse("admin:factions_unit_change", args=[unit.pk])
    shared = admin_form_of(unit)
    refused = admin_client.post(url, shared | {"details__cost": 100_001, "details__class": "core",
                                               "details__keywords": "x" * 201})  # names are at most 200 characters
    errors = refused.context["adminform"].form.errors
    assert refused.status_code == 200 and set(errors) == {"details__cost", "details__keywords"}
    assert "200" in str(errors["details__keywords"])
    unit.refresh_from_db()
    assert unit.details["cost"] != 100_001
    saved = admin_client.post(url, shared | {"details__cost": 75, "details__class": "elite",
                                             "details__mercenary": "on", "details__keywords": "Cavalry\nShock\n"})
    assert saved.status_code == 302
    unit.refresh_from_db()
    assert unit.details == {"cost": 75, "class": "elite", "mercenary": True, "keywords": ["Cavalry", "Shock"]}


@pytest.mark.django_db
def test_the_admin_checks_a_unit_across_its_fields_as_the_file_would(admin_client):
    """Diskwars, Building an Army: a hero brings recruitment points and a command value."""
    import_document(parse_faction_file(demo("diskwars")))
    hero = next(u for u in Unit.objects.filter(faction__game__slug="diskwars") if u.details["kind"] == "hero")
    own = {f"details__{k}": v for k, v in hero.details.items() if k not in ("recruitment_points", "unique")}
    refused = admin_client.post(reverse("admin:factions_unit_change", args=[hero.pk]), admin_form_of(hero) | own)
    assert refused.status_code == 200
    assert "a hero needs recruitment_points" in str(refused.context["adminform"].form.non_field_errors())
    hero.refresh_from_db()
    assert hero.details["recruitment_points"]


@pytest.mark.django_db
def test_a_spellcaster_saved_in_the_admin_keeps_its_number(admin_client):
    """Dulce Bellum, Special Rules: Spellcaster(n) is a number of spells, Spellcaster(<spell>) one spell."""
    import_document(parse_faction_file(demo("dulce-bellum")))
    caster = next(u for u in Unit.objects.filter(faction__game__slug="dulce-bellum")
                  if isinstance(u.details.get("spellcaster"), int))
    page = admin_client.get(reverse("admin:factions_unit_change", args=[caster.pk]))
    typed = page.context["adminform"].form.initial["details__spellcaster"]
    # Its sizes, a list of objects, as the form shows them: JSON.
    own = {f"details__{k}": json.dumps(v) if isinstance(v, list) else v for k, v in caster.details.items()}
    own |= {"details__spellcaster": str(typed)}
    saved = admin_client.post(reverse("admin:factions_unit_change", args=[caster.pk]), admin_form_of(caster) | own)
    assert saved.status_code == 302
    before = caster.details["spellcaster"]
    caster.refresh_from_db()
    assert caster.details["spellcaster"] == before and isinstance(before, int)


def test_a_units_tags_are_its_fields_in_words():
    battleground, diskwars = game_home("battleground"), game_home("diskwars")
    assert battleground.library.unit_tags({"cost": 80, "class": "core", "mercenary": True, "keywords": ["Cavalry"]},
                                  {}) == ["Core", "Mercenary", "Cavalry"]  # the cost is its price, not a tag
    assert diskwars.library.unit_tags({"kind": "troop", "size": "small", "unique": True, "elite": 2}, {}) == [
        "Troop", "Small", "Unique", "Elite 2"]
    assert diskwars.library.unit_tags({"kind": "troop", "size": "small", "elite": 0}, {}) == ["Troop", "Small"]


def test_a_spellcaster_names_its_spell_by_name_never_by_slug():
    dulce_bellum = game_home("dulce-bellum")
    assert "Spellcaster (Fireball)" in dulce_bellum.library.unit_tags({"rarity": "rare", "spellcaster": "fireball"},
                                                                      {"fireball": "Fireball"})
    assert not any("fireball" in tag
                   for tag in dulce_bellum.library.unit_tags({"rarity": "rare", "spellcaster": "fireball"}, {}))


def test_a_filter_offers_a_choices_values_in_the_order_the_game_declares_them():
    rarity = next(f for f in game_home("dulce-bellum").files.unit_fields if f.name == "rarity")
    assert filter_options(rarity, {"rare", "common", "uncommon"}) == [
        ("common", "Common"), ("uncommon", "Uncommon"), ("rare", "Rare")]
    hero = next(f for f in game_home("aof-regiments").files.unit_fields if f.name == "hero")
    assert filter_options(hero, set()) == [("yes", "Hero"), ("no", "Not a hero")]


@pytest.mark.django_db
def test_a_unit_added_in_the_admin_goes_on_to_its_games_own_fields(admin_client):
    import_document(parse_faction_file(demo("diskwars")))
    faction = Unit.objects.filter(faction__game__slug="diskwars").first().faction
    added = admin_client.post(reverse("admin:factions_unit_add"), {
        "faction": faction.pk, "slug": "new-disk", "name": "New Disk", "position": 9, "rules": "[]", "stats": "{}",
        "notes": "", **{f"{prefix}-{field}": 0 for prefix in ("option_groups", "options")
                        for field in ("TOTAL_FORMS", "INITIAL_FORMS")}})
    unit = Unit.objects.get(slug="new-disk")
    assert added.status_code == 302 and added["Location"] == reverse("admin:factions_unit_change", args=[unit.pk])
    # Until they are filled in, the engine reads each at its default.
    disk = library_of(faction.game).unit(faction.slug, "new-disk")
    assert (disk.elite, disk.unique, disk.kind) == (0, False, None)
