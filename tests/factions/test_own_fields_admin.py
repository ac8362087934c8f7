"""A faction's own fields and a game's own top-level fields, edited in the admin: a form field of each, checked as
the faction file would check it (docs/architecture.md, "A game is one package")."""
from __future__ import annotations

import json

import pytest
from django.urls import reverse

from factions.exporter import export_game
from factions.importer import import_document
from factions.models import Faction, GameSystem, Option, Unit
from factions.schemas import parse_faction_file
from tests.admin_forms import posted
from tests.factories import demo


def faction_form(faction: Faction, **own) -> dict:
    """The faction's change form as it stands, with its own fields as given."""
    return {"game": faction.game_id, "slug": faction.slug, "name": faction.name, "version": faction.version,
            "rule_texts": json.dumps(faction.rule_texts), **{f"details__{k}": v for k, v in own.items()}}


@pytest.mark.django_db
def test_a_diskwars_factions_alignment_and_command_cards_are_edited_and_checked(admin_client):
    import_document(parse_faction_file(demo("diskwars")))
    faction = Faction.objects.filter(game__slug="diskwars").first()
    url = reverse("admin:factions_faction_change", args=[faction.pk])
    page = admin_client.get(url)
    assert {"details__alignment", "details__command_cards"} <= set(page.context["adminform"].form.fields)

    cards = [{"slug": "new-card", "title": "New Card", "alignment_only": "destruction"}]
    refused = admin_client.post(url, faction_form(faction, alignment="chaos", command_cards=json.dumps(cards)))
    assert refused.status_code == 200 and "details__alignment" in refused.context["adminform"].form.errors
    saved = admin_client.post(url, faction_form(faction, alignment="destruction", command_cards=json.dumps(cards)))
    assert saved.status_code == 302
    faction.refresh_from_db()
    assert faction.details == {"alignment": "destruction", "command_cards": cards}
    exported = export_game(faction.game, faction.slug)["factions"][0]
    assert (exported["alignment"], exported["command_cards"]) == ("destruction", cards)


@pytest.mark.django_db
def test_a_games_grimoires_are_edited_as_json_and_checked_as_the_file_would(admin_client):
    import_document(parse_faction_file(demo("dulce-bellum")))
    game = GameSystem.objects.get(slug="dulce-bellum")
    url = reverse("admin:factions_gamesystem_change", args=[game.pk])
    form = {"slug": game.slug, "name": game.name, "version": game.version, "source": game.source,
            "params": json.dumps(game.params), "position": game.position}
    kept = game.details["grimoires"]  # the demo's factions draw on them
    grimoires = [*kept, {"slug": "new-magic", "name": "New Magic", "spells": [{"slug": "zap", "name": "Zap",
                                                                             "basic": False}]}]

    refused = admin_client.post(url, form | {"details": json.dumps({"grimoires": [{"slug": "x"}]})})
    assert "grimoires[0].name: is required" in errors_of(refused, "details")  # where, as an import says
    assert admin_client.post(url, form | {"details": json.dumps({"armies": []})}).status_code == 200

    assert admin_client.post(url, form | {"details": json.dumps({"grimoires": grimoires})}).status_code == 302
    game.refresh_from_db()
    assert game.details == {"grimoires": [*kept, {"slug": "new-magic", "name": "New Magic",  # as an export writes it
                                                  "spells": [{"slug": "zap", "name": "Zap"}]}]}
    assert "Zap" in admin_client.get(reverse("factions:game-detail", args=[game.slug])).content.decode()


@pytest.mark.django_db
def test_an_army_forge_factions_book_is_an_object_the_admin_keeps(admin_client):
    """An OPR faction read from an Army Forge book says which (docs/faction-file.md, "Army Forge books"): saved in
    the admin as it stands, it keeps it."""
    book = {"book": "BookRiverfolk01", "version": "3.5.2", "game_system": "age-of-fantasy-regiments"}
    data = demo("aof-regiments")
    data["factions"] = [data["factions"][0] | {"army_forge": book}]
    import_document(parse_faction_file(data))
    faction = Faction.objects.get(slug=data["factions"][0]["slug"])
    url = reverse("admin:factions_faction_change", args=[faction.pk])
    form = admin_client.get(url).context["adminform"].form
    own = {name.removeprefix("details__"): form[name].value() for name in form.fields if name.startswith("details__")}
    assert admin_client.post(url, faction_form(faction, **own)).status_code == 302
    faction.refresh_from_db()
    assert faction.details["army_forge"] == book and faction.army_forge_book == book


# What a faction file import refuses, the admin refuses too, naming where (docs/architecture.md, "A game is one
# package"): else an export of the library would not load again.



