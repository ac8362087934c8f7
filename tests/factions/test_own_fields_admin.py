"""A faction's own fields and a game's own top-level fields, edited in the admin: a form field of each, checked as
the faction file would check it (docs/architecture.md, "A game is one package")."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.urls import reverse

from factions.exporter import export_game
from factions.importer import import_document
from factions.models import Faction, GameSystem
from factions.schemas import parse_faction_file

DEMO = Path(__file__).resolve().parents[2] / "factions" / "data" / "demo"


def demo(game: str) -> dict:
    return json.loads((DEMO / f"{game}.json").read_text(encoding="utf-8"))


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
    grimoires = [{"slug": "new-magic", "name": "New Magic", "spells": [{"slug": "zap", "name": "Zap", "basic": False}]}]

    refused = admin_client.post(url, form | {"details": json.dumps({"grimoires": [{"slug": "x"}]})})
    assert refused.status_code == 200 and "details" in refused.context["adminform"].form.errors
    assert admin_client.post(url, form | {"details": json.dumps({"armies": []})}).status_code == 200

    assert admin_client.post(url, form | {"details": json.dumps({"grimoires": grimoires})}).status_code == 302
    game.refresh_from_db()
    assert game.details == {"grimoires": [{"slug": "new-magic", "name": "New Magic",
                                           "spells": [{"slug": "zap", "name": "Zap"}]}]}  # as an export writes it
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
