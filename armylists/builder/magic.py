"""The spell picker, drawn for a game whose casters choose spells (its entries declare a `GRIMOIRE` and a
`SPELLS` field: `controls.magic_fields_of`), the spells by name, and the short line an entry's card and the
text export show ("Battle Magic: Charge!, Fireball"). Read side, like context.py."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from armylists.checking.library import Library
from armylists.rules.model import Unit

from .controls import Caster


def _spell(spell, checked: bool = False) -> dict[str, Any]:
    return {"value": spell.slug, "label": spell.name, "difficulty": spell.difficulty or "", "basic": spell.basic,
            "checked": checked}


def magic_fields(magic: Caster, raw: dict, library: Library) -> dict[str, Any]:
    """The caster's grimoire picker and its spells, by name (a Master of Magic's whole grimoire, a fixed
    spell, or the spells to tick, with any chosen ones that are not in the grimoire)."""
    chosen = list(raw.get(magic.spells_field, []))
    shown = list(magic.current.spells) if magic.current else []
    shown += [found[0] for slug in chosen if (found := library.spells.get(slug)) and found[0] not in shown]
    return {
        "grimoire_field": magic.grimoire_field, "spells_field": magic.spells_field,
        "picks_grimoire": magic.picks_grimoire, "chooses": magic.chooses, "master": magic.master,
        "grimoires": [{"value": g.slug, "label": g.name, "selected": g == magic.current} for g in magic.grimoires],
        "fixed": _spell(magic.fixed) if magic.fixed else None,
        "known": [_spell(s) for s in magic.current.spells] if magic.master and magic.current else [],
        "spells": [] if magic.master and not chosen else [_spell(s, s.slug in chosen) for s in shown],
    }


def options_summary(unit: Unit, counts: Counter) -> str:
    return ", ".join(o.name + (f" ×{n}" if n > 1 else "") for o in unit.options if (n := counts[o.slug]))


def chosen_magic(entry: dict, fields: tuple[str, str] | None) -> tuple[str | None, list[str]]:
    """The grimoire and spells an entry (its list file's document) names, by slug; (None, []) in a game whose
    casters choose none (`fields`: `controls.magic_fields_of`)."""
    if fields is None:
        return None, []
    grimoire, spells = fields
    return entry.get(grimoire), list(entry.get(spells) or ())


def spell_summary(grimoire_slug: str | None, spells: Iterable[str], library: Library,
                  untitled: str = "") -> str:
    """The grimoire and spells an entry chose, by name: "Battle Magic: Charge!, Fireball" (spells of no
    grimoire under `untitled`, or none)."""
    grimoire = library.grimoire(grimoire_slug)
    names = [found[0].name if (found := library.spells.get(s)) else s for s in spells]
    title = grimoire.name if grimoire is not None else untitled
    if not title:
        return ", ".join(names)
    return f"{title}: {', '.join(names)}" if names else title
