"""Every request has an id (X-Request-ID); a request that fails on the server is logged to
stdout with its traceback and that id, and the player's error page shows the same id."""
from __future__ import annotations

import logging
import re

import pytest
from django.test import Client

from .environment import manage

pytestmark = pytest.mark.django_db


def test_every_answer_carries_a_request_id_and_each_request_its_own():
    ids = [Client().get(path)["X-Request-ID"] for path in ("/", "/", "/no-such-page/")]
    assert all(re.fullmatch(r"[0-9a-f]{16}", i) for i in ids) and len(set(ids)) == 3


def test_the_answers_id_is_always_musters_own_and_a_plain_offered_one_is_logged_beside_it(caplog):
    """A client's X-Request-ID is never the answer's, or anyone could send a player's reference as theirs
    (docs/deploying.md, "Logs"); a plain one (a proxy's, say) is on the log record beside ours."""
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = Client().get("/no-such-page/", HTTP_X_REQUEST_ID="lb-7f3a9c21")
    assert re.fullmatch(r"[0-9a-f]{16}", response["X-Request-ID"])
    [record] = [r for r in caplog.records if r.name == "django.request"]
    assert (record.request_id, record.client_request_id) == (response["X-Request-ID"], "lb-7f3a9c21")
    for hostile in ("short", "x" * 65, "abc12345\nforged log line", "<script>alert(1)</script>"):
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="django.request"):
            answered = Client().get("/no-such-page/", HTTP_X_REQUEST_ID=hostile)["X-Request-ID"]
        [record] = [r for r in caplog.records if r.name == "django.request"]
        assert re.fullmatch(r"[0-9a-f]{16}", answered) and record.client_request_id == "-"


def test_an_answer_django_logs_as_a_warning_carries_the_id_too(caplog):
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = Client().get("/no-such-page/")
    [record] = [r for r in caplog.records if r.name == "django.request"]
    assert record.request_id == response["X-Request-ID"] and "Not Found" in record.getMessage()


@pytest.mark.urls("tests.production.urls_extra")
def test_a_failing_request_is_logged_with_its_traceback_and_the_id_its_page_shows(caplog):
    with caplog.at_level(logging.ERROR, logger="django.request"):
        response = Client(raise_request_exception=False).get("/fail/")
    request_id = response["X-Request-ID"]
    assert response.status_code == 500
    assert f'<code data-testid="request-id">{request_id}</code>' in response.content.decode()
    [record] = [r for r in caplog.records if r.name == "django.request"]
    assert record.request_id == request_id
    assert isinstance(record.exc_info[1], RuntimeError) and "a bug in a view" in str(record.exc_info[1])


FAIL_ONCE = """
from django.test import Client, override_settings
with override_settings(ROOT_URLCONF="tests.production.urls_extra"):
    response = Client(raise_request_exception=False).get("/fail/", HTTP_X_REQUEST_ID="lb-7f3a9c21")
print("ANSWERED", response.status_code, response["X-Request-ID"])
"""


def test_the_log_goes_to_stdout_traceback_and_id_together(tmp_path):
    """As deployed: DEBUG off, the production logging, a separate process."""
    run = manage("shell", "-v0", "-c", FAIL_ONCE, env={"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
                                                       "DEBUG": "false", "SECRET_KEY": "s" * 50,
                                                       "ALLOWED_HOSTS": "testserver"})
    status, request_id = re.search(r"ANSWERED (\d+) (\w+)", run.stdout).groups()
    assert status == "500"
    logged = run.stdout.split("ANSWERED")[0]
    assert f"ERROR django.request request_id={request_id} client_request_id=lb-7f3a9c21 Internal Server Error: " \
           "/fail/" in logged
    assert "Traceback (most recent call last)" in logged and "RuntimeError: a bug in a view" in logged


def test_not_found_and_not_allowed_pages_are_the_sites_own():
    response = Client().get("/no-such-page/")
    assert response.status_code == 404 and "There is nothing at this address" in response.content.decode()
    forbidden = Client(enforce_csrf_checks=True).post("/accounts/login/", {"username": "a", "password": "b"})
    assert forbidden.status_code == 403 and "not open to you" in forbidden.content.decode()
