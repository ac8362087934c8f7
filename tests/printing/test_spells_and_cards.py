"""What the roster prints of Dulce Bellum magic and Diskwars command cards: each caster's grimoire and
spells with their difficulty, each card chosen with its text where the data has it, all by name."""
from __future__ import annotations

import copy

import pytest

from armylists.checking.check import check_document
from armylists.games.opr.weapons import casters_spells, is_caster
from armylists.printing.pdf import roster_pdf
from armylists.printing.roster import build_sheet
from armylists.rules.model import Entry, Option, Unit
from factions.importer import import_document
from factions.schemas import parse_faction_file
from tests.checking.magic_data import MAGIC, magic_list

from .conftest import CHECKED_AT, FACTIONS, LISTS, pdf_text

pytestmark = pytest.mark.django_db


def sheet_of(document: dict):
    return build_sheet(check_document(document), player="Ann", checked_at=CHECKED_AT)


def details(card) -> dict[str, str]:
    return {d.label: d.value for d in card.details}


@pytest.fixture
def magic(db):
    import_document(parse_faction_file(copy.deepcopy(MAGIC)))


def test_a_casters_card_prints_its_grimoire_and_spells_with_their_difficulty(magic):
    # Dulce Bellum, Magic: What Spells Can You Cast (spells from one grimoire) and Magic Grimoires (each spell's
    # difficulty).
    sheet = sheet_of(magic_list({"unit": "runesmith", "grimoire": "battle-magic", "spells": ["charge", "fireball"]}))
    [card] = sheet.cards
    assert details(card) == {"Spellcaster": "2", "Grimoire": "Battle Magic", "Spells": "Charge! (8+), Fireball (8+)"}


def test_a_master_of_magic_prints_its_whole_grimoire(magic):
    # Dulce Bellum, Special Abilities: Master of Magic: it "knows all the spells from their chosen Magic Grimoire".
    [card] = sheet_of(magic_list({"unit": "archmage", "grimoire": "battle-magic"})).cards
    assert details(card)["Spells"] == "Charge! (8+), Fireball (8+), Avatar of War (15+)"


def test_a_fixed_spellcaster_prints_its_spell_by_name(magic):
    # Dulce Bellum, Special Abilities: Spellcaster (n): Spellcaster (<spell>) has that spell.
    [card] = sheet_of(magic_list({"unit": "flamecaller"})).cards
    assert details(card) == {"Spells": "Fireball (8+)"}


def test_the_roster_pdf_shows_the_spells_by_name(magic, tmp_path):
    sheet = sheet_of(magic_list({"unit": "runesmith", "grimoire": "battle-magic", "spells": ["fireball"]}))
    text = pdf_text(roster_pdf(sheet), tmp_path)
    assert "Battle Magic" in text and "Fireball (8+)" in text and "battle-magic" not in text


def test_chosen_command_cards_print_with_their_text_where_known(db):
    data = copy.deepcopy(FACTIONS["diskwars"])
    data["factions"][0]["command_cards"][0]["text"] = "Every disk of one regiment may move again."
    import_document(parse_faction_file(data))
    sheet = sheet_of(LISTS["diskwars"])
    assert [(c.label, c.value) for c in sheet.command_cards] == [
        ("Steady Advance", "Every disk of one regiment may move again."), ("Hold the Line", "")]


def test_a_caster_is_one_by_its_own_rules_or_made_one_by_an_upgrade_it_took():
    """AoF, Special Rules: Caster(X). A unit given Caster by an upgrade casts the army book's spells too."""
    spells = [{"name": "Mist Veil", "threshold": 1, "text": "Made-up words."}]
    wizard = Option("wizard", "Wizard (Caster(1))", 20)
    plain = Unit("warriors", "Warriors", "riverfolk")
    sage = Unit("sage", "Reed Sage", "riverfolk", rules=("Hero", "Caster(2)"))
    assert is_caster(Entry("e1", sage)) and casters_spells(Entry("e1", sage), spells) == spells
    assert not is_caster(Entry("e2", plain)) and casters_spells(Entry("e2", plain), spells) == []
    assert is_caster(Entry("e3", plain, (wizard,))) and casters_spells(Entry("e3", plain, (wizard,)), spells)
