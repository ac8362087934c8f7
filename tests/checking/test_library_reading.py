"""A game's library is read beside the request that needs it (armylists.checking.library): a request whose time
runs out while a large library is read is cut, but the reading goes on and is kept, so the next request finds
it read instead of starting again and being cut in turn (docs/deploying.md, "What the site does against hostile
clients")."""
from __future__ import annotations

import threading

import pytest
from django.http import HttpRequest, HttpResponse

from armylists.checking import library as library_module
from armylists.checking.library import library_of
from armylists.ops.timelimit import RequestCut, RequestTimeLimitMiddleware, cut
from factions.models import GameSystem

from .conftest import KINGDOM, make_faction

pytestmark = pytest.mark.django_db(transaction=True)  # the reader thread sees only what is committed


@pytest.fixture
def slow_reading(monkeypatch):
    """Readings that wait for `go` once started, and the games each one began to read."""
    started, go, read = threading.Event(), threading.Event(), []
    real = library_module.load_library

    def slow(game):
        read.append(game.slug)
        started.set()
        assert go.wait(10)
        return real(game)

    monkeypatch.setattr(library_module, "load_library", slow)
    monkeypatch.setattr(library_module, "_LIBRARIES", {})
    yield started, go, read
    go.set()


def serve(request: HttpRequest, view, outcome: dict) -> None:
    """One request through the time-limit middleware, as the web process serves it."""
    try:
        outcome["status"] = RequestTimeLimitMiddleware(view)(request).status_code
    except RequestCut:
        outcome["cut"] = True


def test_a_request_cut_while_its_library_is_read_leaves_the_reading_to_finish_and_be_kept(slow_reading):
    started, go, read = slow_reading
    make_faction(KINGDOM)
    game = GameSystem.objects.get(slug="aof-regiments")
    request, outcome = HttpRequest(), {}
    waiting = threading.Thread(target=serve, args=(request, lambda r: library_of(game) and HttpResponse(), outcome))
    waiting.start()
    assert started.wait(10)
    assert cut(request)
    waiting.join(10)
    assert outcome == {"cut": True}, "the cut stops the wait, not the reading"
    go.set()
    library = library_of(GameSystem.objects.get(slug="aof-regiments"))
    assert read == ["aof-regiments"], "the next request gets the reading the cut one started, not one of its own"
    assert library.factions["kingdom"].unit("giant") is not None
    assert library_of(game) is library


def test_requests_that_want_a_library_at_once_share_one_reading(slow_reading):
    started, go, read = slow_reading
    make_faction(KINGDOM)
    game = GameSystem.objects.get(slug="aof-regiments")
    got = []
    threads = [threading.Thread(target=lambda: got.append(library_of(game))) for _ in range(3)]
    for thread in threads:
        thread.start()
    assert started.wait(10)
    go.set()
    for thread in threads:
        thread.join(10)
    assert read == ["aof-regiments"] and len(got) == 3 and got[0] is got[1] is got[2]
