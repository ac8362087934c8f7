"""More than one machine (docs/deploying.md, "Scaling past one machine"): with REDIS_URL, the caches and the rate
and cost limits' counts are one Redis's, shared by every web process on every machine; sessions stay in the
database. Two of the Procfile's web masters on two ports, sharing one Redis and one SQLite file, stand for two
machines. The tests that need a Redis run in .ci/run's pass under .ci/with-redis, and are skipped elsewhere."""
from __future__ import annotations

import http.client
import json
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.cache import caches

from armylists.ops import ratelimit, tallies
from armylists.ops.models import Tally
from armylists.ops.state import state
from tests.bench_slow_clients import ROOT, free_port, prepare, procfile_web, start_server, stop_server, wait_until_up

pytestmark = [pytest.mark.redis,
              pytest.mark.skipif(not settings.REDIS_URL, reason="needs a Redis: .ci/run's pass under .ci/with-redis")]
ROSTER_LIMIT = 20  # a minute per user: settings.RATE_LIMITS["roster-pdf"]

# A player of the demo with a list, signed in: their session's key, and the address of their list's roster.
SIGNED_IN = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.urls import reverse
from armylists.builder.models import ArmyList
army_list = ArmyList.objects.select_related("owner").order_by("pk").first()
session = SessionStore()
session.update({SESSION_KEY: str(army_list.owner.pk), HASH_SESSION_KEY: army_list.owner.get_session_auth_hash(),
                BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend"})
session.create()
print(json.dumps({"session": session.session_key, "roster": reverse("printing:list-pdf", args=[army_list.pk]),
                  "lists": reverse("builder:lists")}))
"""


def redis_client():
    return caches["state"]._cache.get_client(write=True)


def test_the_caches_and_the_counts_are_in_redis_and_sessions_in_the_database():
    assert {caches[alias].__class__.__name__ for alias in settings.CACHES} == {"SharedRedisCache"}
    assert len({caches[alias].key_prefix for alias in settings.CACHES}) == len(settings.CACHES)
    assert settings.SESSION_ENGINE == "django.contrib.sessions.backends.db"


@pytest.mark.django_db
def test_a_count_is_a_key_that_expires_a_period_and_a_slot_after_its_slot_began(rf):
    request = rf.get("/print/lists/1/roster.pdf", REMOTE_ADDR="203.0.113.9")
    assert ratelimit.limit(request, "roster-pdf", "20/m") is None
    (key,) = redis_client().keys(state.make_key("tally:*"))
    assert 0 < redis_client().ttl(key) <= ratelimit.longest_wait(60)
    assert not Tally.objects.exists()  # nothing in the database
    tallies.forget()
    assert not redis_client().keys(state.make_key("tally:*"))


def test_emptying_the_cache_leaves_the_jobs_markers():
    state.set("a-pdf:pending", {"queued": 1})
    caches["default"].set("a-page", b"content")
    caches["default"].clear()
    assert caches["default"].get("a-page") is None and state.get("a-pdf:pending") == {"queued": 1}


def get(port: int, path: str, session: str) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path, headers={"Cookie": f"sessionid={session}"})
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


@pytest.fixture
def two_machines(tmp_path, site_files):
    """Two web masters, each of one process, on one SQLite file and one Redis; a signed-in player's session."""
    env = prepare(tmp_path, 0, seeded=site_files.path("seeded")) | {"WEB_CONCURRENCY": "1",
                                                                     "REDIS_URL": settings.REDIS_URL}
    signed_in = subprocess.run([sys.executable, "manage.py", "shell", "-v0", "-c", SIGNED_IN], cwd=ROOT, env=env,
                               capture_output=True, text=True, timeout=120)
    assert signed_in.returncode == 0, signed_in.stderr
    servers = []
    try:
        for name in ("a", "b"):
            port, log = free_port(), tmp_path / f"{name}.log"
            servers.append((start_server(f"{procfile_web()} --bind 127.0.0.1:$PORT", env | {"PORT": str(port)},
                                         log), port, log))
        for server, port, log in servers:
            wait_until_up(port, server, log)
        yield [port for _, port, _ in servers], json.loads(signed_in.stdout.strip().splitlines()[-1])
    finally:
        for server, _, _ in servers:
            stop_server(server)


def test_a_limit_exhausted_on_one_machine_is_exhausted_on_the_other_and_an_emptied_redis_logs_nobody_out(
        two_machines):
    """Every roster request is counted (settings.RATE_LIMITS, 20 a minute per user), whichever machine answers."""
    (a, b), player = two_machines
    statuses = [get(port, player["roster"], player["session"]).status for port in [a, b] * (ROSTER_LIMIT // 2)]
    assert 429 not in statuses
    assert [get(port, player["roster"], player["session"]).status for port in (a, b)] == [429, 429]
    redis_client().flushall()
    assert get(a, player["lists"], player["session"]).status == 200  # still signed in: not redirected to log in
    assert get(b, player["roster"], player["session"]).status != 429  # the counts went with the Redis

