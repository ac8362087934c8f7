"""The wall sheets: a round's pairings and the standings, as CSV and as a PDF in large type (WeasyPrint)."""
from __future__ import annotations

import csv
import hashlib
import io
import json
from dataclasses import dataclass, replace

from django.template.loader import render_to_string

from armylists.events.dashboard import _cell as spreadsheet_safe
from armylists.events.models import Event
from armylists.printing.pdf import html_to_pdf

from .models import Round
from .read import Standing, entrants, standings_of
from .results import summary

PAIRING_COLUMNS = ["table", "player", "faction", "opponent", "opponent faction", "result"]
STANDING_COLUMNS = ["rank", "player", "faction", "VP", "destruction points", "played", "opponents", "notes"]


def pairing_rows(round_: Round, factions: dict[int, str]) -> list[list]:
    rows = []
    for t in round_.tables.select_related("first", "second"):
        second = t.second.display_name if t.second else "bye"
        rows.append([t.number, t.first.display_name, factions.get(t.first_id, ""), second,
                     factions.get(t.second_id, "") if t.second else "", summary(t) if t.confirmed else ""])
    return rows


def standing_rows(standings: list[Standing]) -> list[list]:
    return [[s.line.rank, s.player.display_name, s.player.faction, s.line.vp, s.line.destruction,
             s.played, s.opponent_names, s.notes] for s in standings]


def csv_of(columns: list[str], rows: list[list]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(columns)
    for row in rows:
        writer.writerow([spreadsheet_safe(v) for v in row])
    return out.getvalue()


# Columns of names and notes, printed in smaller type so that a line stays one line.
SMALL = {"faction", "opponent faction", "opponents", "notes", "result"}
# Raise it when the wall sheet's template changes what a PDF shows, so older renderings are not served.
LAYOUT = 2


def pdf_of(event: Event, title: str, columns: list[str], rows: list[list]) -> bytes:
    """One line a table (or a player), large type, for a wall; the headings repeat on every page."""
    cells = [[(cell, column in SMALL) for column, cell in zip(columns, row, strict=True)] for row in rows]
    html = render_to_string("tournament/wall.html", {"event": event, "title": title, "columns": columns,
                                                      "rows": cells})
    return html_to_pdf(html)


def pdf_key(event: Event, title: str, columns: list[str], rows: list[list]) -> str:
    """The wall sheet's key in the cache: everything it prints, so asking again costs a look-up and a round
    that moved on prints anew."""
    content = json.dumps([LAYOUT, event.name, title, columns, rows], default=str)
    return "wall-pdf:" + hashlib.sha256(content.encode()).hexdigest()


@dataclass(frozen=True)
class WallSheet:
    """A sheet for the wall as it is now: what it prints, its name as a file and its key in the cache."""

    event: Event
    title: str
    columns: list[str]
    rows: list[list]
    stem: str  # the file's name without its ending: the event's slug and numbers only, nothing a player typed
    factions: bool = True  # whether it shows the players' factions (`wall_sheet`)

    def without_factions(self) -> WallSheet:
        """The sheet with no faction column: what a player sees before the lists are published."""
        kept = [i for i, column in enumerate(self.columns) if "faction" not in column]
        return replace(self, columns=[self.columns[i] for i in kept],
                       rows=[[row[i] for i in kept] for row in self.rows], factions=False)

    @property
    def key(self) -> str:
        return pdf_key(self.event, self.title, self.columns, self.rows)

    def render(self) -> bytes:
        return pdf_of(self.event, self.title, self.columns, self.rows)


def wall_sheet(event: Event, kind: str, number: int | None = None, factions: bool = True) -> WallSheet | None:
    """The standings ("standings") or round `number`'s pairings ("round"); None for a round not paired. Without
    `factions`, the sheet has no faction column (a player's, before the lists are published: `sees_factions`)."""
    sheet = _full_sheet(event, kind, number)
    return sheet if sheet is None or factions else sheet.without_factions()


def _full_sheet(event: Event, kind: str, number: int | None) -> WallSheet | None:
    if kind == "standings":
        return WallSheet(event, "Standings", STANDING_COLUMNS, standing_rows(standings_of(event)),
                         f"{event.slug}-standings")
    round_ = Round.objects.filter(event=event, number=number).first()
    if round_ is None:
        return None
    factions = {p.pk: p.faction or "" for p in entrants(event)}
    return WallSheet(event, f"Round {round_.number} pairings", PAIRING_COLUMNS, pairing_rows(round_, factions),
                     f"{event.slug}-round-{round_.number}")
