"""The rate and cost limits hold (armylists/ops/ratelimit.py; docs/deploying.md, "Caching and rate limits"):
counted atomically, so requests at once never take more than the limit; in windows that slide, so a run across
the end of a minute never takes twice it; and kept where nothing else cached can push them out."""
from __future__ import annotations

import json
import time
from datetime import UTC, datetime
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from hypothesis import HealthCheck, given
from hypothesis import settings as examples
from hypothesis import strategies as st

from armylists.ops import ratelimit, tallies
from armylists.ops.models import Tally
from armylists.ops.state import KeptDatabaseCache

from .at_once import AT_ONCE, RATE, burst
from .environment import manage

ON_POSTGRES = connection.vendor == "postgresql"
IN_REDIS = bool(settings.REDIS_URL)
IN_THE_DATABASE = pytest.mark.skipif(IN_REDIS, reason="the database's own store: the passes of .ci/run without Redis")
pytestmark = pytest.mark.redis
LIMIT = int(RATE.split("/")[0])
START = 1_800_000_000.0  # a minute's start


def most_in_any(seconds: float, times: list[float]) -> int:
    """The most of `times` that fall in any `seconds` (a window starting at one of them holds the most)."""
    return max((sum(start <= time < start + seconds for time in times) for start in times), default=0)


def asked(rf, user_pk: int = 7, address: str = "203.0.113.9"):
    request = rf.get("/lists/1/pdf/", REMOTE_ADDR=address)
    request.user = SimpleNamespace(pk=user_pk, is_authenticated=True)
    return request


def test_eighty_requests_at_once_by_one_user_on_sqlite_serve_at_most_the_limit(site_files, tmp_path):
    """Threads of one process on a SQLite file, as a web process's are: each request is counted, then its window
    read, so the last one served has seen every other served one's count."""
    url = f"sqlite:///{site_files.copy('migrated', tmp_path / 'site.sqlite3')}"
    done = manage("shell", "-c", "import json; from tests.production.at_once import burst; print(json.dumps(burst()))",
                  env={"DATABASE_URL": url})
    assert done.returncode == 0, done.stderr
    counts = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"\n{AT_ONCE} requests at once against {RATE} on SQLite{' and Redis' * IN_REDIS}: {counts['served']} served, "
          f"{counts['refused']} refused")
    assert counts["served"] <= LIMIT and counts["served"] + counts["refused"] == AT_ONCE


@pytest.mark.skipif(not ON_POSTGRES, reason="threads with connections of their own: the PostgreSQL pass of "
                                             ".ci/run (SQLite's tests share one in-memory connection)")
@pytest.mark.django_db(transaction=True)
def test_eighty_requests_at_once_by_one_user_on_postgresql_serve_at_most_the_limit():
    counts = burst()
    print(f"\n{AT_ONCE} requests at once against {RATE} on PostgreSQL: {counts['served']} served, "
          f"{counts['refused']} refused")
    assert counts["served"] <= LIMIT and counts["served"] + counts["refused"] == AT_ONCE


def test_a_run_across_the_end_of_a_minute_takes_the_limit_once_not_twice(rf, monkeypatch, db):
    """240 roster requests in 45 s from one address allowed 120 a minute, the minute ending half-way: fixed
    windows served all 240; a sliding window serves the first 120 and no more for a minute."""
    now = [START]
    monkeypatch.setattr(ratelimit, "clock", lambda: now[0])
    served = []
    for number in range(240):
        now[0] = START + 60 - 22.5 + number * 45 / 240
        if ratelimit.limit(asked(rf), "roster-pdf", "120/m") is None:
            served.append(now[0])
    assert len(served) == 120 and most_in_any(60, served) == 120


def test_a_refused_request_is_told_when_it_will_be_served_and_is_then(rf, monkeypatch, db):
    now = [START + 10]
    monkeypatch.setattr(ratelimit, "clock", lambda: now[0])
    assert [ratelimit.limit(asked(rf), "roster-pdf", "2/m") for _ in range(2)] == [None, None]
    refused = ratelimit.limit(asked(rf), "roster-pdf", "2/m")
    wait = int(refused["Retry-After"])
    assert refused.status_code == 429 and 60 <= wait <= ratelimit.longest_wait(60)
    now[0] += wait - 1
    assert ratelimit.limit(asked(rf), "roster-pdf", "2/m").status_code == 429
    now[0] += 1
    assert ratelimit.limit(asked(rf), "roster-pdf", "2/m") is None


