"""Any JSON value in any field of an Army Forge list file, or the field left out, is answered with a report or a
sentence naming where the fault is (docs/list-file.md, "Army Forge lists"): by the reader, `checklist` (exit 2)
and POST /api/check (400 JSON), and in words on a page (no JSON path, no command). Never another exception, a
traceback or a 500."""
from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.core.management import call_command
from hypothesis import given
from hypothesis import strategies as st

from armylists.boundary.errors import BadInput
from armylists.checking.check import check_document
from tests.checking.test_hostile_properties import SETTINGS, assert_sentence, json_values

from .test_armyforge_lists import army_forge_list, imported, unit  # noqa: F401 - imported is the fixture

pytestmark = pytest.mark.django_db

# Every field Muster reads, a joined hero and both halves of a combined unit among them.
VALID = army_forge_list(unit("s1", "uOars", "oBanner"), unit("s2", "uOars", "oBanner", join="s1", combined=True),
                        unit("s3", "uSage", "oTrident", join="s1"))
VALID["units"][2]["customName"] = "Old Reed"
LEFT_OUT = object()


def places(node: Any, path: tuple = ()) -> list[tuple]:
    """The path of every value in `node`, itself first."""
    children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    return [path, *(p for key, child in children for p in places(child, (*path, key)))]


def changed(path: tuple, value: Any) -> Any:
    """The valid list with the value at `path` replaced by `value`, or left out."""
    if not path:
        return {} if value is LEFT_OUT else value
    document = json.loads(json.dumps(VALID))
    *inner, last = path
    node = document
    for step in inner:
        node = node[step]
    if value is not LEFT_OUT:
        node[last] = value
    elif isinstance(node, dict):
        del node[last]
    else:
        node.pop(last)
    return document


hostile_lists = st.builds(changed, st.sampled_from(places(VALID)), json_values | st.just(LEFT_OUT))


# A JSON path or a field's key, and a command: what a page never shows (docs/checking.md, "Bad input").
# "units" is a word too ("the list of units"): only as a path's start ("units: ...") is it the key.
NOT_ON_A_PAGE = re.compile(r"\w\[\d+\]|^units\b|\b(selectedUpgrades|pointsLimit|gameSystem|armyId|selectionId|"
                           r"joinToUnit|customName)\b|import_factions|manage\.py|--")
# What the file said, quoted in the sentence: it may hold anything.
QUOTED = re.compile(r"'[^']*'|“[^”]*”")


@SETTINGS
@given(data=hostile_lists)
def test_the_reader_answers_any_value_in_any_field_with_a_report_or_a_sentence(imported, data):  # noqa: F811
    try:
        check_document(data)
    except BadInput as error:
        assert_sentence(str(error))
        assert not NOT_ON_A_PAGE.search(QUOTED.sub("", error.on_page)), error.on_page


@SETTINGS
@given(data=hostile_lists)
def test_checklist_answers_any_value_in_any_field_with_a_report_or_a_sentence(imported, tmp_path, capsys,  # noqa: F811
                                                                              data):
    path = tmp_path / "list.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SystemExit) as status:
        call_command("checklist", str(path), "--json")
    said = capsys.readouterr()
    assert status.value.code in {0, 1, 2} and "Traceback" not in said.err
    line = json.loads(said.out)
    if status.value.code == 2:
        assert_sentence(line["error"].removeprefix(f"{path}: "))


@SETTINGS
@given(data=hostile_lists)
def test_the_api_answers_any_value_in_any_field_with_a_report_or_400_and_a_sentence(imported, client,  # noqa: F811
                                                                                   data):
    response = client.post("/api/check", data=json.dumps(data), content_type="application/json")
    assert response.status_code in {200, 400}
    if response.status_code == 400:
        assert_sentence(response.json()["error"])
