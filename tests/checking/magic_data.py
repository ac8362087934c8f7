"""A small Dulce Bellum library with grimoires, for the wiring tests of spells (Dulce Bellum 0.1, Magic)."""
from __future__ import annotations

from tests.factories import list_file

GRIMOIRES = [
    {"slug": "battle-magic", "name": "Battle Magic", "spells": [
        {"slug": "charge", "name": "Charge!", "basic": True, "difficulty": "8+"},
        {"slug": "fireball", "name": "Fireball", "difficulty": "8+", "text": "Magic Missile. Flaming."},
        {"slug": "avatar-of-war", "name": "Avatar of War", "difficulty": "15+"}]},
    {"slug": "dark-magic", "name": "Dark Magic", "spells": [
        {"slug": "bitter-nectar", "name": "Bitter Nectar", "basic": True, "difficulty": "8+"},
        {"slug": "hex", "name": "Hex", "difficulty": "8+"}]},
]

SINGLE = [{"size": "single", "points": 150}]

MAGIC = {"format": "armylists/factions@1", "game": "dulce-bellum", "grimoires": GRIMOIRES, "factions": [
    {"slug": "holds", "name": "Deep Holds", "grimoires": ["battle-magic"], "units": [
        {"slug": "militia", "name": "Hold Militia", "rarity": "common", "sizes": [{"size": "company", "points": 160}]},
        {"slug": "runesmith", "name": "Runesmith", "rarity": "common", "spellcaster": 2, "sizes": SINGLE,
         "rules": ["Individual", "Spellcaster (2)"]},
        {"slug": "archmage", "name": "Rune Lord", "rarity": "common", "spellcaster": 3, "sizes": SINGLE,
         "rules": ["Spellcaster (3)", "Master of Magic"]},
        {"slug": "flamecaller", "name": "Flamecaller", "rarity": "common", "spellcaster": "fireball",
         "sizes": SINGLE, "rules": ["Spellcaster (Fireball)"]},
    ]},
    {"slug": "dead", "name": "Restless Dead", "grimoires": ["dark-magic"], "units": [
        {"slug": "necromancer", "name": "Necromancer", "rarity": "common", "spellcaster": 2, "sizes": SINGLE}]},
]}


def magic_list(*entries: dict, faction: str = "holds") -> dict:
    return list_file("dulce-bellum", *({"size": "single", **e} for e in entries), faction=faction, points_limit=2000)
