"""A list as plain text, to paste into a forum post or a chat.

Built from the check's `Army` and `Report` only: no queries, and the same
numbers as the builder shows.
"""
from __future__ import annotations

from collections import Counter

from armylists.checking.check import Checked
from armylists.checking.library import Library
from armylists.games.base import Game, distinct_labels
from armylists.games.own_fields import own_field_tags
from armylists.rules.model import Army, Entry
from armylists.rules.report import Report

from .controls import magic_fields_of
from .magic import chosen_magic, spell_summary


def _options(entry: Entry) -> str:
    counts = Counter(o.name for o in entry.options)
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())


def _own_notes(entry: Entry, army: Army, labels: dict[str, str], home: Game) -> list[str]:
    """What its game's own fields add to an entry's line: its size in its game's words ("Squad"), "combined",
    the unit a hero joined."""
    def host(entry_id: str) -> str | None:
        found = army.entry(entry_id)
        return labels.get(found.id, found.label) if found is not None else None

    return own_field_tags(home.files.entry_fields, entry.details, said=True, host=host)


def entry_line(entry: Entry, army: Army, report: Report, labels: dict[str, str], library: Library,
               indent: str = "") -> list[str]:
    unit, home = entry.unit, library.home
    label = f"{entry.name} ({unit.name})" if entry.name else unit.name
    models = home.library.models_of(unit.details) or 1  # None: its game counts no models
    if models > 1:
        label += f" [{models * home.rules.copies(entry)}]"  # two for a combined unit, as its rules count it
    if notes := _own_notes(entry, army, labels, home):
        label += f" ({', '.join(notes)})"
    cost = home.builder.points_text(unit, report.entry_points.get(entry.id, 0))
    lines = [f"{indent}{label} — {cost}"]
    if entry.options:
        lines.append(f"{indent}    {_options(entry)}")
    if entry.rules:  # its unit's rules and those its options grant, as the roster's rules line
        lines.append(f"{indent}    Rules: {', '.join(entry.rules)}")
    grimoire, spells = chosen_magic(entry.details, magic_fields_of(home))
    if grimoire or spells:
        lines.append(f"{indent}    {spell_summary(grimoire, spells, library, untitled='Spells')}")
    return lines


def _heading(name: str, game_name: str, faction_name: str, army: Army, report: Report, home: Game) -> list[str]:
    lines = [name, f"{game_name} — {faction_name}"]
    verdict = "legal" if report.legal else "NOT LEGAL"
    if any(e.unit.sample for e in army.entries):
        verdict += " (uses sample data)"
    if report.points is not None:
        limit = f" / {report.points_limit}" if report.points_limit else ""
        lines.append(f"{report.points}{limit} points — {verdict}")
    else:
        lines.append(f"{len(army.entries)} disks — {verdict}")
    return lines + home.printing.list_text_lines(army)


def list_text(checked: Checked, *, name: str, game_name: str, faction_name: str) -> str:
    army, report, home = checked.army, checked.report, checked.library.home
    lines = _heading(name, game_name, faction_name, army, report, home)
    names = {slug: f.name for slug, f in checked.library.factions.items()}
    labels = distinct_labels(army.entries)
    for section in home.builder.sections(army, report, names):
        if not section.entries and section.title is None:
            continue
        lines.append("")
        if section.title:
            lines.append(f"== {section.title}" + (f" ({section.note})" if section.note else ""))
        for entry in section.entries:
            lines += entry_line(entry, army, report, labels, checked.library)
            heroes = section.joined.get(entry.id, ())
            for hero in heroes:
                lines += entry_line(hero, army, report, labels, checked.library, indent="  + ")
            if heroes:
                total = sum(report.entry_points.get(e.id, 0) for e in (entry, *heroes))
                lines.append(f"  = unit total {total} {home.points_noun}")
    if report.violations:
        lines += ["", "Problems:"]
        lines += [f"- {v.severity}: {v.message}" for v in report.violations]
    return "\n".join(lines) + "\n"
