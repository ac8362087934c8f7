"""The numbers Dulce Bellum's army rules read, and those rules in plain words."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from armylists.rules.params import GameParams
from armylists.rules.text import plural


@dataclass(frozen=True, slots=True)
class DulceBellumParams(GameParams):
    unlocks_granted: Mapping[str, int]  # by size, for units of a granting rarity
    granting_rarities: tuple[str, ...]
    unlocks_required: Mapping[str, int]  # by rarity
    usual_min: int
    usual_max: int
    max_spell_copies: int  # casters of one army that may choose the same non-basic spell

    def explain(self) -> list[str]:
        p = self
        granted = ", ".join(f"{size} {n}" for size, n in p.unlocks_granted.items())
        required = ", ".join(f"{rarity} {n}" for rarity, n in p.unlocks_required.items())
        return [
            "Every unit comes from the list's faction.",
            "The list's points may not go over the agreed limit (equal is fine).",
            f"Standard armies are {p.usual_min} to {p.usual_max} points; other sizes get a warning.",
            f"Unlock points granted by {', '.join(p.granting_rarities)} units, by size: {granted}.",
            f"Unlock points each unit needs, by rarity: {required}.",
            "A unit with a Limit of n may be taken at most n times, whatever its sizes.",
            "Each option at most once per unit.",
            "A Spellcaster(n) chooses up to n spells, all from one grimoire its faction may use; Master of Magic "
            "knows its whole grimoire and a Spellcaster(<spell>) its one spell, so neither chooses any.",
            f"A spell that is not basic may be chosen by at most {plural(p.max_spell_copies, 'spellcaster')} "
            "in an army.",
        ]