def errors_of(response, field: str | None = None) -> str:
    """The form's errors as people read them (of one field, if given), once the page refused it."""
    assert response.status_code == 200, response
    errors = response.context["adminform"].form.errors
    return " / ".join(m for name, messages in errors.items() if field in (None, name) for m in messages)


@pytest.mark.django_db
def test_the_game_form_refuses_grimoires_the_file_would_refuse_and_keeps_those_named(admin_client):
    """Dulce Bellum, Magic: a grimoire's slug once, a spell's once in the game; what a faction draws on and a unit
    knows stays (docs/faction-file.md, "Dulce Bellum grimoires and spells")."""
    import_document(parse_faction_file(demo("dulce-bellum")))
    game = GameSystem.objects.get(slug="dulce-bellum")
    caster = Unit.objects.filter(faction__slug="dwarf-holds").first()
    caster.details["spellcaster"] = "fireball"
    caster.save()
    url = reverse("admin:factions_gamesystem_change", args=[game.pk])
    data, grimoires = posted(admin_client.get(url)), game.details["grimoires"]
    battle, *others = grimoires
    no_fireball = {**battle, "spells": [s for s in battle["spells"] if s["slug"] != "fireball"]}
    refused = {
        "grimoires[8].slug: 'battle-magic' is used twice": [*grimoires, battle],
        "grimoires[8].spells[0].slug: 'charge' is already a spell of grimoire 'battle-magic'": [
            *grimoires, {"slug": "new-magic", "name": "New Magic", "spells": battle["spells"][:1]}],
        "faction 'dwarf-holds': grimoires[0]: no grimoire 'battle-magic'": others,
        f"faction 'dwarf-holds', unit '{caster.slug}': spellcaster: no spell 'fireball'": [no_fireball, *others],
    }
    for said, named in refused.items():
        refusal = admin_client.post(url, data | {"details": json.dumps({"grimoires": named})})
        assert said in errors_of(refusal, "details")
    game.refresh_from_db()
    assert game.details["grimoires"] == grimoires


@pytest.mark.django_db
def test_the_faction_form_refuses_command_cards_and_grimoires_the_file_would_refuse(admin_client):
    """A command card's slug is one card's in the whole game; a faction draws on grimoires of the game, each
    once (docs/faction-file.md, "Command cards", "Dulce Bellum grimoires and spells")."""
    import_document(parse_faction_file(demo("diskwars")))
    import_document(parse_faction_file(demo("dulce-bellum")))
    empire = Faction.objects.get(slug="empire")
    url = reverse("admin:factions_faction_change", args=[empire.pk])
    data, cards = posted(admin_client.get(url)), empire.details["command_cards"]
    refused = {"command_cards[4].slug: 'steady-advance' is used twice in this faction": [*cards, cards[0]],
               "command_cards[4].slug: 'waaagh' is already a card of faction 'orcs'": [
                   *cards, {"slug": "waaagh", "title": "Waaagh!"}]}
    for said, posted_cards in refused.items():
        refusal = admin_client.post(url, data | {"details__command_cards": json.dumps(posted_cards)})
        assert said in errors_of(refusal, "details__command_cards")
    empire.refresh_from_db()
    assert empire.details["command_cards"] == cards

    holds = Faction.objects.get(slug="dwarf-holds")
    url = reverse("admin:factions_faction_change", args=[holds.pk])
    data = posted(admin_client.get(url))
    for said, named in {"grimoires[1]: no grimoire 'no-such-magic'": "battle-magic\nno-such-magic",
                        "grimoires[1]: 'battle-magic' is used twice in this faction": "battle-magic\nbattle-magic"
                        }.items():
        refusal = admin_client.post(url, data | {"details__grimoires": named})
        assert said in errors_of(refusal, "details__grimoires")
    holds.refresh_from_db()
    assert holds.details["grimoires"] == ["battle-magic", "high-magic"]


@pytest.mark.django_db
def test_the_unit_form_refuses_a_size_twice_and_says_where_a_fault_is(admin_client):
    """Dulce Bellum, Unit Sizes: a unit is taken at each of its sizes once, each with its points; a spell it
    knows is one of the game's."""
    import_document(parse_faction_file(demo("dulce-bellum")))
    unit = Unit.objects.get(slug="well-regulated-militia")
    url = reverse("admin:factions_unit_change", args=[unit.pk])
    data, sizes = posted(admin_client.get(url)), unit.details["sizes"]
    twice = admin_client.post(url, data | {"details__sizes": json.dumps([*sizes, sizes[0]])})
    assert "sizes[3].size: 'squad' is used twice in this unit" in errors_of(twice, "details__sizes")
    pointless = admin_client.post(url, data | {"details__sizes": json.dumps([{"size": "squad"}])})
    assert "sizes[0].points: is required" in errors_of(pointless, "details__sizes")
    unknown = admin_client.post(url, data | {"details__spellcaster": "no-such-spell"})  # Spellcaster(<spell>)
    assert "spellcaster: no spell 'no-such-spell'" in errors_of(unknown, "details__spellcaster")
    unit.refresh_from_db()
    assert unit.details["sizes"] == sizes


