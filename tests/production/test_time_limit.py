"""No request holds a web process past REQUEST_TIME_LIMIT_S (armylists/ops/timelimit.py), and a
database busy with another writer answers 503 with Retry-After, never 500 (armylists/ops/errors.py)."""
from __future__ import annotations

import asyncio
import threading
import time

import pytest
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.test import Client

from armylists.ops.errors import busy_database
from armylists.ops.handler import MusterASGIHandler
from armylists.ops.timelimit import RequestCut, RequestTimeLimitMiddleware, cut, shielded, time_limit_of

from . import urls_extra
from .asgi_client import http_scope, run

pytestmark = pytest.mark.urls("tests.production.urls_extra")


async def get(handler, path: str) -> tuple[int, dict[bytes, bytes], float]:
    sent, asked = [], []
    started = time.monotonic()

    async def receive():
        if not asked:
            asked.append(1)
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()

    async def send(message):
        sent.append(message)

    await handler(http_scope("GET", path), receive, send)
    return sent[0]["status"], dict(sent[0]["headers"]), time.monotonic() - started


def test_a_request_past_the_limit_is_answered_503_and_its_process_freed(settings):
    settings.REQUEST_TIME_LIMIT_S = 0.5
    urls_extra.running.clear()
    handler = MusterASGIHandler()

    async def spin_then_slow():
        spun = await get(handler, "/spin/")
        return spun, await get(handler, "/slow/")

    (status, headers, took), (next_status, _, next_took) = run(spin_then_slow(), timeout=30)
    assert status == 503 and headers[b"Retry-After"] == b"5" and took < 2
    # The next request's code runs in the same thread: it is free again at once, not after ten seconds.
    assert next_status == 200 and next_took < 2
    assert "spinning" in urls_extra.running and "spun to the end" not in urls_extra.running


def test_a_request_whose_time_ran_out_while_it_waited_is_answered_without_being_started(settings):
    settings.REQUEST_TIME_LIMIT_S = 0.5
    urls_extra.running.clear()
    handler = MusterASGIHandler()

    # One thread runs both in turn: /slow/ waits behind /asleep/, which holds the thread for a second
    # (its cut takes effect only then), well past /slow/'s half a second.
    async def together():
        return await asyncio.gather(get(handler, "/asleep/"), get(handler, "/slow/"))

    (slept, _, _), (waited, headers, took) = run(together(), timeout=30)
    assert (slept, waited, headers[b"Retry-After"]) == (503, 503, b"5") and took < 2
    assert not any(event.startswith("start") for event in urls_extra.running)


@pytest.mark.django_db
def test_a_locked_database_answers_503_with_retry_after_never_500():
    response = Client(raise_request_exception=False).get("/locked/")
    assert response.status_code == 503 and response["Retry-After"] == "5"
    assert "The site is busy" in response.content.decode() and "nothing was saved" in response.content.decode()


@pytest.mark.django_db
def test_any_other_failure_is_still_a_500():
    assert Client(raise_request_exception=False).get("/fail/").status_code == 500


@pytest.mark.parametrize("message, busy", [
    ("database is locked", True),                                       # SQLite, another writer
    ("canceling statement due to lock timeout", True),                  # PostgreSQL's lock_timeout
    ("couldn't get a connection after 10.00 sec", True),                # psycopg_pool, every connection in use
    ('relation "events_pack" does not exist', False),                   # a real fault stays a 500
])
def test_which_database_errors_mean_busy(message, busy):
    assert busy_database(OperationalError(message)) is busy


def test_a_cut_inside_a_shielded_step_waits_for_the_step_to_end():
    """A step that hands work to another thread and notes it is never split by a cut (timelimit.shielded)."""
    request, entered, go, steps = HttpRequest(), threading.Event(), threading.Event(), []

    def view(request):
        with shielded():
            entered.set()
            go.wait(5)
            steps.append("noted")
        steps.append("after the step")  # never reached: the cut is raised as the step ends
        return HttpResponse()

    def serve():
        try:
            RequestTimeLimitMiddleware(view)(request)
        except RequestCut:
            steps.append("cut")

    thread = threading.Thread(target=serve)
    thread.start()
    assert entered.wait(5)
    assert cut(request) and request.cut_for_time
    go.set()
    thread.join(5)
    assert steps == ["noted", "cut"]


def test_a_login_sent_waits_its_turn_for_a_hash_past_the_request_limit(settings, rf):
    """Fifty players logging in at once on a busy machine queue for the password hashes: a login is not cut at
    REQUEST_TIME_LIMIT_S but at LOGIN_TIME_LIMIT_S (docs/deploying.md, "Passwords"); every other request,
    the login page itself among them, keeps the request limit."""
    settings.REQUEST_TIME_LIMIT_S, settings.LOGIN_TIME_LIMIT_S = 2, 10
    assert time_limit_of(rf.post("/accounts/login/")) == 10
    assert time_limit_of(rf.get("/accounts/login/")) == 2
    assert time_limit_of(rf.post("/accounts/signup/")) == 2
