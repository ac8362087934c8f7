"""An event's settings on top of a list and its game's numbers.

An organiser may override any number of the game system (e.g. "no
mercenaries", hero_per 500) and a few settings of every list (a points
limit, force organisation forced on), and may ban factions and units (bans.py),
without code changes.
"""
from __future__ import annotations

from dataclasses import fields, replace
from typing import Any, Mapping

from .bans import BAN_SETTINGS, army_bans
from .model import Army
from .params import GameParams


def apply_overrides(army: Army, params: GameParams, overrides: Mapping[str, Any] | None,
                    list_settings: Mapping[str, str] | None = None) -> tuple[Army, GameParams]:
    """`list_settings`: the list settings an event may set in this game, each with the `Army`
    field its rules read (the game declares them; the engine names none)."""
    if not overrides:
        return army, params
    on_army = dict(list_settings or {})
    known = {f.name for f in fields(params)} | set(on_army) | set(BAN_SETTINGS)
    unknown = sorted(set(overrides) - known)
    if unknown:
        raise ValueError(f"unknown setting(s) for {army.game}: {', '.join(unknown)}")
    on_list = {on_army[k]: v for k, v in overrides.items() if k in on_army}
    on_game = {k: tuple(v) if isinstance(v, list) else v for k, v in overrides.items()
               if k not in on_army and k not in BAN_SETTINGS}
    # A setting every game has is a field of the `Army` (the points limit); a game's own one is in its details.
    shared = {k: v for k, v in on_list.items() if k in army.__dataclass_fields__}
    own = {k: v for k, v in on_list.items() if k not in shared}
    army = replace(army, **shared, **army_bans(overrides), details={**army.details, **own})
    return army, replace(params, **on_game)
