"""What the builder templates show, worked out from one check of the list.

The read side: it takes the library the view got (once per request) and the
check, computes everything else in memory, and imports nothing that writes
(forms, services). Templates get finished values and never compute points.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from django.urls import reverse

from armylists.checking.boundary import BadInput
from armylists.checking.check import Checked, check_against
from armylists.checking.library import Library
from armylists.checking.listfile import parse_list
from armylists.games.registry import game_home
from armylists.rules.model import Unit
from armylists.rules.report import Report

from .controls import NAME_LIMITS, Caster, SettingsFields, caster, entry_state, option_controls, settings_state
from .models import ArmyList


def load_checked(army_list: ArmyList, library: Library) -> tuple[Checked | None, str | None]:
    """The list's check, or the reason it cannot be checked (unit data gone since it was saved)."""
    try:
        return check_against(parse_list(army_list.document), library, army_list.game), None
    except BadInput as error:
        return None, str(error)


def _cost(cost: int, scope: str = "unit") -> str:
    text = f"{cost:+d} pts" if cost else "free"
    return text + (" · all models" if scope == "all_models" else "")


@dataclass
class EntryView:
    id: str
    label: str
    unit: Unit | None
    raw: dict
    points: int | None = None
    flags: list[str] = field(default_factory=list)
    severity: str = ""
    tags: list[str] = field(default_factory=list)
    summary: str = ""
    controls: list[dict] = field(default_factory=list)
    fields: dict[str, Any] = field(default_factory=dict)
    was: str = ""
    urls: dict[str, str] = field(default_factory=dict)


ENTRY_EDITS = ("update", "remove", "duplicate")
_MARKER = "ENTRY-ID"


def entry_urls(army_list: ArmyList) -> Callable[[str], dict[str, str]]:
    """The URLs of an entry's edits, by entry id.

    Reversed once per list, not three times per entry: on a 40-entry list the
    reversing alone was a third of an htmx answer's time. Entry ids are
    URL-safe (`[A-Za-z0-9_-]`, the URLconf's `slug`); quoting every other
    character, "/" included, keeps one that is not from ever leaving its path segment.
    """
    patterns = {name: reverse(f"builder:list-entry-{name}", args=[army_list.pk, _MARKER]) for name in ENTRY_EDITS}
    return lambda entry_id: {name: url.replace(_MARKER, quote(entry_id, safe=""))
                             for name, url in patterns.items()}


def _controls(game: str, unit: Unit, counts: Counter) -> list[dict]:
    shown = []
    for control in option_controls(game, unit):
        if control.kind == "group":
            choices = [{"value": o.slug, "label": o.name, "cost": _cost(o.cost, o.scope),
                        "checked": bool(counts[o.slug])} for o in control.members]
            shown.append({"kind": "group", "field": control.field, "label": control.group.name,
                          "required": control.group.min > 0, "choices": choices,
                          "none": not any(c["checked"] for c in choices)})
        else:
            option = control.option
            shown.append({"kind": control.kind, "field": control.field, "label": option.name,
                          "cost": _cost(option.cost, option.scope), "value": counts[option.slug]})
    return shown


def _choices(document: dict, own: str, wanted, labels: dict[str, str], current: str) -> list[dict]:
    ids = [e["id"] for e in document["entries"] if e["id"] != own and (wanted(e["id"]) or e["id"] == current)]
    return [{"value": i, "label": labels.get(i, i), "selected": i == current} for i in ids]


def _spell(spell, checked: bool = False) -> dict[str, Any]:
    return {"value": spell.slug, "label": spell.name, "difficulty": spell.difficulty or "", "basic": spell.basic,
            "checked": checked}


def _magic(magic: Caster, raw: dict, library: Library) -> dict[str, Any]:
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


def _options_summary(unit: Unit, counts: Counter) -> str:
    return ", ".join(o.name + (f" ×{n}" if n > 1 else "") for o in unit.options if (n := counts[o.slug]))


def spell_summary(raw: dict, library: Library) -> str:
    """The grimoire and spells an entry chose, by name: "Battle Magic: Charge!, Fireball"."""
    grimoire = library.grimoire(raw.get("grimoire"))
    names = [found[0].name if (found := library.spells.get(s)) else s for s in raw.get("spells", [])]
    if grimoire is None:
        return ", ".join(names)
    return f"{grimoire.name}: {', '.join(names)}" if names else grimoire.name


def _entry_fields(game: str, unit: Unit, raw: dict, document: dict, army, labels) -> dict[str, Any]:
    home, state = game_home(game), entry_state(raw)
    fields: dict[str, Any] = {"name": state["name"]}
    if unit.sizes:
        fields["sizes"] = [{"value": s.size, "label": f"{s.size.capitalize()} ({s.points} pts)",
                            "selected": s.size == state["size"]} for s in unit.sizes]
    if home.combines_units and (unit.models > 1 and not unit.hero or state["combined"]):
        fields["combined"] = state["combined"]
    if home.heroes_join_units and unit.hero:
        hosts = {e.id for e in army.entries if not e.unit.hero} if army else set()
        fields["joined_to"] = _choices(document, raw["id"], hosts.__contains__, labels, state["joined_to"])
    if home.troops_join_regiments and unit.kind == "troop":
        heroes = {e.id for e in army.entries if e.unit.kind == "hero"} if army else set()
        fields["regiment"] = _choices(document, raw["id"], heroes.__contains__, labels, state["regiment"])
    return fields


