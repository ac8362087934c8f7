"""What the builder templates show, worked out from one check of the list.

The read side: it takes the library the view got (once per request) and the
check, computes everything else in memory, and imports nothing that writes
(forms, services). Templates get finished values and never compute points.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any
from urllib.parse import quote

from django.urls import get_script_prefix, reverse
from django.utils.functional import SimpleLazyObject

from armylists.boundary.errors import BadInput
from armylists.checking.check import Checked, check_against
from armylists.checking.library import Library
from armylists.checking.listfile import parse_list
from armylists.games.base import Game, distinct_labels
from armylists.games.own_fields import COMBINED, JOINED, REGIMENT, SIZE, TICKED, OwnField, own_field_tags
from armylists.games.terms import Term, explain
from armylists.rules.model import Unit
from factions.models import game_params

from .controls import (
    NAME_LIMITS,
    SettingsFields,
    caster,
    entry_state,
    magic_fields_of,
    option_controls,
    settings_state,
)
from .magic import chosen_magic, magic_fields, options_summary, spell_summary
from .models import ArmyList
from .summary import cards_to_choose, command_cards, list_summary
from .unitcards import UnitCard, card_maker, cost_text, glossary_terms, rule_views


def rules_explained(checked: Checked) -> tuple[Term, ...]:
    """Every rule the list names, once, as the roster explains it (the share page's "Special rules")."""
    home, entries = checked.library.home, checked.army.entries
    return explain(home.glossary, (r for e in entries for r in home.printing.rules_named(e)),
                   checked.library.rule_sources(e.faction for e in entries))


def load_checked(army_list: ArmyList, library: Library) -> tuple[Checked | None, str | None]:
    """The list's check, or the reason it cannot be checked (unit data gone since it was saved)."""
    try:
        return check_against(parse_list(army_list.document), library, army_list.game), None
    except BadInput as error:
        return None, error.on_page


@dataclass
class EntryView:
    id: str
    label: str
    unit: Unit | None
    raw: dict
    card: UnitCard | None = None
    points: int | None = None
    points_text: str = ""
    flags: list[dict] = field(default_factory=list)  # this entry's violations: message, rule, severity
    severity: str = ""
    tags: list[str] = field(default_factory=list)
    summary: str = ""
    # The options form, drawn only where it is shown open (the page loads the others when opened).
    has_form: bool = False
    controls: list[dict] = field(default_factory=list)
    fields: dict[str, Any] = field(default_factory=dict)
    was: str = ""
    urls: dict[str, str] = field(default_factory=dict)
    joined: list[EntryView] = field(default_factory=list)  # heroes shown inside this unit's card
    total_text: str = ""  # the unit's total with its joined heroes

    def digest(self) -> str:
        """Everything the entry's HTML is drawn from: the same digest draws the same HTML."""
        return repr((self.label, self.raw, self.card.slug if self.card else None, self.points_text,
                     self.flags, self.severity, self.tags, self.summary, self.total_text,
                     [j.digest() for j in self.joined]))


ENTRY_EDITS = ("update", "remove", "duplicate", "move", "form")
_MARKER = "ENTRY-ID"


def entry_urls(army_list: ArmyList) -> Callable[[str], dict[str, str]]:
    """The URLs of an entry's edits, by entry id.

    Reversed once per list, not once per entry: on a 40-entry list the
    reversing alone was a third of an htmx answer's time. Entry ids are
    URL-safe (`[A-Za-z0-9_-]`, the URLconf's `slug`); quoting every other
    character, "/" included, keeps one that is not from ever leaving its path segment.
    """
    patterns = _entry_url_patterns(army_list.pk, get_script_prefix())

    def urls(entry_id: str) -> dict[str, str]:
        quoted = quote(entry_id, safe="")
        return {name: url.replace(_MARKER, quoted) for name, url in patterns.items()}

    return urls


@lru_cache(maxsize=4096)
def _entry_url_patterns(pk: int, prefix: str) -> dict[str, str]:
    """Reversed once per list and process (`prefix`: the script prefix `reverse` reads), not per edit."""
    return {name: reverse(f"builder:list-entry-{name}", args=[pk, _MARKER]) for name in ENTRY_EDITS}


def entry_controls(home: Game, unit: Unit, counts: Counter) -> list[dict]:
    """The entry form's controls; the options of a section that takes several ("Upgrade with any") stay
    together under its heading, not loose checkboxes that read as part of the section above."""
    names = {g.slug: g.name for g in unit.option_groups}
    note = home.library.option_cost_note
    shown: list[dict] = []
    for control in option_controls(home, unit):
        if control.kind == "group":
            choices = [{"value": o.slug, "label": o.name, "cost": cost_text(o.cost, note(o.details)),
                        "checked": bool(counts[o.slug])} for o in control.members]
            shown.append({"kind": "group", "field": control.field, "label": control.group.name,
                          "required": control.group.min > 0, "choices": choices,
                          "none": not any(c["checked"] for c in choices)})
            continue
        option = control.option
        one = {"kind": control.kind, "field": control.field, "label": option.name,
               "cost": cost_text(option.cost, note(option.details)), "value": counts[option.slug]}
        section = option.group if option.group in names else None
        if section is None:
            shown.append(one)
        elif shown and shown[-1].get("section") == section:
            shown[-1]["items"].append(one)
        else:
            shown.append({"kind": "section", "section": section, "field": f"section-{section}",
                          "label": names[section], "items": [one]})
    return shown


class _Lister:
    """What every entry's form needs from the whole list: labels, the hero entries, the join targets."""

    def __init__(self, army_list: ArmyList, checked: Checked | None, labels: dict[str, str]):
        self.game, self.document, self.labels = army_list.game, army_list.document, labels
        self.army = checked.army if checked else None
        self.home = self.game.home
        self.params = game_params(self.game) if self.army and self.home.heroes_join_units else None

    def _choices(self, own: str, wanted: set[str], current: str, why: dict[str, str] | None = None) -> list[dict]:
        why = why or {}
        ids = [e["id"] for e in self.document["entries"]
               if e["id"] != own and (e["id"] in wanted or e["id"] == current)]
        return [{"value": i, "label": self.labels.get(i, i), "selected": i == current, "why": why.get(i, "")}
                for i in ids]

    def fields(self, unit: Unit, raw: dict) -> dict[str, Any]:
        """The entry form's name, and its game's own fields this entry is asked for, in the order the game
        declares them, each drawn as the kind of control the game declares for it (`own_fields.CONTROLS`;
        a caster's grimoire and spells are the spell picker's: magic.py)."""
        own = self.home.files.entry_fields
        state = entry_state(raw, own)
        return {"name": state["name"],
                "own": [drawn for f in own if (drawn := self._control(f, unit, raw, state[f.name])) is not None]}

    def _control(self, field: OwnField, unit: Unit, raw: dict, value: Any) -> dict[str, Any] | None:
        home, army, own = self.home, self.army, unit.details  # `own`: its unit's fields, which the game reads
        drawn = {"kind": field.control, "name": field.name, "value": value}
        if field.control == SIZE.kind and (sizes := home.library.sizes_of(own)):
            return drawn | {"choices": [{"value": size, "label": label, "selected": size == value}
                                        for size, label in sizes]}
        if field.control == COMBINED.kind and home.combines_units and (
                (home.library.models_of(own) or 1) > 1 and not home.library.is_hero(own) or value):
            return drawn
        if field.control == JOINED.kind and home.heroes_join_units and home.library.is_hero(own):
            entry = army.entry(raw["id"]) if army else None
            targets = home.builder.join_targets(army, self.params, entry) if entry else []
            why = {t.id: reason for t, reason in targets if reason}
            return drawn | {"choices": self._choices(raw["id"], {t.id for t, r in targets if not r}, value, why),
                            "problem": why.get(value, "")}
        if field.control == REGIMENT.kind and home.troops_join_regiments and home.library.joins_regiment(own):
            heroes = {e.id for e in army.entries if home.library.is_hero(e.unit.details)} if army else set()
            return drawn | {"choices": self._choices(raw["id"], heroes, value)}
        if field.control == TICKED.kind:
            return drawn | {"label": field.label}
        return None


def entry_views(army_list: ArmyList, checked: Checked | None, library: Library,
                forms: frozenset[str] = frozenset()) -> dict[str, EntryView]:
    """Every entry as its card shows it; the options forms of the entries in `forms` too."""
    document, game = army_list.document, army_list.game
    army = checked.army if checked else None
    report = checked.report if checked else None
    home = game.home
    labels = distinct_labels(army.entries) if army else {}
    flagged: dict[str, list] = {}
    for violation in report.violations if report else ():
        if not violation.list_wide:
            for entry_id in dict.fromkeys(violation.entries):
                flagged.setdefault(entry_id, []).append(violation)
    views, urls, cards, lister = {}, entry_urls(army_list), card_maker(game.slug, library), _Lister(
        army_list, checked, labels)
    for raw in document.get("entries", []):
        entry = army.entry(raw["id"]) if army else None
        faction = raw.get("faction") or document["faction"]
        unit = entry.unit if entry else library.unit(faction, raw.get("unit", ""))
        view = EntryView(id=raw["id"], label=labels.get(raw["id"]) or raw.get("name") or raw.get("unit", "?"),
                         unit=unit, raw=raw, urls=urls(raw["id"]))
        if unit is not None:
            counts = Counter(raw.get("options", []))
            view.card = cards(faction, unit.slug)
            if entry is not None and view.card is not None:
                granted = [r for r in entry.rules if r not in unit.rules]  # by the options it took
                view.card = replace(view.card, stats=home.printing.entry_stats(entry, view.card.stats),
                                    rules=[*view.card.rules, *rule_views(home, granted)])
            view.tags = home.builder.entry_tags(unit, entry, game.params) + own_field_tags(home.files.entry_fields, raw)
            if raw["id"] in forms:
                view.has_form, view.was = True, json.dumps(entry_state(raw, home.files.entry_fields))
                view.controls = entry_controls(home, unit, counts)
                view.fields = lister.fields(unit, raw)
                if (magic := caster(library, unit, raw)) is not None:
                    view.fields["magic"] = magic_fields(magic, raw, library)
            spells = spell_summary(*chosen_magic(raw, magic_fields_of(home)), library)
            view.summary = " · ".join(p for p in (options_summary(unit, counts), spells) if p)
        if report:
            view.points = report.entry_points.get(raw["id"])
            view.points_text = home.builder.points_text(unit, view.points) if unit else ""
            view.flags = [{"message": v.message, "rule": v.rule, "severity": v.severity}
                          for v in flagged.get(raw["id"], [])]
            view.severity = _worst(flagged.get(raw["id"], []))
        views[raw["id"]] = view
    return views


def _worst(violations) -> str:
    if any(v.severity == "error" for v in violations):
        return "error"
    return "warning" if violations else ""


@dataclass
class SectionView:
    key: str
    title: str | None
    note: str
    ok: bool
    blocks: list[EntryView]

    def head(self) -> tuple:
        return (self.title, self.note, self.ok)


def _sections(army_list: ArmyList, checked: Checked | None, views: dict[str, EntryView]) -> list[SectionView]:
    if checked is None:
        return [SectionView("all", None, "", True, list(views.values()))]
    laid_out = []
    for s in _laid_out(checked):
        blocks = [views[e.id] for e in s.entries if e.id in views]
        for host in blocks:
            host.joined = [views[h.id] for h in s.joined.get(host.id, ()) if h.id in views]
            if host.joined and host.points is not None:
                total = host.points + sum(h.points or 0 for h in host.joined)
                host.total_text = f"Unit total with {', '.join(h.label for h in host.joined)}: {total} pts"
        laid_out.append(SectionView(s.key or "all", s.title, s.note, s.ok, blocks))
    return laid_out


def _laid_out(checked: Checked) -> list:
    names = {slug: f.name for slug, f in checked.library.factions.items()}
    return checked.library.home.builder.sections(checked.army, checked.report, names)


def shown_next_to(checked: Checked | None, document: dict, entry_id: str, above: bool) -> str:
    """The entry shown just above (or below) `entry_id` in its section of the page drawn from
    `checked` (a list that cannot be checked is shown in one section), "" when there is none."""
    if checked is None:
        sections = [[e["id"] for e in document.get("entries", [])]]
    else:
        sections = [[e.id for e in s.entries] for s in _laid_out(checked)]
    for ids in sections:
        if entry_id in ids:
            at = ids.index(entry_id) + (-1 if above else 1)
            return ids[at] if 0 <= at < len(ids) else ""
    return ""


def roster_context(army_list: ArmyList, *, checked: Checked | None, problem: str | None,
                   library: Library, notice: str | None = None, editable: bool = True,
                   forms: frozenset[str] = frozenset()) -> dict[str, Any]:
    views = entry_views(army_list, checked, library, forms if editable else frozenset())
    report = checked.report if checked else None
    home, current = army_list.game.home, settings_state(army_list.document, army_list.game)
    context = {
        "army_list": army_list, "game": army_list.game, "report": report, "problem": problem,
        "notice": notice, "editable": editable, "sections": _sections(army_list, checked, views),
        "entry_count": len(views), "points_unit": home.points_noun, "has_points": home.has_points,
        # Made only where the settings are drawn (the page, an edit that changed them): not every edit.
        "settings_form": SimpleLazyObject(lambda: SettingsFields(initial=current, game=army_list.game,
                                                                 auto_id="settings-%s")),
        "settings_was": json.dumps(current), "settings_state": current,
        "limits": NAME_LIMITS, "army_list_name": army_list.name, "labels": {i: v.label for i, v in views.items()},
        **list_summary(report, views),
    }
    if home.cards is not None:
        context.update(command_cards(army_list, library), cards_needed=cards_to_choose(checked))
    if report and report.points is not None and report.points_limit:
        context["points_percent"] = min(100, report.points * 100 // report.points_limit)
    return context


def page_context(army_list: ArmyList, **kwargs) -> dict[str, Any]:
    """The whole builder page: the roster and the glossary's popovers, held once by the page."""
    return {**roster_context(army_list, **kwargs), "glossary_terms": glossary_terms(army_list.game.home)}
