"""What a printed roster gives the table (as players ask of printed rosters): a box per model of a multi-model
unit, a box per wound of a model with Tough(X) (AoF Regiments, Special Rules: Tough), and a victory points and
objectives tally at its end."""
from __future__ import annotations

import copy

import pytest

from armylists.games.card_parts import BOX
from armylists.printing.pdf import roster_pdf

from .conftest import LISTS, pdf_text

pytestmark = pytest.mark.django_db


def trackers(card):
    return {t.label: t.boxes for t in card.trackers}


def test_a_box_per_model_and_per_wound(make_sheet):
    document = copy.deepcopy(LISTS["aof-regiments"])
    document["entries"].append({"id": "e4", "unit": "giant"})
    sheet = make_sheet(document)
    cards = {c.custom_name or c.name: c for c in sheet.cards}
    assert trackers(cards["Captain"]) == {"Wounds": BOX * 3}  # Tough(3), one model
    assert trackers(cards["Giant"]) == {"Wounds": BOX * 12}
    # Ten models, combined: twenty, in fives; no Tough, no wounds.
    assert trackers(cards["First Cohort"]) == {"Models": " ".join([BOX * 5] * 4)}
    assert trackers(cards["Infantrymen"])["Models"].count(BOX) == 10


def test_the_boxes_and_the_tally_are_printed(make_sheet, tmp_path):
    sheet = make_sheet(copy.deepcopy(LISTS["aof-regiments"]))
    text = pdf_text(roster_pdf(sheet), tmp_path)
    assert text.count(BOX) == 3 + 20 + 10
    assert "Wounds:" in text and "Models:" in text
    assert "Tally" in text and "Victory points" in text and "Objectives held" in text


@pytest.mark.parametrize("game", ["battleground", "diskwars", "dulce-bellum"])
def test_every_game_has_the_tally(game, make_sheet, tmp_path):
    text = pdf_text(roster_pdf(make_sheet(copy.deepcopy(LISTS[game]))), tmp_path)
    assert "Victory points" in text and "Objectives held" in text
