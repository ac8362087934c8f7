"""Dulce Bellum's casters in the builder: the grimoire picker, the spells by name, and the short
line an entry's card shows ("Battle Magic: Charge!, Fireball"). Read side, like context.py."""
from __future__ import annotations

from collections import Counter
from typing import Any

from armylists.checking.library import Library
from armylists.rules.model import Unit

from .controls import Caster


def _spell(spell, checked: bool = False) -> dict[str, Any]:
    return {"value": spell.slug, "label": spell.name, "difficulty": spell.difficulty or "", "basic": spell.basic,
            "checked": checked}


def magic_fields(magic: Caster, raw: dict, library: Library) -> dict[str, Any]:
    """Dulce Bellum: the caster's grimoire picker and its spells, by name (a Master of Magic's whole
    grimoire, a fixed spell, or the spells to tick, with any chosen ones that are not in the grimoire)."""
    chosen = list(raw.get("spells", []))
    shown = list(magic.current.spells) if magic.current else []
    shown += [found[0] for slug in chosen if (found := library.spells.get(slug)) and found[0] not in shown]
    return {
        "picks_grimoire": magic.picks_grimoire, "chooses": magic.chooses, "master": magic.master,
        "grimoires": [{"value": g.slug, "label": g.name, "selected": g == magic.current} for g in magic.grimoires],
        "fixed": _spell(magic.fixed) if magic.fixed else None,
        "known": [_spell(s) for s in magic.current.spells] if magic.master and magic.current else [],
        "spells": [] if magic.master and not chosen else [_spell(s, s.slug in chosen) for s in shown],
    }


def options_summary(unit: Unit, counts: Counter) -> str:
    return ", ".join(o.name + (f" ×{n}" if n > 1 else "") for o in unit.options if (n := counts[o.slug]))


def spell_summary(raw: dict, library: Library) -> str:
    """The grimoire and spells an entry chose, by name: "Battle Magic: Charge!, Fireball"."""
    grimoire = library.grimoire(raw.get("grimoire"))
    names = [found[0].name if (found := library.spells.get(s)) else s for s in raw.get("spells", [])]
    if grimoire is None:
        return ", ".join(names)
    return f"{grimoire.name}: {', '.join(names)}" if names else grimoire.name
