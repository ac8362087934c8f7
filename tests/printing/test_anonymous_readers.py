"""A flood of anonymous readers takes what the players leave, never what they need (docs/deploying.md, "What the
site does against hostile clients"): anonymous costly work runs in one of the machine's slots and within a time
budget every anonymous reader shares; signed-in requests never take a slot nor wait for one. Anonymous shared
answers carry validators and public Cache-Control, so a reader's copy is answered 304 before any work and the
proxy in front may keep them; a player's own roster is queued before a reader's and an organiser's pack."""
from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from armylists.builder.views import share
from armylists.events.tasks import build_judges_pack
from armylists.ops import ratelimit, slots
from armylists.printing import views as printing_views

pytestmark = pytest.mark.django_db

SHARED_PAGES = ["builder:shared-list", "printing:shared-pdf"]


@pytest.fixture
def slot_taken():
    """Every slot held, as by an anonymous request running in another web process."""
    held = [slots.take()]
    assert held[0] is not None
    yield
    slots.give_back(held[0])


@pytest.mark.parametrize("page", SHARED_PAGES)
def test_with_every_slot_taken_an_anonymous_reader_is_told_to_retry_and_a_signed_in_one_is_served(
        client, make_army_list, make_user, slot_taken, monkeypatch, page):
    army_list = make_army_list(shared=True)
    url = reverse(page, args=[army_list.share_token])
    refused = client.get(url)
    assert refused.status_code == 503 and refused["Retry-After"] == "1" and refused.refused
    client.force_login(make_user("reader"))
    tries = []
    monkeypatch.setattr(slots, "take", lambda: tries.append(1))
    assert client.get(url).status_code == 200
    assert tries == []  # never took a slot, never waited for one


def test_a_slot_is_given_back_once_the_anonymous_request_is_answered(client, make_army_list):
    army_list = make_army_list(shared=True)
    url = reverse("builder:shared-list", args=[army_list.share_token])
    assert [client.get(url).status_code for _ in range(3)] == [200, 200, 200]
    held = slots.take()
    assert held is not None  # free again
    slots.give_back(held)


def test_a_slot_held_by_a_process_that_died_is_free(client, make_army_list):
    """The kernel drops a dead process's lock: a process killed mid-request keeps no slot."""
    import subprocess
    import sys

    from django.conf import settings
    holder = subprocess.Popen([sys.executable, "-c", (
        "import fcntl, os, sys; d = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT); "
        "fcntl.flock(d, fcntl.LOCK_EX); print('held', flush=True); sys.stdin.read()"),
        f"{settings.ANONYMOUS_SLOTS_DIR}/slot-0"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    assert slots.take() is None
    holder.kill()
    holder.wait()
    held = slots.take()
    assert held is not None
    slots.give_back(held)


def test_past_the_anonymous_budget_every_address_gets_429_and_a_signed_in_reader_goes_on(
        client, rf, make_army_list, make_user, settings, monkeypatch):
    """Each address within its own share, together they exhaust what every anonymous reader shares."""
    settings.COST_LIMITS = {"user": 100, "address": 100, "anonymous": 3}
    army_list = make_army_list(shared=True)
    url = reverse("builder:shared-list", args=[army_list.share_token])
    ticks = iter(range(0, 10_000, 1))  # each costly request takes a second of the server's time
    monkeypatch.setattr(ratelimit, "timer", lambda: next(ticks))
    statuses = [client.get(url, REMOTE_ADDR=f"203.0.113.{n}").status_code for n in range(1, 6)]
    assert statuses == [200, 200, 200, 429, 429]
    # Until the window has room, this process's event loop refuses any anonymous reader, without the thread.
    assert 0 < ratelimit.anonymous_budget_spent(rf.get(url, REMOTE_ADDR="203.0.113.77")) <= 65
    signed_in_reader = rf.get(url, REMOTE_ADDR="203.0.113.77")
    signed_in_reader.user = make_user("counted")
    assert ratelimit.anonymous_budget_spent(signed_in_reader) is None
    client.force_login(make_user("reader"))
    assert client.get(url, REMOTE_ADDR="203.0.113.9").status_code == 200


@pytest.mark.parametrize("page", SHARED_PAGES)
def test_an_anonymous_readers_copy_is_answered_304_before_any_work(client, make_army_list, monkeypatch, page):
    army_list = make_army_list(shared=True)
    url = reverse(page, args=[army_list.share_token])
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"]
    monkeypatch.setattr(share, "load_checked", lambda *a: pytest.fail("checked the list again"))
    monkeypatch.setattr(printing_views, "printing_of", lambda *a: pytest.fail("checked the list again"))
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"] and again.content == b""
    assert "public" in again["Cache-Control"]
    tables = {re.search(r'(?:FROM|INTO) "(\w+)"', query["sql"])[1] for query in queries.captured_queries}
    # The list and its game's data version, for the fingerprint; the tallies, as every answer counts.
    # Not the kept page or roster (muster_cache), not the unit data: nothing checked, nothing rendered.
    assert {"builder_armylist", "ops_tally"} <= tables <= {"builder_armylist", "factions_gamesystem", "ops_tally"}


@pytest.mark.parametrize("page", SHARED_PAGES)
def test_a_changed_list_is_not_answered_304(client, make_army_list, page):
    army_list = make_army_list(shared=True)
    url = reverse(page, args=[army_list.share_token])
    etag = client.get(url)["ETag"]
    army_list.document = {**army_list.document, "name": "Renamed Vanguard"}
    army_list.name = "Renamed Vanguard"
    army_list.save()
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


@pytest.mark.parametrize("page", SHARED_PAGES)
def test_only_anonymous_shared_answers_may_be_kept_by_anyone(client, make_army_list, make_user, page):
    army_list = make_army_list(shared=True)
    url = reverse(page, args=[army_list.share_token])
    anonymous = client.get(url)
    assert "public" in anonymous["Cache-Control"] and "max-age=60" in anonymous["Cache-Control"]
    assert not anonymous.cookies  # a kept answer would hand one reader's cookie to the next
    client.force_login(make_user("reader"))
    signed_in = client.get(url)
    assert signed_in.status_code == 200 and "public" not in signed_in["Cache-Control"]
    assert "private" in signed_in["Cache-Control"] and "no-store" in signed_in["Cache-Control"]
    assert not signed_in.has_header("ETag")
    client.force_login(army_list.owner)
    own = client.get(reverse("printing:list-pdf", args=[army_list.pk]))
    assert own.status_code == 200 and "public" not in own.get("Cache-Control", "")


def test_a_players_roster_is_queued_before_a_readers_and_an_organisers_pack(
        client, make_army_list, settings):
    """django_tasks_db's worker takes the highest priority first (settings.TASK_PRIORITIES)."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend",
                                  "QUEUES": settings.TASKS["default"]["QUEUES"]}}
    settings.ROSTER_INLINE_ENTRIES = 0
    army_list = make_army_list(shared=True, share_shows_owner=False)  # the reader's roster names no player
    assert client.get(reverse("printing:shared-pdf", args=[army_list.share_token])).status_code == 202
    build_judges_pack.enqueue(1)
    client.force_login(army_list.owner)
    assert client.get(reverse("printing:list-pdf", args=[army_list.pk])).status_code == 202
    order = [(job.task_path.rsplit(".", 1)[-1], job.args_kwargs["args"][1] if "roster" in job.task_path else None)
             for job in DBTaskResult.objects.ready()]
    assert order == [("render_list_roster", army_list.owner.get_username()), ("render_list_roster", None),
                     ("build_judges_pack", None)]
