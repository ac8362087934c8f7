"""POST /api/check: the checklist JSON object without "file"; bad input is a 400 with an error."""
from __future__ import annotations

import json

import pytest

from .conftest import ILLEGAL, LEGAL, MISSPELT

pytestmark = pytest.mark.django_db
URL = "/api/check"


def post(client, body):
    return client.post(URL, data=body if isinstance(body, (str, bytes)) else json.dumps(body),
                       content_type="application/json")


def test_a_legal_list_answers_the_report(client, kingdom):
    response = post(client, LEGAL)
    assert response.status_code == 200
    assert response.json() == {"legal": True, "points": 285, "points_limit": 1500, "violations": []}


def test_an_illegal_list_answers_200_with_its_violations(client, kingdom):
    body = post(client, ILLEGAL).json()
    assert body["legal"] is False and "file" not in body
    assert {v["code"] for v in body["violations"]} == {"unit-too-expensive"}


def test_the_api_and_the_command_give_the_same_answer(client, kingdom, write_list, capsys):
    from django.core.management import call_command

    with pytest.raises(SystemExit):
        call_command("checklist", write_list("b.json", ILLEGAL), "--json")
    from_command = json.loads(capsys.readouterr().out)
    from_command.pop("file")
    assert post(client, ILLEGAL).json() == from_command


@pytest.mark.parametrize("body, message", [
    (MISSPELT, "entries[3].unit: no unit 'knigths' in faction 'kingdom'"),
    ("{not json", "not valid JSON"),
    (b"\xff\xfe", "must be UTF-8"),
    ({"entries": []}, "format"),
])
def test_bad_input_answers_400_with_the_json_path(client, kingdom, body, message):
    response = post(client, body)
    assert response.status_code == 400
    assert message in response.json()["error"]


def test_only_post_is_allowed(client, kingdom):
    assert client.get(URL).status_code == 405


def test_the_api_needs_no_csrf_token_since_it_reads_no_session(kingdom):
    from django.test import Client

    response = post(Client(enforce_csrf_checks=True), LEGAL)
    assert response.status_code == 200


def test_the_api_is_rate_limited_per_address_with_json_and_retry_after(client, kingdom, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "check-api": {"user": "100/m", "address": "2/m"}}
    assert [post(client, LEGAL).status_code for _ in range(2)] == [200, 200]
    refused = post(client, LEGAL)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert refused.json()["error"].startswith("Too many requests")
