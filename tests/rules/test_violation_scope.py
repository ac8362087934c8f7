"""A violation carries where it is shown, set by the check that makes it (docs/violations.md, "All codes")."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from armylists.rules.report import Violation

DOC = Path(__file__).resolve().parents[2] / "docs" / "violations.md"


def test_a_violation_cannot_be_made_without_its_scope():
    with pytest.raises(TypeError):
        Violation("too-many-heroes", "5 heroes; at most 4", entries=("e1",))  # type: ignore[call-arg]


def test_a_scope_is_list_or_entries_and_an_entries_violation_names_some():
    with pytest.raises(ValueError):
        Violation("too-many-heroes", "5 heroes", scope="army")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Violation("option-group", "takes 2", scope="entries")
    assert Violation("too-many-heroes", "5 heroes", entries=("e1",), scope="list").list_wide
    assert not Violation("option-group", "takes 2", entries=("e1",), scope="entries").list_wide


def test_the_json_result_is_unchanged_by_the_scope():
    """The public result (docs/checking.md, "The result") keeps its five keys."""
    shown = Violation("empty-list", "no entries", rule="AoF Regiments: Preparing your Army", scope="list").as_dict()
    assert set(shown) == {"code", "severity", "message", "entries", "rule"}


def test_every_code_the_docs_list_says_where_it_is_shown():
    table = DOC.read_text(encoding="utf-8").split("## All codes", 1)[1]
    rows = re.findall(r"^\| `([a-z0-9-]+)` \|[^|]*\| ([^|]+) \|$", table, re.MULTILINE)
    assert len(rows) == table.count("\n| `")
    assert {shown.strip() for _, shown in rows} == {"above the list", "on its entries"}
