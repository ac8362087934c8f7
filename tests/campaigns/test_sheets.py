"""Campaign PDFs: army sheets (AoF Regiments, Campaign Rules: the army sheet), the blank sheet, the
summary, and `manage.py render_sheet`."""
from __future__ import annotations

import io
import re
import subprocess

import pytest
from django.core.management import call_command
from django.urls import reverse

from armylists.campaigns import printouts, services
from armylists.campaigns.snapshots import load_state
from armylists.printing.pdf import StaticOnlyFetcher, html_to_pdf

from .conftest import play_mission

pytestmark = pytest.mark.django_db


def pdf_text(pdf: bytes, tmp_path) -> str:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True,
                          text=True).stdout
    return re.sub(r"\s+", " ", text)


def downloaded(client, url: str) -> bytes:
    """A printout that grows with the campaign: the worker prints it while a page waits (the suite runs
    tasks at once, so the page's reload downloads it)."""
    waiting = client.get(url)
    assert waiting.status_code == 202 and "Preparing" in waiting.content.decode()
    ready = client.get(url)
    assert ready.status_code == 200 and ready["Content-Type"] == "application/pdf"
    return ready.content


@pytest.fixture
def leveled(armies, players):
    """Foot 1 reached 5 XP (Headstrong, +25); the Captain took a Blinded Eye (-5). Red's bank: 300."""
    play_mission(armies, players["alice"], a1=("u1", "u7"))
    services.perform(campaign=armies, actor=players["alice"], kind="post-battle",
                     data={"mission": 1, "army": "a1", "results": [{"unit": "u1", "killed_units": 4},
                                                                    {"unit": "u7", "casualty": True}]},
                     entered={"u1/*": [2], "u7/*": [1, 3]})
    return armies


def test_the_army_sheet_has_the_units_xp_and_bank(leveled, client_for, tmp_path):
    response = client_for("bob").get(reverse("campaigns:army-sheet-pdf", args=[leveled.slug, "a1"]))
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'attachment; filename="red-host-sheet.pdf"'
    text = pdf_text(response.content, tmp_path)
    assert "ARMY NAME Red Host" in text and "VP 2" in text and "BANK 300 pts" in text
    assert "Foot 1 Infantrymen 115 pts" in text and "XP 5 · level 1" in text
    assert "TRAITS Headstrong" in text and "INJURIES Blinded Eye" in text
    assert "Captain Captain · hero 55 pts" in text
    assert text.count("UNIT NAME") == 7
    # The hero's talents on a line of their own, not run into the injuries.
    lines = [line.strip() for line in subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=response.content, check=True, capture_output=True).stdout
        .decode().splitlines()]
    assert any(re.fullmatch(r"INJURIES\s+Blinded Eye", line) for line in lines), lines
    assert any(line.startswith("TALENTS") for line in lines)


def test_the_xp_track_has_30_boxes_with_the_levels_marked_and_the_earned_ones_filled(leveled):
    html = printouts.render_html(printouts.army_sheets(load_state(leveled), ["a1"]))
    foot = html[html.index("Foot 1"):html.index("Foot 2")]
    boxes = re.findall(r'<td class="([^"]*)">(\d*)</td>', foot)
    assert len(boxes) == 30
    assert [n for _, n in boxes if n] == ["1", "5", "10", "15", "20", "25", "30"]
    assert [i + 1 for i, (cls, _) in enumerate(boxes) if "on" in cls.split()] == [1, 2, 3, 4, 5]
    assert [i + 1 for i, (cls, _) in enumerate(boxes) if "lvl" in cls.split()] == [5, 10, 15, 20, 25, 30]


def test_every_armys_sheets_in_one_file(leveled, client_for, tmp_path):
    text = pdf_text(downloaded(client_for("alice"), reverse("campaigns:campaign-sheets-pdf", args=[leveled.slug])),
                    tmp_path)
    assert "ARMY NAME Red Host" in text and "ARMY NAME Blue Host" in text


def test_the_blank_sheet_has_ten_empty_units(leveled, client_for, tmp_path):
    text = pdf_text(client_for("alice").get(reverse("campaigns:blank-sheet-pdf", args=[leveled.slug])).content,
                    tmp_path)
    assert text.count("UNIT NAME") == 10 and "Red Host" not in text


def test_the_summary_has_the_leaderboard_and_the_log(leveled, client_for, tmp_path):
    text = pdf_text(downloaded(client_for("alice"), reverse("campaigns:campaign-summary-pdf", args=[leveled.slug])),
                    tmp_path)
    assert "1 Red Host alice 2 1" in text and "Blue Host bob 0 1" in text
    assert "mission 1: Red Host wins" in text and "Blinded Eye" in text


def test_sheets_fetch_only_static_files_and_escape_what_players_typed(leveled, players):
    services.perform(campaign=leveled, actor=players["alice"], kind="set-notes",
                     data={"army": "a1", "unit": "u1", "notes": '<img src="http://example.com/x.png">'})
    printout = printouts.army_sheets(load_state(leveled), ["a1"])
    html = printouts.render_html(printout)
    assert '<img src="http' not in html and "&lt;img" in html
    fetcher = StaticOnlyFetcher()
    html_to_pdf(html, fetcher)
    assert fetcher.requested == ["file:///static/campaigns/sheet.css"]


def test_pdfs_are_for_members_only(leveled, client_for):
    for name, kwargs in [("army-sheet-pdf", {"key": "a1"}), ("campaign-sheets-pdf", {}),
                         ("blank-sheet-pdf", {}), ("campaign-summary-pdf", {})]:
        target = reverse(f"campaigns:{name}", kwargs={"slug": leveled.slug, **kwargs})
        assert client_for("carol").get(target).status_code == 404


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("render_sheet", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exit_:
        code = exit_.code
    return code, out.getvalue(), err.getvalue()


def test_render_sheet_prints_one_army_or_all(leveled, tmp_path):
    one, every = tmp_path / "red.pdf", tmp_path / "all.pdf"
    assert run(leveled.slug, "--army", "red host", "-o", str(one))[0] == 0
    assert run(leveled.slug, "-o", str(every))[0] == 0
    assert "Blue Host" not in pdf_text(one.read_bytes(), tmp_path)
    assert "Blue Host" in pdf_text(every.read_bytes(), tmp_path)


def test_render_sheet_names_what_is_wrong(leveled, tmp_path):
    code, _, err = run(leveled.slug, "--army", "Green Host", "-o", str(tmp_path / "x.pdf"))
    assert code == 2 and "no army 'Green Host'" in err and "Red Host, Blue Host" in err
    code, _, err = run("no-such-campaign", "-o", str(tmp_path / "x.pdf"))
    assert code == 2 and "no campaign 'no-such-campaign'" in err
