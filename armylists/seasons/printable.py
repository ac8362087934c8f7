"""A season's standings as the page's rows, a CSV and a PDF for the wall: the event standings' machinery
(armylists/tournament/printable.py) and type, 16 players a page."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils.html import escape
from django.utils.safestring import mark_safe

from armylists.printing.pdf import html_to_pdf
from armylists.tournament.printable import csv_of

from .models import Season
from .ranking import Contribution, SeasonLine
from .read import SeasonStandings

COLUMNS = ["rank", "player", "score", "events counted", "VP", "events"]
# docs/events.md, "Seasons": the wall sheet's players a page (the event standings' wall type fits 16).
PER_PAGE = 16
# Raise it when the sheet's template changes what a PDF shows, so older renderings are not served.
LAYOUT = 1


def contribution_text(c: Contribution, names: dict[int, str]) -> str:
    """An event's part in a player's score, in words; one not counted (beyond `best`) says so."""
    return f"{names[c.event]}: {c.score}" + ("" if c.counted else " (not counted)")


def rows(standings: SeasonStandings) -> list[list]:
    names = standings.event_names
    return [[s.rank, s.name, s.score, s.events, s.vp, "; ".join(contribution_text(c, names)
                                                                for c in s.contributions)]
            for s in standings.lines]


def csv_text(standings: SeasonStandings) -> str:
    return csv_of(COLUMNS, rows(standings))


ROW = ('<tr data-testid="season-line"><td class="num" data-label="Rank" data-testid="rank">{}</td>'
       '<td><strong data-testid="season-player">{}</strong></td><td class="num" data-label="Score" '
       'data-testid="score">{}</td><td class="num" data-label="Events counted">{}</td>'
       '<td class="num" data-label="VP">{}</td><td class="contributions" data-label="Events">{}</td></tr>')


def contributions_html(line: SeasonLine, names: dict[int, str]) -> str:
    """Each event's part, those not counted (beyond `best`) struck through; `names` escaped already."""
    return ", ".join(f"{names[c.event]}&nbsp;{c.score}" if c.counted else
                     f'<del title="not counted">{names[c.event]}&nbsp;{c.score}</del>' for c in line.contributions)


def rows_html(standings: SeasonStandings) -> str:
    """The page's rows, escaped, built here with each event's name escaped once: 2,000 rows through the template
    engine, or through `format_html` for each of their 20,000 contributions, take a second or more."""
    names = {pk: escape(name) for pk, name in standings.event_names.items()}
    return mark_safe("\n".join(  # every value is escaped, or a number
        ROW.format(s.rank, escape(s.name), s.score, s.events, s.vp, contributions_html(s, names))
        for s in standings.lines))


@dataclass(frozen=True)
class SeasonSheet:
    """The season's standings for the wall as they are now: what it prints, and its key in the cache."""

    season: Season
    lines: list[list]

    @property
    def key(self) -> str:
        content = json.dumps([LAYOUT, self.season.name, self.lines], default=str)
        return "season-pdf:" + hashlib.sha256(content.encode()).hexdigest()

    @property
    def stem(self) -> str:
        return f"{self.season.slug}-standings"  # the season's slug only: nothing a player typed

    def render(self) -> bytes:
        pages = [self.lines[i:i + PER_PAGE] for i in range(0, len(self.lines), PER_PAGE)] or [[]]
        html = render_to_string("seasons/wall.html", {"season": self.season, "columns": COLUMNS, "pages": pages})
        return html_to_pdf(html)


def sheet_of(season: Season, standings: SeasonStandings) -> SeasonSheet:
    names = standings.event_names
    return SeasonSheet(season, [[s.rank, s.name, s.score, s.events, s.vp,
                                 [(names[c.event], c.score, c.counted) for c in s.contributions]]
                                for s in standings.lines])
