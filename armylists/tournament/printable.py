"""The wall sheets: a round's pairings and the standings, as CSV and as a PDF in large type (WeasyPrint)."""
from __future__ import annotations

import csv
import io

from django.template.loader import render_to_string

from armylists.events.dashboard import _cell as spreadsheet_safe
from armylists.events.models import Event
from armylists.printing.pdf import html_to_pdf

from .models import Round
from .read import Standing
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
             s.line.played, s.opponent_names, s.notes] for s in standings]


def csv_of(columns: list[str], rows: list[list]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(columns)
    for row in rows:
        writer.writerow([spreadsheet_safe(v) for v in row])
    return out.getvalue()


def pdf_of(event: Event, title: str, columns: list[str], rows: list[list]) -> bytes:
    """One line a table (or a player), large type, for a wall; the headings repeat on every page."""
    html = render_to_string("tournament/wall.html", {"event": event, "title": title, "columns": columns,
                                                      "rows": rows})
    return html_to_pdf(html)
