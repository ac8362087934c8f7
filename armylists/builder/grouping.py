"""How a list is laid out for reading, per game: Diskwars by regiment,
Battleground mercenaries and OPR allies apart from the primary faction.

Shared by the builder page and the plain-text export; works on the engine's
`Army` and `Report`, so the numbers are the check's own.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from armylists.rules.model import Army, Entry
from armylists.rules.report import Report

# Games whose lists may draw units from other factions of the same game.
MIXED_GAMES = ("aof-regiments", "aof-skirmish", "battleground", "diskwars")
OTHER_FACTION_TITLE = {"battleground": "Mercenaries", "aof-regiments": "Allies", "aof-skirmish": "Allies"}


@dataclass
class Section:
    title: str | None
    entries: list[Entry]
    note: str = ""
    ok: bool = True
    key: str = ""
    extra: dict = field(default_factory=dict)


def points_unit(game: str) -> str:
    return "RP" if game == "diskwars" else "pts"


def sections(army: Army, report: Report, faction_names: dict[str, str]) -> list[Section]:
    if army.game == "diskwars":
        return _regiments(army, report)
    primary = [e for e in army.entries if e.faction == army.faction]
    laid_out = [Section(None, primary, key="primary")]
    title = OTHER_FACTION_TITLE.get(army.game, "Other factions")
    for slug in dict.fromkeys(e.faction for e in army.entries if e.faction != army.faction):
        members = [e for e in army.entries if e.faction == slug]
        points = sum(report.entry_points.get(e.id, 0) for e in members)
        laid_out.append(Section(f"{title}: {faction_names.get(slug, slug)}", members,
                                note=f"{points} pts", key=f"faction-{slug}"))
    return laid_out


def _regiments(army: Army, report: Report) -> list[Section]:
    heroes = [e for e in army.entries if e.unit.kind == "hero"]
    hero_ids = {h.id for h in heroes}
    laid_out = []
    for hero in heroes:
        troops = [e for e in army.entries if e.unit.kind != "hero" and e.regiment == hero.id]
        used = sum(report.entry_points.get(t.id, 0) for t in troops)
        budget = hero.unit.recruitment_points
        left = budget - used
        note = (f"{used} of {budget} recruitment points used, {left} left" if left >= 0
                else f"{used} of {budget} recruitment points used, {-left} over")
        laid_out.append(Section(f"Regiment of {hero.label}", [hero, *troops], note=note, ok=left >= 0,
                                key=f"regiment-{hero.id}", extra={"used": used, "budget": budget}))
    loose = [e for e in army.entries if e.unit.kind != "hero" and e.regiment not in hero_ids]
    if loose or not heroes:
        laid_out.append(Section("Not in a regiment", loose, note="Every troop must join a hero's regiment.",
                                ok=not loose, key="no-regiment"))
    return laid_out