def entry_views(army_list: ArmyList, checked: Checked | None, library: Library) -> dict[str, EntryView]:
    document, game = army_list.document, army_list.game
    army = checked.army if checked else None
    report = checked.report if checked else None
    labels = {e.id: e.label for e in army.entries} if army else {}
    flagged: dict[str, list] = {}
    for violation in report.violations if report else ():
        for entry_id in violation.entries:
            flagged.setdefault(entry_id, []).append(violation)
    views, urls = {}, entry_urls(army_list)
    for raw in document.get("entries", []):
        entry = army.entry(raw["id"]) if army else None
        unit = entry.unit if entry else library.unit(raw.get("faction") or document["faction"], raw.get("unit", ""))
        view = EntryView(id=raw["id"], label=entry.label if entry else raw.get("name") or raw.get("unit", "?"),
                         unit=unit, raw=raw, was=json.dumps(entry_state(raw)), urls=urls(raw["id"]))
        if unit is not None:
            counts = Counter(raw.get("options", []))
            view.tags = game_home(game.slug).entry_tags(unit, entry, game.params)
            view.controls = _controls(game.slug, unit, counts)
            view.fields = _entry_fields(game.slug, unit, raw, document, army, labels)
            if (magic := caster(library, unit, raw)) is not None:
                view.fields["magic"] = _magic(magic, raw, library)
            view.summary = " · ".join(p for p in (_options_summary(unit, counts), spell_summary(raw, library)) if p)
        if report:
            view.points = report.entry_points.get(raw["id"])
            view.flags = [v.message for v in flagged.get(raw["id"], [])]
            view.severity = _worst(flagged.get(raw["id"], []))
        views[raw["id"]] = view
    return views


def _worst(violations) -> str:
    if any(v.severity == "error" for v in violations):
        return "error"
    return "warning" if violations else ""


def violation_views(report: Report, labels: dict[str, str]) -> list[dict]:
    return [{"code": v.code, "severity": v.severity, "message": v.message, "rule": v.rule,
             "entries": [{"id": i, "label": labels.get(i, i)} for i in v.entries]} for v in report.violations]


def _sections(army_list: ArmyList, checked: Checked | None, views: dict[str, EntryView]) -> list[dict]:
    if checked is None:
        return [{"title": None, "entries": list(views.values()), "note": "", "ok": True, "key": "all"}]
    names = {slug: f.name for slug, f in checked.library.factions.items()}
    laid_out = game_home(army_list.game.slug).sections(checked.army, checked.report, names)
    return [{"title": s.title, "note": s.note, "ok": s.ok, "key": s.key,
             "entries": [views[e.id] for e in s.entries if e.id in views]} for s in laid_out]


def _command_cards(army_list: ArmyList, library: Library) -> list[dict]:
    """Every card of the game, the list's own faction's first: an army may draw on several factions."""
    chosen = set(army_list.document.get("command_cards", []))
    primary = army_list.document["faction"]
    cards, texts = sorted(library.command_cards().values(), key=lambda c: c.faction != primary), library.card_texts()
    return [{"slug": c.slug, "title": c.title, "faction": library.factions[c.faction].name,
             "only": (c.alignment_only or "").capitalize(), "text": texts.get(c.slug, ""),
             "checked": c.slug in chosen} for c in cards]


def roster_context(army_list: ArmyList, *, checked: Checked | None, problem: str | None,
                   library: Library, notice: str | None = None, editable: bool = True) -> dict[str, Any]:
    views = entry_views(army_list, checked, library)
    report = checked.report if checked else None
    labels = {i: v.label for i, v in views.items()}
    home, current = game_home(army_list.game.slug), settings_state(army_list.document, army_list.game)
    context = {
        "army_list": army_list, "game": army_list.game, "report": report, "problem": problem,
        "notice": notice, "editable": editable, "sections": _sections(army_list, checked, views),
        "entry_count": len(views), "points_unit": home.points_noun,
        "violations": violation_views(report, labels) if report else [],
        "figures": report.figures if report else (),
        "settings_form": SettingsFields(initial=current, game=army_list.game, auto_id="settings-%s"),
        "settings_was": json.dumps(current),
        "limits": NAME_LIMITS,
    }
    if home.picks_command_cards:
        context["command_cards"] = _command_cards(army_list, library)
        context["command_cards_was"] = json.dumps(army_list.document.get("command_cards", []))
    if report and report.points is not None and report.points_limit:
        context["points_percent"] = min(100, report.points * 100 // report.points_limit)
    return context
