"""Campaign PDFs through the roster printing code: army sheets, a blank sheet, a campaign summary.

The same static-only renderer as rosters: the sheet's HTML names nothing but
the project's static files, and everything players typed is escaped by the
template. An army sheet follows the book's (AoF Regiments, Campaign Rules:
the army sheet): army name and VP, then each unit with its name, notes and a
30-box XP track, plus what the book leaves to pencil: value, traits, injuries
and upgrades, and the bank.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from datetime import datetime

from django.template.loader import render_to_string
from django.utils import timezone

from armylists.printing.pdf import html_to_pdf
from armylists.rules.campaign import CampaignNumbers

from .presenters import ArmyRow, army_row, leaderboard, progress, xp_track
from .snapshots import Loaded

TEMPLATE = "campaigns/sheet.html"
BLANK_UNITS = 10  # unit boxes on a blank sheet, as on the book's
# Raise it when the sheet's template changes what a PDF shows, so older renderings are not served.
LAYOUT = 1
SUMMARY_LOG = 200  # newest actions in the summary, so its size stays bounded; the full log is its own download


@dataclass(frozen=True)
class Printout:
    title: str
    campaign: str
    game: str
    printed: datetime | None  # None: the content alone, for the cache's key
    armies: list[ArmyRow]
    params: CampaignNumbers | None
    blank_units: int = 0
    summary: bool = False
    progress: str = ""
    log: list = ()
    log_total: int = 0

    @property
    def size(self) -> str:
        """How big it is, as the page that waits for it says."""
        sheets = f"{len(self.armies)} army {'sheet' if len(self.armies) == 1 else 'sheets'}"
        return f"{len(self.armies)} armies and the last {len(self.log)} actions" if self.summary else sheets


def _printout(loaded: Loaded, title: str, **fields) -> Printout:
    campaign = loaded.campaign
    return Printout(title=title, campaign=campaign.name, game=campaign.game.name, printed=timezone.now(),
                    params=loaded.params, progress=progress(loaded.state), armies=fields.pop("armies", []),
                    **fields)


def army_sheets(loaded: Loaded, keys: list[str] | None = None) -> Printout:
    """One sheet per army (all started armies when no keys are given), in the leaderboard's order."""
    state = loaded.state
    chosen = keys or [a.key for a in state.armies.values() if a.started]
    armies = [army_row(state, state.armies[k]) for k in chosen]
    title = armies[0].name if len(armies) == 1 else f"{loaded.campaign.name}: army sheets"
    return _printout(loaded, title, armies=armies)


def blank_sheet(loaded: Loaded) -> Printout:
    return _printout(loaded, "Army sheet", blank_units=BLANK_UNITS)


def summary(loaded: Loaded) -> Printout:
    return _printout(loaded, f"{loaded.campaign.name}: summary", armies=leaderboard(loaded.state), summary=True,
                     log=loaded.log(SUMMARY_LOG), log_total=loaded.state.actions)


def render_html(printout: Printout) -> str:
    return render_to_string(TEMPLATE, {"sheet": printout, "blank": range(printout.blank_units),
                                       "blank_track": xp_track(0, printout.params)})


def render_pdf(printout: Printout) -> bytes:
    return html_to_pdf(render_html(printout))


def pdf_key(printout: Printout) -> str:
    """The PDF's key in the cache: everything it prints but the time of printing (docs/deploying.md,
    "Caching and rate limits"), so asking again costs a look-up and a campaign that moved on prints anew."""
    content = f"{LAYOUT}:{render_html(replace(printout, printed=None))}"
    return "campaign-pdf:" + hashlib.sha256(content.encode()).hexdigest()


# One sheet is printed within the request; the printouts that grow with the campaign, by the worker.
INLINE = {"army", "blank"}


def printout_of(loaded: Loaded, kind: str, army: str | None = None) -> Printout:
    """What a member asks to print: an army's sheet ("army", naming it), every army's ("sheets"), a blank
    sheet ("blank") or the summary ("summary")."""
    if kind == "army":
        return army_sheets(loaded, [army])
    if kind == "sheets":
        return army_sheets(loaded)
    return blank_sheet(loaded) if kind == "blank" else summary(loaded)
