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
from .roster import Printing, Sheet


@dataclass(frozen=True)
class Roster:
    sheet: Sheet
    pdf: bytes


def printing_of(document: Any, player: str | None = None) -> Printing:
    """A list document about to be printed, checked against the unit data as it is now."""
    parsed = parse_list(document)
    game = find_game(parsed.game)
    return Printing(check_against(parsed, library_of(game), game), player, timezone.now(), game.name)


def sheet_for(document: Any, player: str | None = None) -> Sheet:
    """The sheet of a list document, checked against the unit data as it is now."""
    return printing_of(document, player).sheet()


def file_roster(document: Any, player: str | None = None, paper: str = DEFAULT_PAPER) -> Roster:
    sheet = sheet_for(document, player)
    return Roster(sheet, roster_pdf(sheet, paper))
