"""Fixtures shared by every Django test area. Area-specific ones live next to their tests."""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.test import override_settings

from armylists.ops import tallies
from tests.sites import SiteFiles

IMMEDIATE_TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend",
                                "QUEUES": settings.TASKS["default"]["QUEUES"]}}
# Without a worker a short roster is rendered within its request, as in development (settings.py).
NO_WORKER_ROSTER_INLINE_ENTRIES = 60


# Fixtures through which a test reaches the test database: pytest-django's, the live server's, and
# django_db_setup, which a module's shared fixture asks for before it unblocks the database (pytest-django's
# django_db_blocker is asked for by every test, so it says nothing).
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_setup", "live_server", "django_db_reset_sequences",
                     "django_db_serialized_rollback"}


def uses_the_database(item: pytest.Item) -> bool:
    return bool(item.get_closest_marker("django_db") or item.get_closest_marker("each_database")
                or DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())))


def pytest_collection_modifyitems(config, items):
    """The PostgreSQL pass of .ci/run runs only the tests that use the database: the others (the plain-Python
    engine, static checks, servers on SQLite files of their own) cannot differ between the two databases and
    ran in the SQLite pass. pytest-django refuses the database to a test that did not ask for it, so none
    is missed."""
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        return
    once = [item for item in items if not uses_the_database(item)]
    if once:
        config.hook.pytest_deselected(items=once)
        items[:] = [item for item in items if uses_the_database(item)]


def with_database(url: str, number: int) -> str:
    """The Redis URL with its database number changed: `?db=N` of a unix:// one, the path of a redis:// one."""
    parts = urlsplit(url)
    if parts.scheme == "unix":  # urlunsplit would drop the // of a URL with no host
        address, _, query = url.partition("?")
        pairs = [(key, value) for key, value in parse_qsl(query) if key != "db"] + [("db", str(number))]
        return f"{address}?{urlencode(pairs)}"
    return urlunsplit(parts._replace(path=f"/{number}"))


def pytest_configure(config):
    # Tests only: a real hasher is slow on purpose, and hashing the test users' passwords
    # took most of the builder tests' time. The site's own (docs/deploying.md, "Passwords")
    # is tested in tests/accounts/test_password_hashing.py.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Tasks run at once, inside the test, instead of waiting in the database for a worker.
    settings.TASKS = IMMEDIATE_TASKS
    settings.ROSTER_INLINE_ENTRIES = NO_WORKER_ROSTER_INLINE_ENTRIES
    # The browser tests' live servers answer Chromium's parallel requests from threads of this process, where a
    # web process answers one request at a time (settings.py: the pool's size): here the pool is as large as
    # the threads may be.
    pool = settings.DATABASES["default"].get("OPTIONS", {}).get("pool")
    if isinstance(pool, dict):
        pool["max_size"] = max(pool["max_size"], 10)
    # One Redis server serves the whole run (.ci/with-redis): each test process, and the servers it starts, use a
    # database of their own in it, so one process emptying its caches never empties another's counts mid-test.
    if settings.REDIS_URL and (worker := os.environ.get("PYTEST_XDIST_WORKER")):
        url = with_database(settings.REDIS_URL, int(worker.removeprefix("gw")) + 1)
        os.environ["REDIS_URL"] = url
        for alias in ("default", "state"):
            settings.CACHES[alias]["LOCATION"] = url
    # The slots for anonymous work are one machine's files (armylists/ops/slots.py): each pytest process,
    # and the servers it starts, have their own, so parallel runs do not take each other's.
    os.environ["ANONYMOUS_SLOTS_DIR"] = settings.ANONYMOUS_SLOTS_DIR = tempfile.mkdtemp(prefix="muster-slots-")
    # Rendered PDFs and packs in a folder of the test run's own, for the site's processes it starts as well
    # (armylists/printing/files.py), never in the project's.
    pdfs = tempfile.mkdtemp(prefix="muster-test-pdfs-")
    os.environ["PDF_ROOT"] = pdfs
    override_settings(PDF_ROOT=Path(pdfs), STORAGES={
        **settings.STORAGES, "pdfs": {**settings.STORAGES["pdfs"], "OPTIONS": {"location": pdfs}}}).enable()


def pytest_unconfigure(config):
    shutil.rmtree(settings.PDF_ROOT, ignore_errors=True)


@pytest.fixture(scope="session")
def site_files(tmp_path_factory, worker_id) -> SiteFiles:
    """Migrated and seeded SQLite sites, made once per test run and copied by the tests that run the site's
    own processes on one (tests/sites.py). The run's test processes share them: xdist gives each its own
    temporary folder in the run's."""
    run = tmp_path_factory.getbasetemp()
    folder = (run.parent if worker_id != "master" else run) / "site-files"
    folder.mkdir(exist_ok=True)
    return SiteFiles(folder)


@pytest.fixture
def make_user(db):
    def make_user_(username: str = "player", password: str = "a-long-test-password"):
        return get_user_model().objects.create_user(username=username, password=password)

    return make_user_


@pytest.fixture(autouse=True)
def rate_limit_windows_stand_still(monkeypatch):
    """The rate limits count in windows that slide with the clock (armylists/ops/ratelimit.py): a test's
    requests all fall at one moment, so none leaves the window in the middle of a slow test, and a 429's
    Retry-After is the same on every run. The tests of the windows themselves move it (tests/production/
    test_rate_limits.py)."""
    monkeypatch.setattr("armylists.ops.ratelimit.clock", lambda: 1_800_000_030.0)
    # Nor does a window an earlier test spent refuse this one's requests on the event loop (ratelimit.py).
    monkeypatch.setattr("armylists.ops.ratelimit._spent_until", {})


@pytest.fixture(autouse=True)
def fresh_cache(request):
    """Each test that may use the database starts with empty caches, no counts and no rendered PDFs: no rate limit
    counts a request of an earlier test, no job's marker says an earlier test's PDF is pending, no PDF rendered
    by an earlier test is served."""
    if not request.node.get_closest_marker("django_db"):
        if not {"db", "transactional_db"} & set(request.fixturenames):
            return
        request.getfixturevalue("transactional_db" if "transactional_db" in request.fixturenames else "db")
    for alias in settings.CACHES:
        caches[alias].clear()
    tallies.forget()
    for kept in Path(settings.PDF_ROOT).iterdir():
        shutil.rmtree(kept)
