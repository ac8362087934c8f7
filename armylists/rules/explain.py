"""Each game's construction rules in plain words, with the game system's numbers.

Shown on the game's page and on printed rosters, so a player can see exactly
which numbers the checker uses (and an organiser can see an event's overrides).
"""
from __future__ import annotations

from .params import BattlegroundParams, DiskwarsParams, DulceBellumParams, GameParams, OprParams
from .text import listing, plural

MIXING = {
    "single": "Every unit comes from the list's faction unless the list says otherwise.",
    "free": "Lists mix factions freely unless they say otherwise.",
    "tournament": "Lists follow the tournament mixed-army rules unless they say otherwise.",
}


def _opr_unit_cost(p: OprParams) -> str:
    line = f"No single unit may cost over {p.max_unit_percent}% of the points limit"
    if not p.heroes_may_join:
        return line + "."
    if p.joined_hero_in_unit_cost:
        return line + "; a hero that joined a unit counts towards its cost."
    return line + "; a hero that joined a unit is judged on its own."


def _opr(p: OprParams) -> list[str]:
    lines = [
        "The list's points may not go over the agreed points limit (equal is fine).",
        f"With force organisation: at most 1 hero per {p.hero_per} points of the limit.",
        f"Copies of the same unit: at most 1, plus 1 per {p.copies_per} points; a combined unit "
        "counts once, and two sizes of one unit are one unit.",
        _opr_unit_cost(p),
        f"At most 1 unit per {p.unit_per} points; a combined unit counts once"
        + (", a joined hero not at all." if p.heroes_may_join else "."),
    ]
    if p.model_per:
        lines.append(f"At most 1 model per {p.model_per} points; a combined unit counts its models twice.")
    if p.command_group_scope == "army":
        lines.append("Always: only one command group upgrade (sergeant, musician or banner) in the whole army.")
    else:
        lines.append("Always: a unit may take each command group upgrade (sergeant, musician, banner) only once, "
                     "even combined, counting those of a hero that joined it.")
    lines.append("Always: only multi-model units that are not heroes may be combined (two copies into one); "
                 "a combined unit may take a per-model choice such as \u201creplace one\u201d once for each copy.")
    if p.heroes_may_join:
        lines.append(f"Always: a hero up to Tough({p.join_max_tough}) may join one multi-model unit that has no other hero.")
    else:
        lines.append("Always: heroes never join units.")
    lines.append(MIXING.get(p.default_mixed_armies, MIXING["free"]))
    lines.append(
        f"Tournament mixed armies: units from at most {p.mixed_max_factions} factions; a list that mixes them "
        f"spends at least {p.mixed_primary_percent}% of its points on the primary faction, and heroes join only "
        "their own faction's units."
    )
    return lines


def _battleground(p: BattlegroundParams) -> list[str]:
    return [
        "Units and command cards may not cost more than the points budget (equal is fine).",
        f"Command cards cost {p.command_card_cost} points each.",
        f"At least 1 core unit of your primary faction per {p.core_per} points of budget; mercenaries never count as core.",
        f"At most 1 of each kind of elite unit per {p.elite_per} points of budget, mercenaries included.",
        "Standard units are limited only by points.",
        (f"Mercenaries: units with the Mercenary mark from at most {p.max_mercenary_factions} other faction."
         if p.mercenaries_allowed else "Mercenaries are not allowed."),
        f"The usual budgets are {listing((str(b) for b in p.usual_points_limits), 'or')} points; "
        "any other gets a warning, as special rules may be required.",
        f"Buying more than {p.hand_limit} command cards gets a warning: a hand holds {p.hand_limit}.",
    ]


def _dulce_bellum(p: DulceBellumParams) -> list[str]:
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


def _diskwars(p: DiskwarsParams) -> list[str]:
    copies = ", ".join(f"{n} of one {size} disk" for size, n in p.max_copies.items())
    return [
        f"Players agree on the number of regiments (usually {p.default_regiments}); each is led by one hero.",
        "A hero's troops may not cost more recruitment points than the hero has.",
        "No army has both Order and Destruction disks.",
        "At most one copy of each unique disk in the army, and at least one unique hero.",
        "A hero recruits only troops of its own race.",
        "Each regiment has at least as many small troops as medium and large troops together (not counting the hero).",
        f"Per regiment, at most {copies}.",
        f"Per regiment, at most {p.max_elite_per_regiment} disk of elite {p.elite_level} or more.",
        "Command cards: exactly as many as the heroes' command values added up, no two with the same title, "
        "and Order-only or Destruction-only cards need a hero of that alignment.",
    ]


EXPLAINERS = {
    OprParams: _opr,
    BattlegroundParams: _battleground,
    DulceBellumParams: _dulce_bellum,
    DiskwarsParams: _diskwars,
}


def explain(params: GameParams) -> list[str]:
    return EXPLAINERS[type(params)](params)
