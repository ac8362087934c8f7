"""An event's settings: which exist for a game, their bounds, and the check that refuses the rest.

Three kinds (docs/events.md, "Settings"): list settings that replace the
list's own (those its game declares an event may set, `Game.event_list_settings`),
any number of the game system by its name, and the bans. The list settings are
checked by the list file's own rules (a trial document through `parse_list`),
so an event can never set what a list could not.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from armylists.boundary.errors import BadInput
from armylists.checking.listfile import FORMAT, parse_list
from armylists.rules import params_for
from armylists.rules.bans import BAN_SETTINGS
from armylists.rules.text import setting_name
from factions.models import GameSystem, faction_labels

# Names a game system carries that are not rules: how messages name the book, the usual game sizes.
NOT_RULES = ("book", "points_presets")
# A game's text settings have a fixed set of values.
CHOICES = {"command_group_scope": ("unit", "army"), "default_mixed_armies": ("single", "free", "tournament")}
# Percentages stop at 100; every other number (a count, a budget, a step) at the list file's
# largest points limit, which no count of a sane list comes near.
PERCENT_MAX, NUMBER_MAX = 100, 1_000_000
LIST_MAX = 20  # items in a list-valued number, e.g. the granting rarities
BANS_MAX = 500
SLUG = re.compile(r"^[a-z0-9-]{1,64}$")


@dataclass(frozen=True)
class GameSetting:
    """One number of the game system that an event may override."""

    name: str
    kind: str  # int | optional-int | bool | choice | table | list
    game_value: Any
    low: int = 0
    high: int = NUMBER_MAX
    choices: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return setting_name(self.name)


def _bounds(name: str) -> tuple[int, int]:
    """"Per N points" steps are at least 1 (the check divides by them); percentages stop at 100."""
    if name.endswith("_percent"):
        return 0, PERCENT_MAX
    return (1 if name.endswith("_per") else 0), NUMBER_MAX


def _kind(name: str, annotation: str) -> str | None:
    if annotation.startswith("Mapping"):
        return "table"
    if annotation.startswith("tuple"):
        return "list"
    if annotation == "bool":
        return "bool"
    if annotation == "int":
        return "int"
    if annotation == "int | None":
        return "optional-int"
    return "choice" if name in CHOICES else None


def game_settings(game: GameSystem) -> list[GameSetting]:
    """The game's numbers an event may override, in the order the rules declare them."""
    found = []
    for field in fields(game.home.rules.params_type):
        kind = _kind(field.name, str(field.type))
        if field.name in NOT_RULES or kind is None:
            continue
        low, high = _bounds(field.name)
        found.append(GameSetting(field.name, kind, game.params.get(field.name), low, high,
                                 CHOICES.get(field.name, ())))
    return found


def list_setting_names(game: GameSystem) -> list[str]:
    """The list settings an event may set for every list, as the game declares them."""
    return list(game.home.event_list_settings)


def known_names(game: GameSystem) -> set[str]:
    return {*list_setting_names(game), *(s.name for s in game_settings(game)), *BAN_SETTINGS}


# --- validation ----------------------------------------------------------------


