"""The list file 1.1 at every way in: its fields, its bounds, and JSON that cannot hurt the server
(docs/list-file.md, Bounds; docs/checking.md)."""
from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from armylists.boundary.errors import BadInput
from armylists.boundary.jsonfile import parse_json
from armylists.boundary.numbers import whole_number
from armylists.checking.check import check_document
from armylists.checking.listfile import dump_list, parse_list

from .conftest import LEGAL, list_file

pytestmark = pytest.mark.django_db
DEEP = b"[" * 100_000


def refused(data) -> str:
    with pytest.raises(BadInput) as error:
        check_document(data)
    return str(error.value)


def test_meta_is_kept_unchanged_and_never_checked(kingdom):
    meta = {"event": "Spring Open", "tags": ["casual", 3], "anything": {"x": None, "y": 1.5}}
    parsed = parse_list({**LEGAL, "meta": meta})
    assert dump_list(parsed)["meta"] == meta
    assert check_document({**LEGAL, "meta": meta}).report.legal


@pytest.mark.parametrize("data, message", [
    ({**LEGAL, "colour": "red"}, "colour: is not a field of this format"),
    (list_file(entries=[{"id": "e1", "unit": "infantry", "colour": "red"}]),
     "entries[0].colour: is not a field of this format"),
    ({**LEGAL, "meta": ["not", "an object"]}, "meta: must be an object"),
])
def test_any_field_outside_meta_that_the_format_does_not_name_is_refused_by_name(kingdom, data, message):
    assert refused(data) == message


@pytest.mark.parametrize("entry_id", ["../18/delete", "e 1", "ä", "", "x" * 41, "a/b", "e1?x=1",
                                      "e1\n", "e1\r\nX-Injected: 1"])
def test_entry_ids_are_url_safe(kingdom, entry_id):
    data = list_file(entries=[{"id": entry_id, "unit": "infantry"}])
    assert refused(data) == "entries[0].id: must be 1 to 40 letters, digits, '_' or '-'"


def test_the_longest_entry_id_of_every_allowed_character_is_accepted(kingdom):
    entry_id = ("Az09_-" * 7)[:40]
    assert check_document(list_file(entries=[{"id": entry_id, "unit": "infantry"}])).report is not None


@pytest.mark.parametrize("data, message", [
    (list_file(points_limit=1_000_001), "points_limit: must be at most 1,000,000"),
    (list_file(points_limit=0), "points_limit: must be an integer ≥ 1"),
    (list_file(name="n" * 201), "name: must be at most 200 characters"),
    (list_file(entries=[{"id": "e1", "unit": "infantry", "name": "n" * 201}]),
     "entries[0].name: must be at most 200 characters"),
    (list_file(name="Spring\nOpen"), "name: must be one line"),
    (list_file(entries=[{"id": "e1", "unit": "infantry", "name": "Sir\x00Reg"}]),
     "entries[0].name: must not contain a NUL character"),
    (list_file(entries=[{"id": "e1", "unit": "i" * 65}]),
     "entries[0].unit: must be 1 to 64 lower-case letters, digits or hyphens"),
    (list_file(entries=[{"id": "e1", "unit": "infantry", "options": ["spears"] * 101}]),
     "entries[0].options: must hold at most 100"),
    (list_file(entries=[{"id": f"e{i}", "unit": "infantry"} for i in range(1_001)]),
     "entries: must hold at most 1,000"),
    (list_file(game="battleground", command_cards=1_001), "command_cards: must be at most 1,000"),
    (list_file(game="diskwars", regiments=51), "regiments: must be at most 50"),
    (list_file(game="diskwars", regiments=0), "regiments: must be an integer ≥ 1"),
    (list_file(game="aof-skirmish", mixed_armies="tournament"), "mixed_armies: must be 'single' or 'free'"),
    (list_file(mixed_armies="loose"), "mixed_armies: must be 'single', 'free' or 'tournament'"),
    (list_file(game="dulce-bellum", entries=[{"id": "e1", "unit": "caster", "size": "single",
                                              "spells": ["fireball"]}]),
     "entries[0].grimoire: is required when spells are listed"),
])
def test_every_bound_of_the_list_file_names_its_path(data, message):
    with pytest.raises(BadInput) as error:
        parse_list(data)
    assert str(error.value) == message


def test_the_bounds_themselves_are_inside(kingdom):
    data = list_file(points_limit=1_000_000, name="n" * 200,
                     entries=[{"id": f"e{i}", "unit": "infantry", "options": ["spears"] * 100} for i in range(1_000)])
    assert check_document(data).report.points_limit == 1_000_000


def test_mixed_armies_left_out_is_the_games_default_applied_by_the_engine(kingdom):
    """AoF Regiments, Preparing your Army ("from one or more armies"): Regiments' default is free, from the
    game's numbers."""
    checked = check_document(LEGAL)
    assert checked.document.mixed_armies is None and checked.army.mixed_armies is None
    assert "mixed_armies" not in dump_list(checked.document)
    assert parse_list(list_file(game="aof-skirmish", mixed_armies="single")).mixed_armies == "single"


def test_a_number_of_5000_digits_is_out_of_its_bound_not_a_crash(kingdom):
    raw = b'{"format": "armylists/list@1", "game": "aof-regiments", "faction": "kingdom", "entries": [], ' \
          b'"points_limit": ' + b"9" * 5_000 + b"}"
    assert refused(parse_json(raw)) == "points_limit: must be at most 1,000,000"
    negative = raw.replace(b": 999", b": -999", 1)
    assert refused(parse_json(negative)) == "points_limit: must be an integer ≥ 1"


