"""Which factions a list may draw its entries from.

OPR lists say so with `mixed_armies` (or take their game's default):
`single`, every entry from the list's faction ("from your army's list", AoF
Skirmish: Preparing your Army); `free`, any factions ("from one or more armies",
AoF Regiments: Preparing your Army); `tournament`, the Regiments tournament
guidelines' mixed armies. A Dulce Bellum army is always of one faction.
"""
from __future__ import annotations

from collections.abc import Iterator

from armylists.rules.common import entries_of_other_factions
from armylists.rules.game import Tally
from armylists.rules.model import Army
from armylists.rules.report import Violation
from armylists.rules.text import distinct, listing, share

from .force import fault, mixed_mode
from .numbers import OprParams


def wrong_faction(army: Army, params: OprParams, tally: Tally) -> Iterator[Violation]:
    """With `mixed_armies` `single`, every entry comes from the list's faction."""
    if mixed_mode(army, params) == "single":
        yield from entries_of_other_factions(army, params)


# --- tournament mixed armies (only when the list asks for them) -------------------
# The guidelines are AoF Regiments' (Tournament Guidelines: Mixed Armies); the
# list-file boundary offers `tournament` to Regiments lists only, but the engine
# judges any OPR list that asks, naming the list's own book.


def too_many_factions(army: Army, params: OprParams, tally: Tally) -> Iterator[Violation]:
    """A tournament mixed army has entries from at most `mixed_max_factions` factions."""
    factions = distinct(e.faction for e in army.entries)
    if mixed_mode(army, params) == "tournament" and len(factions) > params.mixed_max_factions:
        # The entries concerned are those outside the primary faction.
        yield fault("too-many-factions", f"entries from {len(factions)} factions "
                    f"({listing(army.faction_name(f) for f in factions)}); a mixed army may use "
                    f"at most {params.mixed_max_factions}", params, "Tournament Guidelines",
                    (e.id for e in army.entries if e.faction != army.faction))


def primary_under_60(army: Army, params: OprParams, tally: Tally) -> Iterator[Violation]:
    """A tournament list that mixes factions spends at least `mixed_primary_percent`% of its
    own total on its primary faction ("at least 60% worth of units of their primary faction")."""
    others = [e.id for e in army.entries if e.faction != army.faction]
    if mixed_mode(army, params) != "tournament" or not others:
        return
    # A joined hero counts towards its own faction, wherever it deploys.
    total, percent = tally.points or 0, params.mixed_primary_percent
    primary = total - sum(tally.entry_points[i] for i in others)
    if primary * 100 < percent * total:
        yield fault("primary-under-60", f"the primary faction ({army.faction_name(army.faction)})"
                    f" costs {primary} of the list's {total} points; it must cost at least "
                    f"{share(total, percent)} ({percent}% of {total})", params,
                    "Tournament Guidelines", others)


CHECKS = (wrong_faction, too_many_factions, primary_under_60)
