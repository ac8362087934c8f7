"""Each game's glossary states its rules' numbers as the rulebook gives them, in Muster's own words (docs/
architecture.md, "A game is one package": glossary.json). Each entry is tied below to the lines of its rule in the
rulebook's text (book and section named per game); its numbers (distances, dice targets, modifiers, counts) must be
the rule's, no more and no fewer: "Rending: ... unmodified 6s to hit get AP(4)" (AoF Skirmish, Special Rules
Reference: Rending), never "a large AP bonus". The numbers below were read from the rulebooks' texts; where those
texts are at hand (MUSTER_RULEBOOKS, a folder of them; they are not the project's to ship), a second test reads
them again."""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import NamedTuple

import pytest

from armylists.games.registry import game_home

# "9\"", "4+", "-1", "+2", "AP(4)" -> 4; a number inside a word ("25x50": 50) is no number of the rule.
_NUMBER = re.compile(r'(?<![\w.])([+\-−]?\d+)(\+|"|”|″|°)?')
RULEBOOKS = Path(os.environ.get("MUSTER_RULEBOOKS", "/nonexistent"))


def numbers(text: str) -> list[str]:
    text = text.replace("−", "-").replace("”", '"').replace("″", '"')
    return sorted({m.group(1) + (m.group(2) or "") for m in _NUMBER.finditer(text)})


class Facts(NamedTuple):
    book: str
    section: str
    text: str  # the rulebook's text file, in MUSTER_RULEBOOKS
    rules: dict[str, tuple[int, int, list[str]]]  # rule -> its first and last line there, and its numbers


