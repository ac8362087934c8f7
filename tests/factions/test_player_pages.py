"""Players' pages show the data, not its source notes: no rulebook line numbers, no "demo-1" versions,
no "Sample unit: ..." notes; a made-up unit carries a short "Sample" badge instead."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse

from armylists.games.diskwars.home import ALIGNMENTS
from factions.importer import import_file
from factions.models import Faction, Unit

pytestmark = pytest.mark.django_db

DEMO = Path(__file__).resolve().parents[2] / "factions" / "data" / "demo"


def text_of(response) -> str:
    return re.sub(r"<[^>]+>", " ", response.content.decode())


@pytest.mark.parametrize("game", ["aof-regiments", "dulce-bellum", "diskwars"])
def test_faction_and_unit_pages_show_no_source_notes_or_data_versions(client, game):
    import_file(DEMO / f"{game}.json")
    for faction in Faction.objects.filter(game__slug=game):
        pages = [client.get(faction.get_absolute_url())] + [client.get(u.get_absolute_url())
                                                           for u in faction.units.all()]
        for page in pages:
            text = text_of(page)
            assert page.status_code == 200
            assert not re.search(r"\bL\d{2,4}\b", text) and "demo-1" not in text and "Sample unit" not in text


def test_a_made_up_unit_is_marked_sample_and_a_printed_one_is_not(client):
    import_file(DEMO / "aof-regiments.json")
    sample = Unit.objects.get(faction__slug="rift-daemons", slug="rift-lord")
    printed = Unit.objects.get(faction__slug="human-empire", slug="marksmen")
    assert sample.notes.startswith("Sample unit") and not printed.notes.startswith("Sample")
    assert ">Sample</span>" in client.get(sample.get_absolute_url()).content.decode()
    assert ">Sample</span>" not in client.get(printed.get_absolute_url()).content.decode()


def test_a_dulce_bellum_faction_names_its_grimoires_and_the_game_lists_their_spells(client):
    import_file(DEMO / "dulce-bellum.json")
    faction = text_of(client.get(reverse("factions:faction-detail", args=["dulce-bellum", "dwarf-holds"])))
    assert "Spellcasters draw on Battle Magic or High Magic." in faction
    game = text_of(client.get(reverse("factions:game-detail", args=["dulce-bellum"])))
    assert "Avatar of War" in game and "15+" in game and "avatar-of-war" not in game


def test_a_factions_side_and_a_cards_are_in_the_words_its_game_declares(client, monkeypatch):
    """Not the value capitalised: a game whose word for "order" is "Forces of Order" has it on its pages."""
    monkeypatch.setitem(ALIGNMENTS, "order", "Forces of Order")
    import_file(DEMO / "diskwars.json")
    game = text_of(client.get(reverse("factions:game-detail", args=["diskwars"])))
    assert "· Forces of Order" in game and "· Order" not in game
    faction = text_of(client.get(reverse("factions:faction-detail", args=["diskwars", "empire"])))
    assert "Forces of Order only" in faction
