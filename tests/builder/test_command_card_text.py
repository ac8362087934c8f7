"""Diskwars: the builder's command card picker shows each card's text where the data has it, and
an alignment by its name ("Order only"), never a slug."""
from __future__ import annotations

import copy

import pytest
from django.urls import reverse

from armylists.games.diskwars.home import ALIGNMENTS
from factions.importer import import_document
from factions.schemas import parse_faction_file

from .conftest import FACTIONS

pytestmark = pytest.mark.django_db


def test_the_command_card_picker_shows_card_text_and_alignments_by_name(alice, make_list):
    data = copy.deepcopy(FACTIONS["diskwars"])
    data["factions"][0]["command_cards"][0]["text"] = "One regiment moves again."
    import_document(parse_faction_file(data))
    army_list = make_list("diskwars", {"unit": "general"})
    html = alice.get(reverse("builder:list-detail", args=[army_list.pk])).content.decode()
    assert 'data-testid="card-text-steady">One regiment moves again.</p>' in html
    assert "Order only" in html and "order only" not in html
    assert 'data-testid="card-text-hold"' not in html  # Hold the Line has no text in the data


def test_the_command_card_picker_says_an_alignment_in_the_words_its_game_declares(alice, make_list, monkeypatch):
    """Not the value capitalised: a game whose word for "order" is "Forces of Order" has it in the picker."""
    monkeypatch.setitem(ALIGNMENTS, "order", "Forces of Order")
    import_document(parse_faction_file(copy.deepcopy(FACTIONS["diskwars"])))
    army_list = make_list("diskwars", {"unit": "general"})
    html = alice.get(reverse("builder:list-detail", args=[army_list.pk])).content.decode()
    assert "Forces of Order only" in html
