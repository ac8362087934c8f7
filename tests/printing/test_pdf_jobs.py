"""One job per PDF, ever (armylists/printing/rendered.py; docs/deploying.md, "Background tasks"): asking again
joins the job queued or running for the same content however long the queue, a PDF already kept is
never rendered again, and only a job that is over without the PDF, or whose worker died mid-way (no heartbeat for
`LOST_S`), is queued anew."""
from __future__ import annotations

import datetime as dt
import html
import threading
import time
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core import signing
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone
from django_tasks import default_task_backend
from django_tasks.base import TaskResultStatus

from armylists.ops.state import state
from armylists.printing import files, rendered

from .test_rendered import RELOAD

pytestmark = [pytest.mark.django_db, pytest.mark.redis]  # run again against Redis (.ci/run)

DUMMY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend",  # a worker that has not come yet
                     "QUEUES": ["default", "rosters"]}}


@pytest.fixture
def waiting_roster(client, make_army_list, settings):
    """A roster the worker renders, asked for by its owner: the URL to ask again."""
    settings.TASKS, settings.ROSTER_INLINE_ENTRIES = DUMMY, 0
    army_list = make_army_list()
    client.force_login(army_list.owner)
    return reverse("printing:list-pdf", args=[army_list.pk])


def jobs() -> list:
    return default_task_backend.results


def later(monkeypatch, minutes: float = 0, seconds: float = 0) -> None:
    """The clock moved on (from where it is), for the cache's expiry and the job's age alike."""
    moved = timezone.now() + dt.timedelta(minutes=minutes, seconds=seconds)
    monkeypatch.setattr(timezone, "now", lambda: moved)
    monkeypatch.setattr(time, "time", lambda: moved.timestamp())  # what the cache sets expiry times by
    monkeypatch.setattr("django.core.cache.backends.db.tz_now", lambda: moved)  # and what it reads them by


def test_asking_again_however_long_the_queue_joins_the_one_job(client, waiting_roster, monkeypatch):
    assert client.get(waiting_roster).status_code == 202
    later(monkeypatch, 30)  # half an hour in the queue, behind others
    assert [client.get(waiting_roster).status_code for _ in range(5)] == [202] * 5
    assert len(jobs()) == 1


def waited_for(waiting_page) -> str:
    """The key of the PDF a waiting page waits for (signed into its reload URL)."""
    reload_url = html.unescape(RELOAD.search(waiting_page.content.decode()).group(1))
    query = parse_qs(urlsplit(reload_url).query)
    return signing.loads(query[rendered.WAITING][0], salt=rendered.WAITING_SALT)["key"]


def beat(key: str) -> None:
    """The rendering worker's heartbeat, as `_beating` gives it."""
    state.set(key + ":pending", {**state.get(key + ":pending"), "beat": timezone.now()})


def test_a_rendering_that_runs_long_is_joined_and_one_whose_worker_died_is_queued_anew(
        client, waiting_roster, monkeypatch):
    key = waited_for(client.get(waiting_roster))
    [job] = jobs()
    object.__setattr__(job, "status", TaskResultStatus.RUNNING)
    object.__setattr__(job, "started_at", timezone.now())
    later(monkeypatch, 10)
    beat(key)  # ten minutes on, its worker still renders
    later(monkeypatch, seconds=rendered.LOST_S - 1)
    assert client.get(waiting_roster).status_code == 202 and len(jobs()) == 1  # still alive: joined
    later(monkeypatch, seconds=2)  # no beat since LOST_S + 1: its worker died after that one
    assert client.get(waiting_roster).status_code == 202 and len(jobs()) == 2


def test_a_job_whose_worker_died_before_its_first_beat_is_queued_anew(client, waiting_roster, monkeypatch):
    client.get(waiting_roster)
    [job] = jobs()
    object.__setattr__(job, "status", TaskResultStatus.RUNNING)
    object.__setattr__(job, "started_at", timezone.now())
    later(monkeypatch, seconds=rendered.LOST_S + 1)
    assert client.get(waiting_roster).status_code == 202 and len(jobs()) == 2


def test_the_worker_beats_while_it_renders(monkeypatch, settings):
    """From a thread of its own, into the job's marker (a cache in memory here: the test's database
    transaction is the main thread's)."""
    in_memory = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    settings.CACHES = {"default": in_memory, "state": in_memory | {"LOCATION": "state"}}
    monkeypatch.setattr(rendered, "BEAT_S", 0.01)
    state.set("roster:long:pending", {"queued": timezone.now()})

    def render() -> bytes:  # as long as it takes the worker to beat (at most 30 s)
        deadline, waiting = time.monotonic() + 30, threading.Event()
        while "beat" not in state.get("roster:long:pending") and time.monotonic() < deadline:
            waiting.wait(0.01)
        return b"%PDF-1.7 rendered while beating" if "beat" in state.get("roster:long:pending") else b"no beat"

    assert rendered.render_queued("roster:long", render) == "done"
    assert files.kept("roster:long") == b"%PDF-1.7 rendered while beating"


def test_a_job_over_without_its_pdf_is_queued_anew_and_its_waiting_page_asks_again(client, waiting_roster):
    waiting = client.get(waiting_roster)
    [job] = jobs()
    object.__setattr__(job, "status", TaskResultStatus.SUCCESSFUL)  # it found nothing to print, say
    reload_url = html.unescape(RELOAD.search(waiting.content.decode()).group(1))
    assert client.get(reload_url).status_code == 202 and len(jobs()) == 2


def test_a_pdf_kept_is_never_rendered_again():
    renders = []

    def render() -> bytes:
        renders.append(1)
        return b"%PDF-1.7 made once"

    # Two jobs for one PDF (queued before either ran): the second finds it rendered.
    assert rendered.render_queued("roster:same", render) == "done"
    assert rendered.render_queued("roster:same", render) == "cached"
    assert renders == [1] and files.kept("roster:same") == b"%PDF-1.7 made once"


def test_filling_the_cache_with_other_keys_leaves_a_pending_pdf_pending_and_an_exhausted_limit_exhausted(
        client, waiting_roster, settings):
    """Django's database cache culls its keys in the order of their names past MAX_ENTRIES (2,000): the job's
    marker and the rate limit's count, kept there, went as soon as enough shared pages were cached, and the
    PDF was queued again. Both are kept where nothing cached can push them out (armylists/ops/state.py and
    tallies.py)."""
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "roster-pdf": {"user": "2/m", "address": "100/m"}}
    waiting = client.get(waiting_roster)
    assert [waiting.status_code, client.get(waiting_roster).status_code] == [202, 202]
    assert client.get(waiting_roster).status_code == 429
    for number in range(2_500):
        cache.set(f"shared-page:{number}", b"a page")
    reload_url = html.unescape(RELOAD.search(waiting.content.decode()).group(1))
    assert client.get(reload_url).status_code == 202  # still pending: its waiting page goes on waiting
    assert client.get(waiting_roster).status_code == 429
    assert len(jobs()) == 1
