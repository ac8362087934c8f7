"""The web process's ASGI handler runs one request's Django code at a time per process, in one
thread, where Django's own handler runs each request in a thread of its own, all at once; and it
runs a request's middleware and view in one trip from the event loop to that thread."""
from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import SyncToAsync
from django.core.handlers.asgi import ASGIHandler

from armylists.ops import slots
from armylists.ops.handler import MusterASGIHandler

from . import urls_extra
from .asgi_client import http_scope, run


async def get(handler, path: str, headers: list[tuple[bytes, bytes]] = ()) -> int:
    sent, asked = [], []

    async def receive():
        if not asked:
            asked.append(1)
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()  # the client stays connected until Django is done

    async def send(message):
        sent.append(message)

    await handler(http_scope("GET", path, headers), receive, send)
    return sent[0]["status"]


def three_at_once(handler) -> list[str]:
    urls_extra.running.clear()

    async def together():
        return await asyncio.gather(*(get(handler, "/slow/") for _ in range(3)))

    assert run(together()) == [200, 200, 200]
    return [event.split()[0] for event in urls_extra.running]


@pytest.mark.urls("tests.production.urls_extra")
def test_requests_take_turns_in_one_thread():
    assert three_at_once(MusterASGIHandler()) == ["start", "end"] * 3
    assert len({event.split()[1] for event in urls_extra.running}) == 1


@pytest.mark.urls("tests.production.urls_extra")
def test_djangos_own_handler_would_run_them_all_at_once():
    assert three_at_once(ASGIHandler()) == ["start"] * 3 + ["end"] * 3


def trips_to_the_thread(handler, monkeypatch) -> list[str]:
    """What each trip from the event loop to the process's thread ran, for one request."""
    trips = []
    real = SyncToAsync.__call__

    async def counted(self, *args, **kwargs):
        trips.append(getattr(self.func, "__qualname__", repr(self.func)))
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(SyncToAsync, "__call__", counted)
    assert run(get(handler, "/slow/")) == 200
    return trips


@pytest.mark.urls("tests.production.urls_extra")
def test_the_middleware_and_the_view_run_in_one_trip_to_the_thread(monkeypatch):
    # Besides the request_started signal's receivers before, and closing the response after.
    assert trips_to_the_thread(MusterASGIHandler(), monkeypatch) == [
        "Signal.asend.<locals>.sync_send", "BaseHandler.get_response", "HttpResponseBase.close"]


@pytest.mark.urls("tests.production.urls_extra")
def test_djangos_own_handler_would_take_the_view_and_the_csrf_check_there_one_by_one(monkeypatch):
    trips = trips_to_the_thread(ASGIHandler(), monkeypatch)
    assert "slow" in trips and "CsrfViewMiddleware.process_view" in trips


@pytest.mark.urls("tests.production.urls_extra")
def test_a_refused_client_waits_for_its_429_while_the_thread_serves_others(monkeypatch):
    """A flood asking again the moment it hears 429 would keep the process's thread answering it."""
    monkeypatch.setattr("armylists.ops.handler.REFUSED_WAIT_S", 0.5)
    urls_extra.running.clear()
    handler, answered = MusterASGIHandler(), []

    async def asked(path: str) -> None:
        answered.append((path, await get(handler, path)))

    async def together():
        await asyncio.gather(asked("/refused/"), asked("/slow/"))

    run(together())
    assert urls_extra.running[0] == "refused"  # the refusal was made first...
    assert answered == [("/slow/", 200), ("/refused/", 429)]  # ...and heard last, the thread free meanwhile


@pytest.fixture
def slot_taken():
    """Every slot for anonymous work held, as by a request in another web process (armylists/ops/slots.py)."""
    held = slots.take()
    assert held is not None
    yield
    slots.give_back(held)


@pytest.mark.urls("tests.production.urls_extra")
def test_an_anonymous_costly_request_without_a_slot_is_refused_on_the_loop_and_never_reaches_the_thread(
        monkeypatch, slot_taken):
    monkeypatch.setattr("armylists.ops.handler.REFUSED_WAIT_S", 0)
    urls_extra.running.clear()
    assert run(get(MusterASGIHandler(), "/costly/")) == 503
    assert urls_extra.running == []  # neither middleware nor view: the thread never saw it


@pytest.mark.urls("tests.production.urls_extra")
def test_an_anonymous_costly_request_runs_in_a_slot_taken_on_the_loop_and_given_back(monkeypatch):
    urls_extra.running.clear()
    assert run(get(MusterASGIHandler(), "/costly/")) == 200
    assert urls_extra.running == ["costly, in a slot: True"]
    held = slots.take()
    assert held is not None  # given back once answered
    slots.give_back(held)


@pytest.mark.urls("tests.production.urls_extra")
def test_a_request_with_a_session_cookie_never_waits_for_a_slot(monkeypatch, slot_taken):
    urls_extra.running.clear()
    monkeypatch.setattr(slots, "take", lambda: pytest.fail("took a slot"))
    assert run(get(MusterASGIHandler(), "/costly/", [(b"cookie", b"sessionid=abc")])) == 200
    assert urls_extra.running == ["costly, in a slot: False"]


@pytest.mark.urls("tests.production.urls_extra")
def test_while_the_anonymous_budget_is_spent_anonymous_costly_requests_get_429_on_the_loop(monkeypatch):
    monkeypatch.setattr("armylists.ops.handler.REFUSED_WAIT_S", 0)
    monkeypatch.setattr("armylists.ops.handler.anonymous_budget_spent", lambda request: 7)
    urls_extra.running.clear()
    assert run(get(MusterASGIHandler(), "/costly/")) == 429
    assert urls_extra.running == []


def answer_teapots(scope) -> int | None:
    return 418 if scope["path"] == "/teapot/" else None


@pytest.mark.urls("tests.production.urls_extra")
def test_a_request_answered_on_the_loop_never_reaches_django(settings, monkeypatch):
    """settings.ANSWERED_ON_THE_LOOP: a bare answer with its request id, no middleware, no thread."""
    settings.ANSWERED_ON_THE_LOOP = ["tests.production.test_handler.answer_teapots"]
    handler = MusterASGIHandler()
    monkeypatch.setattr(SyncToAsync, "__call__", lambda *a, **k: pytest.fail("Django's thread was asked"))
    sent = []

    async def send(message):
        sent.append(message)

    run(handler(http_scope("GET", "/teapot/"), None, send))
    assert sent[0]["status"] == 418 and dict(sent[0]["headers"])[b"x-request-id"]
    assert sent[1] == {"type": "http.response.body", "body": b""}
    monkeypatch.undo()
    assert run(get(handler, "/slow/")) == 200  # anything else is Django's