def _whole(path: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(path, "must be a whole number")
    if not low <= value <= high:
        raise BadInput(path, f"must be from {low:,} to {high:,}")
    return value


def _game_value(setting: GameSetting, value: Any) -> Any:
    name = setting.name
    if setting.kind == "bool":
        if not isinstance(value, bool):
            raise BadInput(name, "must be true or false")
        return value
    if setting.kind == "choice":
        if value not in setting.choices:
            raise BadInput(name, f"must be one of {', '.join(setting.choices)}")
        return value
    if setting.kind == "optional-int" and value is None:
        return None
    if setting.kind in ("int", "optional-int"):
        return _whole(name, value, setting.low, setting.high)
    if setting.kind == "table":
        return _table(setting, value)
    return _list(setting, value)


def _table(setting: GameSetting, value: Any) -> dict[str, int]:
    """A table such as unlocks by size: the game's own keys, each a whole number."""
    if not isinstance(value, dict):
        raise BadInput(setting.name, "must be a table of whole numbers")
    keys = dict(setting.game_value or {})
    for key in value:
        if key not in keys:
            raise BadInput(f"{setting.name}.{key}", f"is not one of {', '.join(keys)}")
    return {key: _whole(f"{setting.name}.{key}", value.get(key, default), setting.low, setting.high)
            for key, default in keys.items()}


def _list(setting: GameSetting, value: Any) -> list:
    if not isinstance(value, list) or len(value) > LIST_MAX:
        raise BadInput(setting.name, f"must be a list of at most {LIST_MAX} values")
    numbers = all(isinstance(v, int) for v in setting.game_value or [])
    for i, item in enumerate(value):
        if numbers:
            _whole(f"{setting.name}[{i}]", item, setting.low, setting.high)
        elif not isinstance(item, str) or not SLUG.match(item):
            raise BadInput(f"{setting.name}[{i}]", "must be a slug (lower-case letters, digits, hyphens)")
    return value


def _list_settings(game: GameSystem, values: Mapping[str, Any]) -> None:
    """What a list file could not hold, an event cannot set: a trial list with these settings."""
    trial = {"format": FORMAT, "game": game.slug, "faction": "event", "entries": [], "points_limit": 1, **values}
    parse_list(trial)


def _bans(game: GameSystem, values: Mapping[str, Any]) -> dict[str, list[str]]:
    factions = {f.slug: set(f.units.values_list("slug", flat=True)) for f in game.factions.all()}
    cleaned = {}
    for name, value in values.items():
        if not isinstance(value, list) or len(value) > BANS_MAX or not all(isinstance(v, str) for v in value):
            raise BadInput(name, f"must be a list of at most {BANS_MAX} slugs")
        for i, slug in enumerate(value):
            faction, _, unit = slug.partition("/") if name == "banned_units" else (slug, "", None)
            if faction not in factions:
                raise BadInput(f"{name}[{i}]", f"no faction '{faction}' in {game.name}")
            if unit is not None and unit not in factions[faction]:
                raise BadInput(f"{name}[{i}]", f"no unit '{unit}' in faction '{faction}'")
        cleaned[name] = sorted(set(value))
    return cleaned


def clean_settings(game: GameSystem, raw: Any) -> dict[str, Any]:
    """The settings as stored, or BadInput naming the first setting that is unknown or out of range."""
    if not isinstance(raw, dict):
        raise BadInput("settings", "must be an object")
    known = known_names(game)
    for name in raw:
        if name not in known:
            raise BadInput(name, f"is not a setting of {game.name}")
    listed = {k: v for k, v in raw.items() if k in game.home.event_list_settings}
    _list_settings(game, listed)
    by_name = {s.name: s for s in game_settings(game)}
    numbers = {k: _game_value(by_name[k], v) for k, v in raw.items() if k in by_name}
    try:
        params_for(game.home.rules, game.params, numbers)
    except (ValueError, TypeError) as error:
        raise BadInput("settings", str(error)) from None
    bans = _bans(game, {k: v for k, v in raw.items() if k in BAN_SETTINGS})
    return {**listed, **numbers, **{k: v for k, v in bans.items() if v}}


def check_settings(game: GameSystem, event_settings: Mapping[str, Any]) -> dict[str, Any]:
    """What a check for the event is given: the game's numbers as they are now, the event's on top.

    Frozen with each submission, so its roster is printed with the numbers it was checked with.
    """
    numbers = {k: v for k, v in game.params.items() if k not in NOT_RULES}
    return {**numbers, **event_settings}


def usable(game: GameSystem, frozen: Mapping[str, Any]) -> dict[str, Any]:
    """Frozen settings without any name the game no longer has (the rules may have moved on)."""
    numbers = {f.name for f in fields(game.home.rules.params_type)}
    known = numbers | set(list_setting_names(game)) | set(BAN_SETTINGS)
    return {k: v for k, v in frozen.items() if k in known}


def ban_names(game: GameSystem, settings: Mapping[str, Any]) -> dict[str, list[str]]:
    """The banned factions and units as players know them: "Knights (Kingdom)"."""
    factions = {f.slug: f for f in game.factions.prefetch_related("units")}
    by_id = faction_labels(factions.values())  # two of one name told apart (factions/models.py, Faction.label)
    labels = {slug: by_id[f.pk] for slug, f in factions.items()}
    units = {(f.slug, u.slug): f"{u.name} ({labels[f.slug]})" for f in factions.values() for u in f.units.all()}
    return {
        "factions": [labels.get(s, s) for s in settings.get("banned_factions", [])],
        "units": [units.get(tuple(s.split("/", 1)), s) for s in settings.get("banned_units", [])],
    }
