"""Dulce Bellum: the spells a list gives its spellcasters (Magic: What Spells Can You Cast).

A unit with Spellcaster(n) starts with up to n spells, all from one of the
grimoires its faction may use; two casters of one army do not choose the same
spell unless it is a Basic Spell. A Spellcaster(<spell>) knows that one spell,
and Master of Magic knows its whole grimoire: neither chooses spells, and
neither stops another caster from knowing the same ones (Special Abilities).
Protection from Magic and Dispel Magic are known to every caster and are never
listed.
"""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator

from armylists.rules.game import Tally
from armylists.rules.model import Army, Entry, Unit
from armylists.rules.report import Violation
from armylists.rules.text import distinct, listing, plural, times

from .model import Grimoire, Spell
from .numbers import DulceBellumParams

SECTION = "Magic"
MASTER_OF_MAGIC = re.compile(r"^\s*Master\s+of\s+Magic\s*$", re.IGNORECASE)


def master_of_magic(unit: Unit) -> bool:
    """Whether the unit knows every spell of its grimoire, and so chooses none (Special Abilities: Master of
    Magic)."""
    return any(MASTER_OF_MAGIC.match(r) for r in unit.rules)


class Magic:
    """The game's grimoires, indexed once per check."""

    def __init__(self, army: Army) -> None:
        self.grimoires: dict[str, Grimoire] = {g.slug: g for g in army.grimoires}
        self.spells: dict[str, tuple[Spell, Grimoire]] = {
            s.slug: (s, g) for g in army.grimoires for s in g.spells}

    def grimoire_name(self, slug: str | None) -> str:
        found = self.grimoires.get(slug or "")
        return found.name if found else str(slug)

    def spell_name(self, slug: str) -> str:
        found = self.spells.get(slug)
        return found[0].name if found else slug

    def home(self, slug: str) -> Grimoire | None:
        """The grimoire a spell belongs to; None for a spell of no grimoire."""
        found = self.spells.get(slug)
        return found[1] if found else None

    def is_basic(self, slug: str) -> bool:
        found = self.spells.get(slug)
        return bool(found and found[0].basic)


def choices(unit: Unit) -> int:
    """How many spells an entry of `unit` may list: n for Spellcaster(n), else none."""
    caster = unit.spellcaster
    if master_of_magic(unit) or not isinstance(caster, int) or isinstance(caster, bool):
        return 0
    return max(caster, 0)


def _rule(params: DulceBellumParams) -> str:
    return f"{params.book}: {SECTION}"


def _why_no_more(unit: Unit, magic: Magic) -> str:
    caster = unit.spellcaster
    if master_of_magic(unit):
        return "has Master of Magic: it knows every spell of its grimoire and chooses none"
    if isinstance(caster, str):
        return f"knows {magic.spell_name(caster)} from its Spellcaster rule and chooses no other"
    if caster is None or isinstance(caster, bool):
        return "is not a spellcaster, so it chooses no spells"
    if caster <= 0:
        return (f"is Spellcaster({caster}): it chooses none and casts only Protection from Magic"
                " and Dispel Magic")
    return f"is Spellcaster({caster}): it chooses at most {plural(caster, 'spell')}"


def too_many_spells(army: Army, params: DulceBellumParams, tally: Tally) -> Iterator[Violation]:
    """An entry lists at most its Spellcaster(n) spells, and none without a choice to make."""
    magic = Magic(army)
    for e in army.entries:
        if len(e.spells) > choices(e.unit):
            yield Violation("too-many-spells", f"{e.label} lists {plural(len(e.spells), 'spell')}"
                            f"; it {_why_no_more(e.unit, magic)}", entries=(e.id,),
                            rule=_rule(params), scope="entries")


def spell_not_in_grimoire(army: Army, params: DulceBellumParams,
                          tally: Tally) -> Iterator[Violation]:
    """A caster chooses its spells from a single grimoire, the one its entry names."""
    # A spell of no grimoire is bad input at the list-file boundary, not a rule
    # broken, so it is not judged here.
    magic = Magic(army)
    for e in army.entries:
        stray = [(s, g) for s in distinct(e.spells)
                 if (g := magic.home(s)) is not None and g.slug != e.grimoire]
        if not stray:
            continue
        spells = listing(f"{magic.spell_name(s)} ({g.name})" for s, g in stray)
        where = (f"draws on {magic.grimoire_name(e.grimoire)}, but {spells} "
                 f"{'is' if len(stray) == 1 else 'are'} not in it" if e.grimoire
                 else f"lists {spells} but names no grimoire")
        yield Violation("spell-not-in-grimoire", f"{e.label} {where}; a spellcaster chooses all "
                        "its spells from one grimoire", entries=(e.id,), rule=_rule(params), scope="entries")


def grimoire_not_available(army: Army, params: DulceBellumParams,
                           tally: Tally) -> Iterator[Violation]:
    """A caster draws on one of the grimoires available to its faction."""
    magic = Magic(army)
    for e in army.entries:
        faction = army.faction_named(e.faction)
        available = faction.grimoires if faction else ()
        if e.grimoire is None or e.grimoire in available:
            continue
        name = army.faction_name(e.faction)
        usable = (f"{name} may use {listing(magic.grimoire_name(g) for g in available)}"
                  if available else f"{name} has no grimoire")
        yield Violation("grimoire-not-available", f"{e.label} draws on "
                        f"{magic.grimoire_name(e.grimoire)}, which {name} cannot use ({usable})",
                        entries=(e.id,), rule=_rule(params), scope="entries")


def _choosers(army: Army) -> dict[str, list[Entry]]:
    """Spell slug -> the entries that chose it, once per choice, in list order.

    Only casters that choose spells count: Master of Magic and a fixed
    Spellcaster(<spell>) "do not stop another spellcaster from knowing" theirs.
    """
    chosen: dict[str, list[Entry]] = defaultdict(list)
    for e in army.entries:
        if e.spells and not master_of_magic(e.unit) and not isinstance(e.unit.spellcaster, str):
            for s in e.spells:
                chosen[s].append(e)
    return chosen


def duplicate_spell(army: Army, params: DulceBellumParams, tally: Tally) -> Iterator[Violation]:
    """Casters of one army choose each spell at most `max_spell_copies` times in all, unless it
    is a Basic Spell; said once per spell, naming every entry that chose it."""
    magic, most = Magic(army), params.max_spell_copies
    for slug, takers in _choosers(army).items():
        if len(takers) <= most or magic.is_basic(slug):
            continue
        by = listing(e.label for e in {e.id: e for e in takers}.values())
        yield Violation("duplicate-spell", f"{magic.spell_name(slug)} is chosen "
                        f"{times(len(takers))} (by {by}); a spell that is not basic may be "
                        f"chosen {times(most)} in an army", entries=army.in_order(e.id for e in takers),
                        rule=_rule(params), scope="list")


CHECKS = (too_many_spells, spell_not_in_grimoire, grimoire_not_available, duplicate_spell)