@pytest.mark.django_db
def test_the_option_form_checks_an_options_cost_as_the_file_would(admin_client):
    """docs/faction-file.md, "Bounds": a cost is at most 100,000."""
    import_document(parse_faction_file(demo("aof-regiments")))
    option = Option.objects.filter(unit__faction__game__slug="aof-regiments").first()
    url = reverse("admin:factions_unit_change", args=[option.unit_id])
    page = admin_client.get(url)
    row = next(f for inline in page.context["inline_admin_formsets"] for f in inline.formset.forms
               if f.instance == option)
    refused = admin_client.post(url, posted(page) | {row.add_prefix("cost"): 200_000})
    assert refused.status_code == 200
    option.refresh_from_db()
    assert option.cost != 200_000


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["new-game", "", "BAD SLUG"])
def test_a_game_system_is_added_for_a_game_in_use_only(admin_client, slug):
    added = admin_client.post(reverse("admin:factions_gamesystem_add"), {
        "slug": slug, "name": "New", "params": "{}", "position": 0, "details": "{}"})
    assert "slug" in added.context["adminform"].form.errors
    assert not GameSystem.objects.filter(name="New").exists()
    if slug == "new-game":
        assert "no game with that slug is in use on this site" in errors_of(added)


@pytest.mark.django_db
def test_a_games_slug_and_the_game_of_a_faction_or_unit_stay_as_they_are(admin_client):
    """Its factions and lists name a game by its slug, and a faction's (a unit's) own fields are its game's."""
    import_document(parse_faction_file(demo("diskwars")))
    import_document(parse_faction_file(demo("dulce-bellum")))
    game = GameSystem.objects.get(slug="diskwars")
    url = reverse("admin:factions_gamesystem_change", args=[game.pk])
    assert admin_client.post(url, posted(admin_client.get(url)) | {"slug": "renamed"}).status_code == 302
    game.refresh_from_db()
    assert game.slug == "diskwars"
    assert admin_client.post(url, posted(admin_client.get(url))).status_code == 302

    faction = Faction.objects.get(slug="empire")
    url = reverse("admin:factions_faction_change", args=[faction.pk])
    page = admin_client.get(url)
    assert page.context["adminform"].form.fields["game"].disabled
    other = GameSystem.objects.get(slug="dulce-bellum")
    assert admin_client.post(url, posted(page) | {"game": other.pk}).status_code == 302
    faction.refresh_from_db()
    assert faction.game == game and faction.details["alignment"] == "order"

    unit = faction.units.first()
    url = reverse("admin:factions_unit_change", args=[unit.pk])
    other_faction = Faction.objects.get(slug="dwarf-holds")
    refused = admin_client.post(url, posted(admin_client.get(url)) | {"faction": other_faction.pk})
    assert "faction" in refused.context["adminform"].form.errors
    unit.refresh_from_db()
    assert unit.faction == faction


@pytest.mark.django_db
def test_rows_of_a_game_no_longer_in_use_keep_their_own_fields_and_answer(admin_client, settings):
    """A game taken out of `MUSTER_GAMES` leaves its rows: the admin edits their shared fields alone."""
    import_document(parse_faction_file(demo("dulce-bellum")))
    game = GameSystem.objects.get(slug="dulce-bellum")
    faction = Faction.objects.get(slug="dwarf-holds")
    unit = faction.units.first()
    before = (game.details, faction.details, unit.details)
    settings.MUSTER_GAMES = [path for path in settings.MUSTER_GAMES if not path.endswith("dulce_bellum")]
    for model, row in (("gamesystem", game), ("faction", faction), ("unit", unit)):
        url = reverse(f"admin:factions_{model}_change", args=[row.pk])
        page = admin_client.get(url)
        assert page.status_code == 200
        assert admin_client.post(url, posted(page) | {"name": "Renamed"}).status_code == 302
        assert admin_client.get(reverse(f"admin:factions_{model}_changelist")).status_code == 200
    game.refresh_from_db(), faction.refresh_from_db(), unit.refresh_from_db()
    assert (game.name, faction.name, unit.name) == ("Renamed",) * 3
    assert (game.details, faction.details, unit.details) == before
