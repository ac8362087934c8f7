"""What the builder page offers for a list and its entries: settings, option controls, entry state.

Shared by the read side (context.py draws them) and the write side (forms.py
reads back what they post), so neither imports the other. Which settings and
entry fields a list has comes from its game's home: a setting is asked for by
its kind, an entry's own field by the kind of control its game declares for it
(`own_fields.CONTROLS`), each kind written once here and in the templates, so
no field is named here (docs/architecture.md, "A game is one package").
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, get_args

from django import forms

from armylists.checking.library import Library
from armylists.games.base import Game
from armylists.games.library_items import Grimoire, Spell
from armylists.games.list_settings import CHOICE, YES_NO, ListSetting
from armylists.games.own_fields import GRIMOIRE, SPELLS, OwnField
from armylists.games.schema import ENTRY_NAME_MAX, LIST_NAME_MAX
from armylists.rules.model import Option, OptionGroup, Unit
from armylists.rules.params import GameParams
from factions.models import GameSystem, game_params

# The longest names the list file allows: the forms check them, the templates' inputs stop there.
NAME_LIMITS = {"list_name": LIST_NAME_MAX, "entry_name": ENTRY_NAME_MAX}


def _literals(annotation: Any) -> set[str]:
    """The strings a Literal (or an optional Literal) annotation allows."""
    args = get_args(annotation)
    return {v for a in args for v in _literals(a)} if args else ({annotation} if isinstance(annotation, str) else set())


def setting_field(setting: ListSetting, params: GameParams, home: Game) -> forms.Field:
    """One list setting of the game (`home`) as a form field, its default and help from its numbers in force."""
    common = {"label": setting.label, "initial": setting.default(params), "help_text": setting.help(params)}
    if setting.kind == YES_NO:
        return forms.BooleanField(required=False, **common)
    if setting.kind == CHOICE:
        # Only the values the game's list file allows, e.g. no tournament armies where the book has none.
        allowed = _literals(home.list_schema.model_fields[setting.name].annotation)
        return forms.ChoiceField(choices=[c for c in setting.choices(params) if c[0] in allowed], **common)
    return forms.IntegerField(min_value=setting.low, max_value=setting.high,
                              widget=forms.NumberInput(attrs=dict(setting.attrs)), **common)


def setting_fields(game: GameSystem) -> dict[str, forms.Field]:
    """The list settings a game has, as form fields."""
    params, home = game_params(game), game.home
    return {s.name: setting_field(s, params, home) for s in home.list_settings}


def settings_state(document: dict, game: GameSystem) -> dict[str, Any]:
    """The settings as the page shows them, defaults filled in."""
    defaults = _defaults(game.slug, json.dumps(game.params, sort_keys=True, default=str), game)
    return {name: document.get(name, default) for name, default in defaults.items()}


@lru_cache(maxsize=64)
def _defaults(slug: str, params: str, game: GameSystem) -> dict[str, Any]:
    """The settings' defaults by the game's numbers (`params`, as a key), worked out once per process and
    numbers (the form fields were built twice per edit)."""
    return {name: field.initial for name, field in setting_fields(game).items()}


class SettingsFields(forms.Form):
    """A list's settings as the page shows them; `forms.ListSettingsForm` reads them back."""

    def __init__(self, *args, game: GameSystem, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields.update(setting_fields(game))


@dataclass(frozen=True)
class Control:
    """How the builder offers one option, or one pick-one option group."""

    kind: str  # "group": pick one of `members`; "checkbox": take it or not; "count": take it n times
    field: str
    option: Option | None = None
    group: OptionGroup | None = None
    members: tuple[Option, ...] = ()


def option_controls(home: Game, unit: Unit) -> list[Control]:
    """Pick-one groups as radios, other grouped or once-only options as checkboxes, the rest as counts.

    Options its game says are taken once (`LibraryQuestions.option_taken_once`: every option
    of some games, OPR command upgrades) may be taken once; other options outside
    a group may be taken any number of times.
    """
    groups = {g.slug: g for g in unit.option_groups}
    controls, placed = [], set()
    for option in unit.options:
        group = groups.get(option.group or "")
        if group is not None and group.max == 1:
            if group.slug not in placed:
                placed.add(group.slug)
                members = tuple(o for o in unit.options if o.group == group.slug)
                controls.append(Control("group", f"group-{group.slug}", group=group, members=members))
            continue
        once = group is not None or home.library.option_taken_once(option.details)
        controls.append(Control("checkbox" if once else "count", f"option-{option.slug}", option=option))
    return controls


@dataclass(frozen=True)
class Caster:
    """What a spellcaster's entry may choose, in a game whose casters choose spells.

    `grimoires` are its faction's, and the entry's own if it names another (so
    the page can show it). Spellcaster(n) chooses up to `chooses` spells from one
    grimoire; Master of Magic picks a grimoire and knows all of it; a fixed
    Spellcaster(<spell>) knows `fixed` and picks nothing.
    """

    grimoires: tuple[Grimoire, ...]
    current: Grimoire | None
    chooses: int
    master: bool
    fixed: Spell | None
    grimoire_field: str  # the names of the entry's fields the picker sets: its grimoire, its spells
    spells_field: str

    @property
    def picks_grimoire(self) -> bool:
        return self.fixed is None and (self.master or self.chooses > 0 or self.current is not None)


def magic_fields_of(home: Game) -> tuple[str, str] | None:
    """The names of the entry fields a caster's grimoire and spells are, in a game whose casters choose
    spells (its entries declare a `GRIMOIRE` and a `SPELLS` field); else None."""
    grimoire, spells = home.files.entry_field(GRIMOIRE.kind), home.files.entry_field(SPELLS.kind)
    return (grimoire.name, spells.name) if grimoire and spells else None


def caster(library: Library, unit: Unit, entry: dict) -> Caster | None:
    """What the entry's caster may choose; None for a unit that casts nothing and lists nothing."""
    home, fields = library.home, magic_fields_of(library.home)
    if fields is None or home.magic is None:
        return None
    grimoire_field, spells_field = fields
    # the spells it always knows
    known = [library.spells.get(slug) for slug in home.library.spells_named(unit.details).values()]
    fixed = next((found for found in known if found), None)
    magic = home.magic
    chooses, master = magic.spells_chosen(unit), magic.knows_whole_grimoire(unit)
    current = library.grimoire(entry.get(grimoire_field))
    if not (fixed or chooses or master or current or entry.get(spells_field)):
        return None
    source = library.factions.get(unit.faction)
    own = [g for slug in (magic.grimoires_of(source.details) if source else ()) if (g := library.grimoire(slug))]
    if current is not None and current not in own:
        own.append(current)
    return Caster(tuple(own), current, chooses, master, fixed[0] if fixed else None, grimoire_field, spells_field)


def entry_state(entry: dict, fields: tuple[OwnField, ...]) -> dict[str, Any]:
    """An entry as its form shows it, for `was`: its name, its options and each of its game's own `fields`
    (a yes/no as a bool, a list as a list, anything else as text, "" where the entry leaves it out)."""
    return {"name": entry.get("name") or "", "options": dict(Counter(entry.get("options", []))),
            **{f.name: _as_shown(f, entry.get(f.name)) for f in fields}}


def _as_shown(field: OwnField, value: Any) -> Any:
    if field.kind == "yes/no":
        return bool(value)
    if field.kind == "list":
        return list(value or [])
    return value or ""
