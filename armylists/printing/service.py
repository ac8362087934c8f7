"""Printing a list: check it now, build its sheet, render the PDF.

Shared by the download views and `manage.py render_roster`. A list that cannot
be resolved against the unit data raises `BadInput`, as the check does.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from armylists.checking.check import check_against, find_game
from armylists.checking.library import library_of
from armylists.checking.listfile import parse_list

from .pdf import DEFAULT_PAPER, roster_pdf
from .roster import Sheet, build_sheet


@dataclass(frozen=True)
class Roster:
    sheet: Sheet
    pdf: bytes


def sheet_for(document: Any, player: str | None = None) -> Sheet:
    """The sheet of a list document, checked against the unit data as it is now."""
    parsed = parse_list(document)
    game = find_game(parsed.game)
    checked = check_against(parsed, library_of(game), game)
    return build_sheet(checked, player=player, checked_at=timezone.now(), game_name=game.name)


def file_roster(document: Any, player: str | None = None, paper: str = DEFAULT_PAPER) -> Roster:
    sheet = sheet_for(document, player)
    return Roster(sheet, roster_pdf(sheet, paper))