def test_a_long_number_inside_meta_is_refused_with_its_path(kingdom):
    raw = json.dumps({**LEGAL, "meta": {"a": [1, "X"]}}).replace('"X"', "1" * 30).encode()
    assert refused(parse_json(raw)) == "meta.a[1]: must have at most 20 digits"


def test_a_hundred_thousand_brackets_are_refused_without_recursion_and_with_a_path():
    with pytest.raises(BadInput) as error:
        parse_json(DEEP)
    assert str(error.value) == "[0]" * 20 + ": nests more than 20 levels deep"


def test_nesting_counts_meta_and_stops_at_twenty_levels(kingdom):
    def nested(levels: int):  # `levels` arrays inside meta, itself two levels deep
        return {**LEGAL, "meta": {"x": json.loads("[" * levels + "]" * levels)}}

    assert check_document(parse_json(json.dumps(nested(18)).encode())).report.legal
    assert refused_raw(json.dumps(nested(19)).encode()) == "meta.x" + "[0]" * 18 + ": nests more than 20 levels deep"


def refused_raw(raw: bytes) -> str:
    with pytest.raises(BadInput) as error:
        parse_json(raw)
    return str(error.value)


@pytest.mark.parametrize("raw, message", [
    (json.dumps(LEGAL).encode("utf-16"), "must be UTF-8; this file is UTF-16: save it as UTF-8"),
    (json.dumps(LEGAL).encode("utf-16-le"), "must be UTF-8; this file looks like UTF-16: save it as UTF-8"),
    (json.dumps(LEGAL).encode("utf-16-be"), "must be UTF-8; this file looks like UTF-16: save it as UTF-8"),
    (json.dumps(LEGAL).encode("utf-32"), "must be UTF-8; this file is UTF-32: save it as UTF-8"),
    (b'{"name": "caf\xe9"}', "must be UTF-8; byte 14 is not (save the file as UTF-8)"),
    (b'{"x": NaN}', "not valid JSON (NaN is not a JSON number)"),
    (b'{"x": 1e400}', "not valid JSON (the number 1e400 is too large)"),
    (b" " * 1_000_001, "must be at most 1,000,000 bytes (it is 1,000,001)"),
    # A picture or a document sent by mistake says what it is, not that it "must be UTF-8".
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not a JSON file: this is a PNG image"),
    (b"%PDF-1.7\n%\xe2\xe3", "not a JSON file: this is a PDF"),
    (b"PK\x03\x04\x14\x00", "not a JSON file: this is a zip archive (a Word or Excel file is one too)"),
])
def test_json_that_is_not_utf8_or_not_finite_or_too_big_is_refused_clearly(raw, message):
    assert refused_raw(raw) == message


def test_a_utf8_byte_order_mark_is_still_utf8(kingdom):
    assert check_document(parse_json(json.dumps(LEGAL).encode("utf-8-sig"))).report.legal


# --- every way in: checklist and /api/check


def test_checklist_refuses_a_deep_a_huge_and_a_utf16_file_naming_each(kingdom, tmp_path, capsys):
    files = {"deep.json": DEEP, "big.json": b" " * 1_000_001,
             "wide.json": json.dumps(LEGAL).encode("utf-16"), "ok.json": json.dumps(LEGAL).encode()}
    for name, raw in files.items():
        (tmp_path / name).write_bytes(raw)
    with pytest.raises(SystemExit) as status:
        call_command("checklist", *(str(tmp_path / n) for n in files), "--json")
    assert status.value.code == 2
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[0]["error"].endswith("deep.json: " + "[0]" * 20 + ": nests more than 20 levels deep")
    assert lines[1]["error"].endswith("big.json: over 1,000,000 bytes, the most a list file may have")
    assert "must be UTF-8" in lines[2]["error"]
    assert lines[3]["legal"] is True


def post(client, raw: bytes, **extra):
    return client.post("/api/check", data=raw, content_type="application/json", **extra)


def test_the_api_answers_413_from_content_length_before_reading_the_body(client, kingdom):
    response = post(client, json.dumps(LEGAL).encode(), CONTENT_LENGTH="1000001")
    assert response.status_code == 413
    # Refused by the body limits before the view (armylists/ops/limits.py), in the same words.
    assert response.json() == {"error": "the request must be at most 1,000,000 bytes (it declares 1,000,001)"}


def test_the_api_answers_413_for_a_body_over_one_megabyte(client, kingdom):
    assert post(client, b" " * 1_000_001).status_code == 413


@pytest.mark.parametrize("raw, message", [
    (DEEP, "nests more than 20 levels deep"),
    (json.dumps(list_file(points_limit=1)).replace(": 1,", ": " + "9" * 5_000 + ",").encode(),
     "points_limit: must be at most 1,000,000"),
    (json.dumps(LEGAL).encode("utf-16"), "must be UTF-8"),
    (json.dumps(list_file(entries=[{"id": "../18/delete", "unit": "infantry"}])).encode(), "entries[0].id"),
    (json.dumps({**LEGAL, "meta": {"tags": ["casual", "a\x00b"]}}).encode(),
     "meta.tags[1]: must not contain a NUL character"),
])
def test_the_api_answers_hostile_bodies_with_400_and_a_sentence(client, kingdom, raw, message):
    response = post(client, raw)
    assert response.status_code == 400
    assert message in response.json()["error"]


@pytest.mark.parametrize("text, number", [("7", 7), (" 42 ", 42), ("0", 0), ("²", None), ("١٢", None), ("-3", None),
                                          ("1.5", None), ("", None), ("9" * 20, int("9" * 20)), ("9" * 21, None),
                                          ("9" * 5000, None)])
def test_whole_number_reads_ascii_digits_only_and_never_too_many(text, number):
    # str.isdigit() lets "²" through, which int() refuses, and int() refuses more than 4,300 digits.
    assert whole_number(text) == number