FACTS = {
    "aof-skirmish": Facts(
        "AoF Skirmish v3.3.1 Advanced Rulebook",
        "Special Rules Reference (Command Groups for Sergeant, Musician, Banner)",
        "003_1e72cea914936898.txt", {
        "AP": (494, 496, []),
        "Ambush": (489, 492, ["9\""]),
        "Banner": (614, 614, ["+1"]),
        "Blast": (498, 503, ["3\""]),
        "Caster": (505, 508, ["+1", "-1", "18\"", "4+", "6"]),
        "Counter": (510, 513, ["-1"]),
        "Deadly": (515, 517, []),
        "Fast": (519, 521, ["+2\"", "+4\""]),
        "Fear": (523, 526, []),
        "Fearless": (528, 530, ["4+"]),
        "Flying": (532, 534, []),
        "Furious": (536, 539, ["6"]),
        "Hero": (541, 543, ["12\""]),
        "Immobile": (545, 547, []),
        "Impact": (549, 551, ["2+"]),
        "Indirect": (553, 555, ["-1"]),
        "Lance": (557, 559, ["+2"]),
        "Limited": (561, 563, []),
        "Musician": (613, 613, ["+1\""]),
        "Poison": (565, 568, ["6"]),
        "Regeneration": (570, 572, ["5+"]),
        "Relentless": (574, 577, ["6"]),
        "Reliable": (579, 582, ["2+"]),
        "Rending": (584, 586, ["4", "6"]),
        "Scout": (588, 590, ["12\""]),
        "Sergeant": (612, 612, ["+1"]),
        "Slow": (592, 594, ["-2\"", "-4\""]),
        "Stealth": (596, 598, ["-1", "9\""]),
        "Strider": (600, 602, ["2+"]),
        "Tough": (604, 607, ["5+"]),
    }),
    "aof-regiments": Facts(
        "AoF Regiments Advanced Rules",
        "Special Rules Reference (Command Groups for Sergeant, Musician, Banner)",
        "000_c2199b4fb02632c2.txt", {
        "AP": (753, 756, []),
        "Ambush": (749, 752, ["6\""]),
        "Banner": (745, 745, ["+1"]),
        "Blast": (757, 762, []),
        "Caster": (763, 768, ["+1", "-1", "18\"", "4+", "6"]),
        "Counter": (769, 774, ["-1"]),
        "Deadly": (775, 778, []),
        "Entrenched": (779, 782, ["-2", "9\""]),
        "Fast": (783, 786, ["+2\"", "+4\""]),
        "Fear": (787, 790, []),
        "Fearless": (791, 794, ["4+"]),
        "Flying": (795, 798, []),
        "Furious": (799, 804, ["6"]),
        "Hero": (805, 814, ["6"]),
        "Immobilized": (815, 818, []),
        "Impact": (819, 822, ["2+"]),
        "Indirect": (823, 826, ["-1"]),
        "Lance": (827, 830, ["+1"]),
        "Limited": (831, 834, []),
        "Musician": (743, 743, ["+1\""]),
        "Poison": (835, 840, ["6"]),
        "Regeneration": (841, 844, ["5+"]),
        "Relentless": (845, 850, ["6"]),
        "Reliable": (851, 856, ["2+"]),
        "Rending": (857, 860, ["4", "6"]),
        "Scout": (861, 864, ["12\""]),
        "Sergeant": (741, 741, ["+1"]),
        "Slow": (865, 868, ["-2\"", "-4\""]),
        "Sniper": (869, 876, ["1", "2+"]),
        "Stealth": (877, 880, ["-1", "9\""]),
        "Strider": (881, 884, []),
        "Tough": (885, 888, []),
        "Transport": (889, 900, ["3", "6", "6\""]),
    }),
    "battleground": Facts(
        "Battleground",
        "Keywords (Overkill and 1s Always Succeed: Rolling Dice)",
        "002_cabbbb753e2e50a5.txt", {
        "1s Always Succeed": (1482, 1482, ["0", "1"]),
        "Attack": (2133, 2137, []),
        "Blessing": (2125, 2128, []),
        "Cavalry": (1925, 1929, ["-1", "1"]),
        "Colossal": (1897, 1912, ["+2"]),
        "Curse": (2129, 2130, []),
        "Fearsome": (1933, 1938, []),
        "Flying": (1939, 1950, []),
        "Healing": (2131, 2132, []),
        "Infantry": (1921, 1924, []),
        "Javelins": (2077, 2089, ["1"]),
        "Large": (1891, 1893, ["+1"]),
        "Mercenaries": (1985, 1993, ["1", "20", "21", "30"]),
        "Mercenary": (1985, 1993, ["1", "20", "21", "30"]),
        "Normal": (1889, 1890, []),
        "Overkill": (1480, 1480, ["5", "6"]),
        "Pila": (2091, 2098, ["3", "6"]),
        "Skirmisher": (1997, 2008, []),
        "Spears": (2099, 2103, ["+1", "+2", "-1"]),
        "Terrifying": (2063, 2070, ["-1"]),
        "Wheeled": (2071, 2076, []),
    }),
    "diskwars": Facts(
        "Diskwars",
        "Disk Keywords (command card keywords for Order Only, Destruction Only, Unstable)",
        "001_3a4319afb346a53f.txt", {
        "Destruction Only": (643, 645, []),
        "Flank": (541, 547, []),
        "Flying": (549, 552, []),
        "Frenzy": (554, 555, ["1"]),
        "Immune": (557, 558, []),
        "Impact": (560, 565, []),
        "Magic": (569, 572, []),
        "Mobile": (574, 577, []),
        "Order Only": (643, 645, []),
        "Relentless": (579, 581, ["1"]),
        "Resistant": (583, 585, []),
        "Scout": (587, 594, []),
        "Slow": (596, 599, []),
        "Strider": (601, 602, []),
        "Swift": (604, 610, []),
        "Unstable": (647, 649, ["1"]),
    }),
    "dulce-bellum": Facts(
        "Dulce Bellum",
        "Special Abilities (Aura: Special Ability Modifiers)",
        "004_4cb2bfb809e3d50c.txt", {
        "Ambush": (728, 730, []),
        "Attacks": (732, 736, []),
        "Aura": (720, 724, ["6\""]),
        "Banner": (738, 740, ["+1"]),
        "Blast": (742, 744, []),
        "Brutal": (746, 748, ["-1"]),
        "Champion": (750, 752, ["+1"]),
        "Deadly Attacks": (754, 756, ["6"]),
        "Duelist": (758, 760, []),
        "Ethereal": (762, 766, []),
        "Extra Attacks": (768, 769, []),
        "Fast Cav": (778, 782, []),
        "Fear": (784, 788, ["-1"]),
        "Fearless": (790, 792, []),
        "Ferocious Charge": (794, 800, ["+1"]),
        "Fewer Attacks": (802, 803, []),
        "Flaming": (816, 818, []),
        "Flammable": (812, 814, []),
        "Flamming": (816, 818, []),
        "Flying": (820, 826, []),
        "Hard to Break": (828, 830, ["3"]),
        "Hard to Hit": (832, 834, ["-1"]),
        "Ignore Cover": (836, 838, ["-1"]),
        "Impact Hits": (840, 842, []),
        "Inconsequential": (844, 846, []),
        "Individual": (848, 854, ["-1"]),
        "Inspired": (856, 858, []),
        "Manastone": (860, 862, []),
        "Master of Magic": (864, 866, []),
        "Move or Shoot": (868, 870, []),
        "Musician": (872, 874, ["+1"]),
        "Nimble": (876, 878, ["90"]),
        "Pathfinder": (880, 882, []),
        "Phalanx": (884, 886, []),
        "Powerful": (888, 890, []),
        "Rallying": (892, 894, ["+1", "+2", "6\""]),
        "Regeneration": (896, 898, ["1"]),
        "Scout": (944, 946, []),
        "Shield Wall": (948, 950, ["6+"]),
        "Skirmish Screen": (900, 902, []),
        "Skirmishers": (904, 910, []),
        "Soft Belly": (912, 914, []),
        "Spellcaster": (916, 920, []),
        "Spellward": (922, 923, []),
        "Spotter": (928, 930, []),
        "Stand and Shoot": (932, 938, ["-1"]),
        "Steady Aim": (940, 942, ["-1"]),
        "Strider": (952, 954, []),
        "Stubborn": (956, 958, []),
        "Swarm": (960, 964, []),
        "Terror": (966, 970, ["-1", "1", "6\""]),
        "Thunderous Charge": (972, 976, []),
        "Toughness": (978, 980, []),
        "Unbreakable": (982, 984, []),
        "Unmotivated": (986, 988, []),
        "Vengeance": (990, 992, ["+1"]),
        "Vicious Charge": (994, 996, ["+1"]),
        "Volley Fire": (998, 1000, ["+1", "12\""]),
        "Weapon Skill": (1002, 1004, ["+1"]),
        "Wedge Formation": (1006, 1010, ["25"]),
        "Wild Charge": (1012, 1014, []),
    }),
}


