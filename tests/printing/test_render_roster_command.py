"""`manage.py render_roster LIST.json -o roster.pdf [--paper a4|letter]`."""
from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from .conftest import LISTS, page_size, pdf_text

pytestmark = pytest.mark.django_db


def run(*args) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("render_roster", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exit_:
        code = exit_.code
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def write(tmp_path):
    def write_(name: str, data) -> str:
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return str(path)

    return write_


def test_a_list_file_becomes_a_pdf_roster_without_a_player(factions, write, tmp_path):
    output = tmp_path / "roster.pdf"
    code, out, err = run(write("host.json", LISTS["battleground"]), "-o", str(output), "--paper", "letter")
    assert (code, err) == (0, "")
    assert "Hawk Host" in out and "legal" in out
    text = pdf_text(output.read_bytes(), tmp_path)
    assert "Hawk Militia" in text and "— 835 / 1000" in text  # the player is a dash, then the points
    assert "(letter)" in page_size(output.read_bytes(), tmp_path)


def test_without_an_output_the_pdf_is_named_after_the_list_file(factions, write, tmp_path):
    code, _, _ = run(write("host.json", LISTS["dulce-bellum"]))
    assert code == 0 and (tmp_path / "host.pdf").read_bytes().startswith(b"%PDF")


def test_an_illegal_list_still_prints_and_exits_0(factions, write, tmp_path):
    code, out, _ = run(write("host.json", LISTS["diskwars"]), "-o", str(tmp_path / "r.pdf"))
    assert code == 0 and "NOT LEGAL" in out


@pytest.mark.parametrize("content, message", [
    ("{not json", "not valid JSON"),
    ({"format": "armylists/list@0"}, "format: must be"),
    ({**LISTS["aof-regiments"], "entries": [{"id": "e1", "unit": "knigths"}]},
     "entries[0].unit: no unit 'knigths' in faction 'kingdom'"),
    ({**LISTS["aof-regiments"], "faction": "nobody"}, "faction: no faction 'nobody'"),
])
def test_bad_input_names_the_file_and_the_json_path_and_exits_2(factions, write, tmp_path, content, message):
    path = write("bad.json", content)
    code, out, err = run(path, "-o", str(tmp_path / "r.pdf"))
    assert code == 2
    assert path in err and message in err
    assert "Traceback" not in err + out
    assert not (tmp_path / "r.pdf").exists()


def test_a_missing_file_is_bad_input(factions, tmp_path):
    code, _, err = run(str(tmp_path / "missing.json"))
    assert code == 2 and "missing.json: no such file" in err


def test_an_unwritable_output_is_reported_without_a_traceback(factions, write, tmp_path):
    code, _, err = run(write("host.json", LISTS["battleground"]), "-o", str(tmp_path / "no-dir" / "r.pdf"))
    assert code == 2 and "cannot write the PDF" in err and "Traceback" not in err
