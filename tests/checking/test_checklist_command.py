"""`manage.py checklist`: a readable report or one JSON line per file, exit 0/1/2, never a traceback."""
from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from .conftest import ILLEGAL, LEGAL, MISSPELT

pytestmark = pytest.mark.django_db


def run(capsys, *args):
    with pytest.raises(SystemExit) as exited:
        call_command("checklist", *args)
    return exited.value.code, capsys.readouterr()


def test_a_legal_list_exits_0_with_its_points(kingdom, write_list, capsys):
    code, out = run(capsys, write_list("a.json", LEGAL))
    assert code == 0
    assert "legal, 285/1500 points" in out.out


def test_json_mode_prints_the_contract_object_per_file_in_order(kingdom, write_list, capsys):
    a, b = write_list("a.json", LEGAL), write_list("b.json", ILLEGAL)
    code, out = run(capsys, a, b, "--json")
    lines = [json.loads(line) for line in out.out.splitlines()]
    assert code == 1
    assert lines[0] == {"file": a, "legal": True, "points": 285, "points_limit": 1500, "violations": []}
    assert lines[1]["file"] == b and lines[1]["legal"] is False and lines[1]["points"] == 1260
    assert [v["code"] for v in lines[1]["violations"]] == ["unit-too-expensive", "unit-too-expensive"]
    violation = lines[1]["violations"][0]
    assert list(violation) == ["code", "severity", "message", "entries", "rule"]
    assert violation["entries"] == ["e1"] and violation["severity"] == "error"


def test_over_the_limit_reports_the_spec_message(kingdom, write_list, capsys):
    heavy = dict(ILLEGAL, points_limit=1000, force_organisation=False)
    _, out = run(capsys, write_list("a.json", heavy), "--json")
    violation = json.loads(out.out)["violations"][0]
    assert violation["code"] == "points-over-limit"
    assert violation["message"] == "1260 points is over the 1000 point limit"


@pytest.mark.parametrize("content, message", [
    (MISSPELT, "entries[3].unit: no unit 'knigths' in faction 'kingdom'"),
    ("{not json", "not valid JSON"),
    ({"format": "armylists/list@2"}, 'format: must be "armylists/list@1"'),
    (dict(LEGAL, game="chess"), "game: no game 'chess'"),
    (dict(LEGAL, faction="empire"), "faction: no faction 'empire' in aof-regiments"),
    # Bows are the Levies' option, not the Infantrymen's.
    (dict(LEGAL, entries=[{"id": "e1", "unit": "infantry", "options": ["bows"]}]),
     "entries[0].options[0]: no option 'bows' on unit 'infantry'"),
    (dict(LEGAL, entries=[{"id": "e1", "unit": "infantry", "size": "squad"}]), "entries[0].size: is not a field"),
    (dict(LEGAL, points_limit="1500"), "points_limit: must be an integer"),
    ([1, 2], "must be a JSON object"),
])
def test_bad_input_is_named_by_file_and_json_path_and_exits_2(kingdom, write_list, capsys, content, message):
    path = write_list("bad.json", content)
    code, out = run(capsys, path, "--json")
    assert code == 2
    line = json.loads(out.out)
    assert set(line) == {"file", "error"} and line["file"] == path
    assert line["error"].startswith(f"{path}: ") and message in line["error"]
    assert "Traceback" not in out.out + out.err


def test_a_bad_file_does_not_stop_the_others_from_being_checked(kingdom, write_list, capsys):
    files = [write_list("bad.json", MISSPELT), write_list("a.json", LEGAL), "/nonexistent/list.json"]
    code, out = run(capsys, *files, "--json")
    lines = [json.loads(line) for line in out.out.splitlines()]
    assert code == 2
    assert [("error" in line) for line in lines] == [True, False, True]
    assert "no such file" in lines[2]["error"]


def test_the_readable_report_lists_each_violation_with_its_code_and_rule(kingdom, write_list, capsys):
    code, out = run(capsys, write_list("b.json", ILLEGAL))
    assert code == 1
    assert "ILLEGAL, 1260/1500 points" in out.out
    assert "error   unit-too-expensive" in out.out and "[e1]" in out.out and "AoF Regiments" in out.out
