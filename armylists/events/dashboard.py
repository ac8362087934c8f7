"""The organisers' table: every player with their latest submission, sorted and filtered, and as CSV."""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from django.utils import timezone

from factions.models import Faction, labelled

from .models import Event, Player, Submission
from .people import latest_submissions


@dataclass(frozen=True)
class Row:
    player: Player
    submission: Submission | None

    @property
    def verdict(self) -> str:
        if self.submission is None:
            return "missing"
        return "legal" if self.submission.legal else "illegal"

    @property
    def faction_name(self) -> str:
        return self.submission.faction_name if self.submission else ""


# Illegal lists first, then players who have not submitted, then legal lists: what needs an organiser first.
VERDICT_ORDER = {"illegal": 0, "missing": 1, "legal": 2}
SORTS = {
    "verdict": lambda r: (VERDICT_ORDER[r.verdict], r.player.display_name.lower()),
    "player": lambda r: r.player.display_name.lower(),
    "faction": lambda r: (r.submission is None, r.faction_name.lower(), r.player.display_name.lower()),
    "points": lambda r: (r.submission is None or r.submission.points is None,
                         -(r.submission.points or 0) if r.submission else 0),
    "submitted": lambda r: (r.submission is None, r.submission.submitted if r.submission else None),
}
SHOW = {
    "all": lambda r: True,
    "illegal": lambda r: r.verdict == "illegal",
    "missing": lambda r: r.verdict == "missing",
    "legal": lambda r: r.verdict == "legal",
}

SORT_LABELS = [("verdict", "Illegal first"), ("player", "Player"), ("faction", "Faction"), ("points", "Points"),
               ("submitted", "Submitted")]
SHOW_LABELS = [("all", "Everyone"), ("illegal", "Illegal lists"), ("missing", "Missing lists"),
               ("legal", "Legal lists")]


@dataclass(frozen=True)
class Table:
    rows: list[Row]
    factions: list[tuple[str, str]]  # (slug, name) of the factions submitted, for the filter
    total: int
    sort: str
    show: str
    faction: str


def _told_apart(event: Event, factions: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """The submitted factions (slug, name), two of one name told apart as the library tells them
    (factions/models.py, `Faction.label`)."""
    names = [name for _, name in factions]
    if len(set(names)) == len(names):
        return factions
    rows = Faction.objects.filter(game=event.game, slug__in=[slug for slug, _ in factions]).select_related("game")
    labels = {f.slug: f.label for f in labelled(rows)}
    return {(slug, labels.get(slug, f"{name} (no longer in the library)")) for slug, name in factions}


def table(event: Event, *, sort: str = "verdict", show: str = "all", faction: str = "") -> Table:
    """Unknown sort or filter values fall back to the defaults: they come from the address bar."""
    sort = sort if sort in SORTS else "verdict"
    show = show if show in SHOW else "all"
    rows = [Row(p, s) for p, s in latest_submissions(event)]
    factions = sorted(_told_apart(event, {(r.submission.faction, r.faction_name) for r in rows if r.submission}),
                      key=lambda f: f[1])
    if faction not in {slug for slug, _ in factions}:
        faction = ""
    shown = [r for r in rows if SHOW[show](r) and (not faction or (r.submission and r.submission.faction == faction))]
    return Table(sorted(shown, key=SORTS[sort]), factions, len(rows), sort, show, faction)


# Errors and warnings in words for people, and their codes in columns of their own for programs.
CSV_COLUMNS = ["player", "faction", "list", "version", "submitted", "points", "points limit", "verdict",
               "errors", "warnings", "error codes", "warning codes", "list fingerprint", "data fingerprint", "note",
               "organisers' note"]


def _cell(value) -> object:
    """Text a spreadsheet would run as a formula is quoted (display names and notes are typed by users)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _messages(violations: list[dict]) -> str:
    return "\n".join(v["message"][:1].upper() + v["message"][1:] for v in violations)


def csv_text(event: Event, rows: list[Row]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        s = row.submission
        values = [row.player.display_name, row.faction_name]
        if s is None:
            values += ["", "", "", "", "", "missing"] + [""] * (len(CSV_COLUMNS) - 8)
        else:
            submitted = timezone.localtime(s.submitted, event.zone).isoformat(timespec="minutes")
            values += [s.list_name, s.version, submitted, s.points, s.points_limit, row.verdict,
                       _messages(s.errors), _messages(s.warnings),
                       " ".join(v["code"] for v in s.errors), " ".join(v["code"] for v in s.warnings),
                       s.list_fingerprint, s.data_fingerprint, s.note_text, s.private_note_text]
        writer.writerow([_cell(v) for v in values])
    return out.getvalue()
