"""Random junk and mangled list files never crash the check: bad input or a report, nothing else."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armylists.boundary.errors import BadInput
from armylists.checking.check import Batch
from factions.importer import import_file

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
LISTS = [json.loads(p.read_text()) for p in sorted((ROOT / "factions" / "data" / "demo" / "lists").glob("*.json"))]
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)


@pytest.fixture
def demo_library(db):
    for path in sorted((ROOT / "factions" / "data" / "demo").glob("*.json")):
        import_file(path)
    return Batch()


def outcome(data, libraries):
    """The check's answer: ('bad', path) or ('report', dict). Any other exception fails the test."""
    try:
        return "report", libraries.check(data).report.as_dict()
    except BadInput as error:
        return "bad", str(error)


@SETTINGS
@given(data=json_values)
def test_random_json_is_bad_input_or_a_report(demo_library, data):
    kind, _ = outcome(data, demo_library)
    assert kind in {"bad", "report"}


def mangle(document: dict, path: list, value):
    """Replace one value, found by walking `path` (indexes taken modulo the container's size)."""
    target = json.loads(json.dumps(document))
    node = target
    for step in path[:-1]:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        child = node[keys[step % len(keys)]]
        if not isinstance(child, (dict, list)):
            break
        node = child
    keys = list(node) if isinstance(node, dict) else list(range(len(node)))
    if keys:
        node[keys[path[-1] % len(keys)]] = value
    return target


@SETTINGS
@given(which=st.integers(0, len(LISTS) - 1), path=st.lists(st.integers(0, 50), min_size=1, max_size=4),
       value=json_values)
def test_a_list_file_with_any_value_replaced_is_bad_input_or_a_deterministic_report(demo_library, which, path, value):
    data = mangle(LISTS[which], path, value)
    first = outcome(data, demo_library)
    assert first[0] in {"bad", "report"}
    assert outcome(data, demo_library) == first
    if first[0] == "bad":
        assert ": " in first[1] or first[1].startswith("a list file")
