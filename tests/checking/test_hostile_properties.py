"""Hostile input at every way in (docs/checking.md and docs/faction-file.md, Bounds): random, deep, huge
and malformed JSON fed to POST /api/check, `checklist`, `import_factions` and the builder's list import.
Never a 500, never a traceback; always one sentence, naming the JSON path of the fault when the fault has one."""
from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from factions.importer import FactionFileError, import_file

from .conftest import KINGDOM, LEGAL

pytestmark = pytest.mark.django_db
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

# Faults about the whole document have no path; every other message starts with one.
WHOLE = ("not valid JSON", "not a JSON file", "must be UTF-8", "must be at most", "a list file must be",
         "a faction file must be", "nests more than", "the file's keys")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)


def _placed(document: dict, steps: list[int], literal: str) -> bytes:
    """The document with one value (found by `steps`, modulo each container's size) written as `literal`."""
    target = json.loads(json.dumps(document))
    node = target
    for step in steps:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = keys[step % len(keys)]
        if isinstance(node[key], (dict, list)) and step % 3:
            node = node[key]
            continue
        node[key] = "\x00PLACED\x00"
        break
    return json.dumps(target).replace('"\\u0000PLACED\\u0000"', literal).encode()


def hostile(document: dict) -> st.SearchStrategy[bytes]:
    steps = st.lists(st.integers(0, 50), min_size=1, max_size=6)
    digits = st.integers(19, 6_000).map(lambda n: "9" * n) | st.integers(19, 6_000).map(lambda n: "-" + "1" * n)
    deep = st.integers(15, 5_000).flatmap(lambda n: st.sampled_from(["[" * n + "]" * n, '{"a":' * n + "1" + "}" * n,
                                                                    "[" * n, '{"a":[' * n]))
    valid = json.dumps(document).encode()
    return st.one_of(
        json_values.map(lambda v: json.dumps(v).encode()),
        st.tuples(steps, digits).map(lambda a: _placed(document, a[0], a[1])),
        st.tuples(steps, deep).map(lambda a: _placed(document, a[0], a[1])),
        st.tuples(steps, json_values).map(lambda a: _placed(document, a[0], json.dumps(a[1]))),
        deep.map(str.encode),
        st.integers(0, len(valid)).map(lambda n: valid[:n]),
        st.sampled_from(["utf-16", "utf-16-le", "utf-16-be", "utf-32"]).map(lambda e: json.dumps(document).encode(e)),
        st.binary(max_size=300),
    )


def assert_sentence(message: str) -> None:
    assert "Traceback" not in message and "\n" not in message and "migrate" not in message
    assert message.startswith(WHOLE) or ": " in message, message


@SETTINGS
@given(raw=hostile(LEGAL))
def test_the_api_answers_any_body_with_a_report_or_a_sentence(client, kingdom, raw):
    response = client.post("/api/check", data=raw, content_type="application/json")
    assert response.status_code in {200, 400, 413}
    body = response.json()
    if response.status_code != 200:
        assert_sentence(body["error"])
    else:
        assert set(body) == {"legal", "points", "points_limit", "violations"}


@SETTINGS
@given(raw=hostile(LEGAL))
def test_checklist_answers_any_file_with_a_report_or_a_sentence(kingdom, tmp_path, capsys, raw):
    path = tmp_path / "list.json"
    path.write_bytes(raw)
    with pytest.raises(SystemExit) as status:
        call_command("checklist", str(path), "--json")
    line = json.loads(capsys.readouterr().out)
    assert status.value.code in {0, 1, 2}
    if status.value.code == 2:
        assert line["error"].startswith(f"{path}: ")
        assert_sentence(line["error"].removeprefix(f"{path}: "))


@SETTINGS
@given(raw=hostile(KINGDOM))
@example(raw=b'{"\\u0000": null}')  # a NUL in a key of the file's top level: found by hypothesis
def test_import_factions_answers_any_file_with_a_sentence_naming_it(tmp_path, db, raw):
    path = tmp_path / "factions.json"
    path.write_bytes(raw)
    try:
        import_file(path)
    except FactionFileError as error:
        assert str(error).startswith(f"{path}: ")
        assert_sentence(str(error).removeprefix(f"{path}: "))


@SETTINGS
@given(raw=hostile(LEGAL))
@example(raw=b"")  # an empty upload is read like any file, not refused by the form field alone
def test_the_builders_import_answers_any_file_with_a_list_or_a_sentence(client, kingdom, django_user_model, raw):
    user, _ = django_user_model.objects.get_or_create(username="hostile")
    client.force_login(user)
    response = client.post(reverse("builder:list-import"),
                           {"file": SimpleUploadedFile("list.json", raw, content_type="application/json")})
    assert response.status_code in {200, 302}
    if response.status_code == 200:
        assert "This list file cannot be used: " in response.content.decode()
