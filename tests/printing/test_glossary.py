"""The special-rules glossary: rule names without parameters, and the descriptions file."""
from __future__ import annotations

import pytest

from armylists.games.registry import game_home
from armylists.printing.glossary import NO_DESCRIPTION, Term, descriptions, glossary, rule_name


@pytest.mark.parametrize("rule, name", [
    ("Tough(3)", "Tough"),
    ("Tough (+1)", "Tough"),
    ("AP(D3)", "AP"),
    ("Caster(2)", "Caster"),
    ("Powerful (Missile)", "Powerful"),
    ("Extra Attacks (+1)", "Extra Attacks"),
    ("Impact 2", "Impact"),
    ("Magic X", "Magic"),
    ("Regeneration 4+", "Regeneration"),
    ("Immune (arcane)", "Immune"),
    ("Fearless", "Fearless"),
    ("Move or Shoot", "Move or Shoot"),
])
def test_a_rule_name_drops_its_parameter(rule, name):
    assert rule_name(rule) == name


# The common rules of each game, as each rulebook's special-rules section lists them.
COMMON = {
    "aof-regiments": ["Sergeant", "Musician", "Banner", "Ambush", "AP", "Blast", "Caster", "Counter", "Deadly",
                      "Entrenched", "Fast", "Fear", "Fearless", "Flying", "Furious", "Hero", "Immobilized", "Impact",
                      "Indirect", "Lance", "Limited", "Poison", "Regeneration", "Relentless", "Reliable", "Rending",
                      "Scout", "Slow", "Sniper", "Stealth", "Strider", "Tough", "Transport"],
    "aof-skirmish": ["Ambush", "AP", "Blast", "Caster", "Counter", "Deadly", "Fast", "Fear", "Fearless", "Flying",
                     "Furious", "Hero", "Immobile", "Impact", "Indirect", "Lance", "Limited", "Poison",
                     "Regeneration", "Relentless", "Reliable", "Rending", "Scout", "Slow", "Stealth", "Strider",
                     "Tough", "Sergeant", "Musician", "Banner"],
    "diskwars": ["Flank", "Flying", "Frenzy", "Immune", "Impact", "Magic", "Mobile", "Relentless", "Resistant",
                 "Scout", "Slow", "Strider", "Swift",
                 # the command cards' keywords ("Order or Destruction Only" is one of the two)
                 "Order Only", "Destruction Only", "Unstable"],
    "battleground": ["Normal", "Large", "Colossal", "Infantry", "Cavalry", "Fearsome", "Flying", "Mercenaries",
                     "Skirmisher", "Terrifying", "Wheeled", "Javelins", "Pila", "Spears", "Blessing", "Curse",
                     "Healing", "Attack",
                     # the two universal special rules of the attack sequence
                     "Overkill", "1s Always Succeed"],
    "dulce-bellum": ["Aura", "Ambush", "Attacks", "Banner", "Blast", "Brutal", "Champion", "Deadly Attacks",
                     "Duelist", "Ethereal", "Extra Attacks", "Fast Cav", "Fear", "Fearless", "Ferocious Charge",
                     "Fewer Attacks", "Flammable", "Flamming", "Flying", "Hard to Break", "Hard to Hit",
                     "Ignore Cover", "Impact Hits", "Inconsequential", "Individual", "Inspired", "Manastone",
                     "Master of Magic", "Move or Shoot", "Musician", "Nimble", "Pathfinder", "Phalanx", "Powerful",
                     "Rallying", "Regeneration", "Skirmish Screen", "Skirmishers", "Soft Belly", "Spellcaster",
                     "Spellward", "Spotter", "Stand and Shoot", "Steady Aim", "Scout", "Shield Wall", "Strider",
                     "Stubborn", "Swarm", "Terror", "Thunderous Charge", "Toughness", "Unbreakable", "Unmotivated",
                     "Vengeance", "Vicious Charge", "Volley Fire", "Weapon Skill", "Wedge Formation",
                     "Wild Charge"],
}


@pytest.mark.parametrize("game", sorted(COMMON))
def test_the_glossary_file_describes_each_games_common_rules_in_one_line(game):
    entries = descriptions()[game]
    assert [r for r in COMMON[game] if r not in entries] == []
    for name, text in entries.items():
        # One line each, long enough for a rule's numbers and conditions as its rulebook gives them.
        assert text and "\n" not in text and len(text) <= 260, name


def test_a_rule_nobody_explains_is_listed_by_name_saying_so_never_dropped():
    # A player at the table needs every rule their list uses, once: one with no text says it has none.
    battleground = game_home("battleground")
    assert glossary(battleground, ["Bravery checkbox"]) == (Term("Bravery checkbox", NO_DESCRIPTION),)
    assert [t.name for t in glossary(battleground, ["Bravery checkbox", "Cavalry"])] == ["Bravery checkbox",
                                                                                         "Cavalry"]


def test_a_rule_the_book_describes_is_printed_in_the_books_words_before_musters():
    book = [{"name": "Tough", "text": "The book's own words for Tough."},
            {"name": "Shield Wall", "text": "The book's own words for Shield Wall."}]
    terms = {t.name: t.description for t in glossary(game_home("aof-regiments"), ["Tough(3)", "Shield Wall", "Hero"],
                                                     [("Kingdom", book)])}
    assert terms["Tough"] == "The book's own words for Tough."
    assert terms["Shield Wall"] == "The book's own words for Shield Wall."
    assert terms["Hero"] == descriptions()["aof-regiments"]["Hero"]  # the book says nothing: Muster's words


def test_rule_names_match_ignoring_case_and_appear_once():
    terms = glossary(game_home("aof-regiments"), ["tough(3)", "Tough(6)", "TOUGH"])
    assert [t.name for t in terms] == ["Tough"]
