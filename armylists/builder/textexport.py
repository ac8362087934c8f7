"""A list as plain text, to paste into a forum post or a chat.

Built from the check's `Army` and `Report` only: no queries, and the same
numbers as the builder shows.
"""
from __future__ import annotations

from collections import Counter

from armylists.checking.check import Checked
from armylists.games.base import distinct_labels
from armylists.games.registry import game_home
from armylists.rules.model import Army, Entry
from armylists.rules.report import Report


def _options(entry: Entry) -> str:
    counts = Counter(o.name for o in entry.options)
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())


def entry_line(entry: Entry, army: Army, report: Report, labels: dict[str, str], indent: str = "") -> list[str]:
    unit = entry.unit
    label = f"{entry.name} ({unit.name})" if entry.name else unit.name
    models = game_home(army.game).models_of(unit.details) or 1  # None: its game counts no models
    if models > 1:
        label += f" [{models * (2 if entry.combined else 1)}]"
    details = []
    if entry.size:
        details.append(entry.size.capitalize())
    if entry.combined:
        details.append("combined")
    host = army.entry(entry.joined_to)
    if host is not None:
        details.append(f"joined to {labels.get(host.id, host.label)}")
    if details:
        label += f" ({', '.join(details)})"
    cost = game_home(army.game).points_text(unit, report.entry_points.get(entry.id, 0))
    lines = [f"{indent}{label} — {cost}"]
    if entry.options:
        lines.append(f"{indent}    {_options(entry)}")
    if entry.rules:  # its unit's rules and those its options grant, as the roster's rules line
        lines.append(f"{indent}    Rules: {', '.join(entry.rules)}")
    if entry.grimoire or entry.spells:
        lines.append(f"{indent}    {_magic(entry, army)}")
    return lines


def _magic(entry: Entry, army: Army) -> str:
    """Dulce Bellum: the grimoire and spells by name, "Battle Magic: Charge!, Fireball"."""
    grimoires = {g.slug: g for g in army.grimoires}
    spells = {s.slug: s.name for g in army.grimoires for s in g.spells}
    names = ", ".join(spells.get(s, s) for s in entry.spells)
    grimoire = grimoires[entry.grimoire].name if entry.grimoire in grimoires else "Spells"
    return f"{grimoire}: {names}" if names else grimoire


def _heading(name: str, game_name: str, faction_name: str, army: Army, report: Report) -> list[str]:
    lines = [name, f"{game_name} — {faction_name}"]
    verdict = "legal" if report.legal else "NOT LEGAL"
    if any(e.unit.sample for e in army.entries):
        verdict += " (uses sample data)"
    if report.points is not None:
        limit = f" / {report.points_limit}" if report.points_limit else ""
        lines.append(f"{report.points}{limit} points — {verdict}")
    else:
        lines.append(f"{len(army.entries)} disks — {verdict}")
    if army.cards_bought:
        lines.append(f"Command cards bought: {army.cards_bought}")
    if army.cards_chosen:
        lines.append("Command cards: " + ", ".join(c.title for c in army.cards_chosen))
    return lines


def list_text(checked: Checked, *, name: str, game_name: str, faction_name: str) -> str:
    army, report = checked.army, checked.report
    lines = _heading(name, game_name, faction_name, army, report)
    names = {slug: f.name for slug, f in checked.library.factions.items()}
    labels = distinct_labels(army.entries)
    for section in game_home(army.game).sections(army, report, names):
        if not section.entries and section.title is None:
            continue
        lines.append("")
        if section.title:
            lines.append(f"== {section.title}" + (f" ({section.note})" if section.note else ""))
        for entry in section.entries:
            lines += entry_line(entry, army, report, labels)
            heroes = section.joined.get(entry.id, ())
            for hero in heroes:
                lines += entry_line(hero, army, report, labels, indent="  + ")
            if heroes:
                total = sum(report.entry_points.get(e.id, 0) for e in (entry, *heroes))
                lines.append(f"  = unit total {total} {game_home(army.game).points_noun}")
    if report.violations:
        lines += ["", "Problems:"]
        lines += [f"- {v.severity}: {v.message}" for v in report.violations]
    return "\n".join(lines) + "\n"
