"""The list's summary above its entries: the violations about the whole list (once, with the rule
each comes from), which entries have problems of their own, and a Diskwars list's command cards.

Read side, like context.py: from the check only.
"""
from __future__ import annotations

import json
from typing import Any

from armylists.checking.check import Checked
from armylists.checking.library import Library
from armylists.rules.report import Report

from .changes import describe_changes, sentence
from .models import ArmyList, ListVersion


def list_summary(report: Report | None, views: dict) -> dict[str, Any]:
    if report is None:
        return {"violations": [], "entry_problems": [], "figures": ()}
    labels = {i: v.label for i, v in views.items()}
    violations = [{"code": v.code, "severity": v.severity, "message": v.message, "rule": v.rule,
                   "entries": [{"id": i, "label": labels.get(i, i)} for i in dict.fromkeys(v.entries)]}
                  for v in report.violations if v.list_wide]
    problems = [{"id": v.id, "label": v.label, "severity": v.severity} for v in views.values() if v.flags]
    return {"violations": violations, "entry_problems": problems, "figures": report.figures}


def command_cards(army_list: ArmyList, library: Library) -> dict[str, Any]:
    """Every card of the game with its text, the list's own faction's first (an army may draw on
    several factions), and how many the list must choose."""
    home, primary = army_list.game.home, army_list.document["faction"]
    chosen = list(army_list.document.get(home.cards.field, []))
    shown = sorted(((f, home.cards.shown(c)) for f, c in library.card_docs()), key=lambda pair: pair[0].slug != primary)
    cards = [{"slug": c.slug, "title": c.title, "faction": f.name, "text": c.text, "only": c.only,
              "checked": c.slug in chosen} for f, c in shown]
    return {"command_cards": cards, "command_cards_was": json.dumps(chosen), "cards_chosen": len(chosen)}


def cards_to_choose(checked: Checked | None) -> int | None:
    cards = checked.library.home.cards if checked else None
    return cards.to_choose(checked.army) if cards else None


def last_change(army_list: ArmyList) -> str:
    """What undo would take back, or "" when there is nothing to undo."""
    current = ListVersion.objects.filter(army_list_id=army_list.pk, version=army_list.version).first()
    if current is None or current.parent is None:
        return ""
    return current.summary or "the last change"


def document_at(pk: int, version: int | None) -> dict | None:
    """The list's document at `version`, or None when the history does not have it (any more)."""
    found = ListVersion.objects.filter(army_list_id=pk, version=version).first() if version else None
    return found.document if found else None


def changed_since(pk: int, seen: int, document: dict, library: Library) -> str | None:
    """What changed from version `seen` of the list (what a stale tab showed) to `document`, or
    None when the history no longer has that version."""
    then = document_at(pk, seen)
    if then is None:
        return None
    return sentence(describe_changes(then, document, library.unit_names(), library.home))