@pytest.mark.parametrize("game", sorted(FACTS))
def test_every_glossary_entry_states_the_rulebooks_numbers(game):
    glossary = game_home(game).glossary
    facts = FACTS[game]
    assert sorted(glossary) == sorted(facts.rules), f"each entry of {game}'s glossary cites its rule in {facts.book}"
    wrong = {name: (numbers(text), facts.rules[name][2]) for name, text in glossary.items()
             if numbers(text) != facts.rules[name][2]}
    assert not wrong, f"glossary numbers vs {facts.book}, {facts.section}: {wrong}"


def test_rending_gives_ap_4_as_the_rulebook_says():
    """AoF Skirmish, Special Rules Reference: Rending; AoF Regiments likewise."""
    for game in ("aof-skirmish", "aof-regiments"):
        assert "unmodified 6s to hit get AP(4)" in game_home(game).glossary["Rending"]


@pytest.mark.skipif(not RULEBOOKS.is_dir(), reason="the rulebooks' texts are not at hand (MUSTER_RULEBOOKS)")
@pytest.mark.parametrize("game", sorted(FACTS))
def test_the_numbers_above_are_in_the_rulebooks_lines(game):
    facts = FACTS[game]
    lines = (RULEBOOKS / facts.text).read_text().splitlines()
    for name, (first, last, said) in facts.rules.items():
        found = numbers(" ".join(lines[first - 1:last]))
        assert set(said) <= set(found), (facts.book, name, first, said, found)
        # The rule is there: its name (but its first letter, which the scans sometimes misread: "Viagic").
        assert name[1:4].casefold() in " ".join(lines[first - 1:last]).casefold(), (facts.book, name, first)
