"""The web process's ASGI handler runs one request's Django code at a time per process, in one
thread, where Django's own handler runs each request in a thread of its own, all at once."""
from __future__ import annotations

import asyncio

import pytest
from django.core.handlers.asgi import ASGIHandler

from armylists.ops.handler import MusterASGIHandler

from . import urls_extra
from .asgi_client import http_scope, run


async def get(handler, path: str) -> int:
    sent, asked = [], []

    async def receive():
        if not asked:
            asked.append(1)
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()  # the client stays connected until Django is done

    async def send(message):
        sent.append(message)

    await handler(http_scope("GET", path), receive, send)
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