@examples(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(gaps=st.lists(st.floats(min_value=0, max_value=20, allow_nan=False), min_size=1, max_size=40),
       count=st.integers(min_value=1, max_value=6))
def test_whatever_the_times_no_sixty_seconds_serve_more_than_the_limit_and_none_is_refused_without_cause(
        rf, monkeypatch, db, gaps, count):
    """Served: never more than `count` in any 60 s. Refused: only when `count` were served in the last minute and
    the twelfth of one the window counts beyond it (ratelimit.SLOTS)."""
    tallies.forget()
    now = [START + 7.3]
    monkeypatch.setattr(ratelimit, "clock", lambda: now[0])
    served = []
    for gap in gaps:
        now[0] += gap
        if ratelimit.limit(asked(rf), "roster-pdf", f"{count}/m") is None:
            served.append(now[0])
        else:
            assert sum(now[0] - time < ratelimit.longest_wait(60) for time in served) >= count
    assert most_in_any(60, served) <= count


def test_filling_the_cache_with_other_keys_leaves_exhausted_limits_exhausted(rf, db, settings):
    """Django's database cache culls its keys in the order of their names past MAX_ENTRIES: counts kept there
    went as soon as 2,100 shared pages were cached. Rate and cost limits alike are kept in their own table."""
    settings.COST_LIMITS = {"user": 1, "address": 10}
    assert [ratelimit.limit(asked(rf), "roster-pdf", "3/m") is None for _ in range(4)] == [True] * 3 + [False]
    ratelimit.charge(asked(rf), 1.5)
    for number in range(2_500):
        cache.set(f"shared-page:{number}", b"a page")
    assert ratelimit.limit(asked(rf), "roster-pdf", "3/m").status_code == 429
    assert ratelimit.over_cost(asked(rf)).status_code == 429


@IN_THE_DATABASE
def test_counts_that_no_longer_count_are_deleted(rf, monkeypatch, db):
    now = [START]
    monkeypatch.setattr(ratelimit, "clock", lambda: now[0])
    ratelimit.limit(asked(rf), "organiser-invite", "10/h")
    ratelimit.limit(asked(rf), "roster-pdf", "20/m")
    now[0] += 3600 + 3600 / ratelimit.SLOTS + 1  # the hour and its slot over
    ratelimit.limit(asked(rf, user_pk=8, address="198.51.100.4"), "roster-pdf", "20/m")
    assert set(Tally.objects.values_list("bucket", flat=True)) == {
        "roster-pdf:user:8:60", "roster-pdf:address:198.51.100.4:60"}


@IN_THE_DATABASE
def test_the_kept_cache_past_its_max_entries_deletes_the_expired_entries_and_never_a_live_one(db, monkeypatch):
    """Job markers and locks live there (armylists/ops/state.py): Django's database cache would cull a third of its
    keys, in the order of their names, once past MAX_ENTRIES."""
    kept = KeptDatabaseCache("muster_state", {"OPTIONS": {"MAX_ENTRIES": 10}})
    for number in range(5):
        kept.set(f"a-marker-now-over:{number}", "over", timeout=1)
    monkeypatch.setattr(time, "time", lambda: START + 10)  # what the cache sets expiry times by
    monkeypatch.setattr("django.core.cache.backends.db.tz_now",  # and what it reads them by
                        lambda: datetime.fromtimestamp(START + 10, tz=UTC))
    for number in range(20):
        kept.set(f"a-live-marker:{number}", "pending")
    with connection.cursor() as cursor:
        cursor.execute("SELECT cache_key FROM muster_state")
        keys = {key for (key,) in cursor.fetchall()}
    assert keys == {kept.make_key(f"a-live-marker:{number}") for number in range(20)}
