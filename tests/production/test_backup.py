"""Backup and restore as docs/deploying.md gives them: a seeded demo site dumped and loaded into a
fresh database holds the same rows, model by model, and the same lists, byte for byte.

On the database the suite runs on: SQLite files, or (in the PostgreSQL pass of .ci/run) fresh
databases on that server, where pg_dump and pg_restore are tried too.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import dj_database_url
import pytest

from tests.sites import SiteFiles

from .environment import manage

# Needs no test database, but runs on each database the suite runs on (it makes its own there).
pytestmark = pytest.mark.each_database

SUITE_DATABASE = os.environ.get("DATABASE_URL", "")
ON_POSTGRES = SUITE_DATABASE.startswith(("postgres://", "postgresql://"))
# The dumpdata line of docs/deploying.md.
DUMP = ["dumpdata", "--natural-foreign", "--natural-primary", "--exclude", "contenttypes",
        "--exclude", "auth.permission", "--exclude", "sessions"]

# Everything seed_demo makes, and more of what a running site holds: a shared list, a failed
# login (django-axes counts it) and a task waiting for the worker.
MORE = """
from django.contrib.auth import authenticate
from django.test import RequestFactory
from armylists.builder.models import ArmyList
from tests.production.sample_tasks import add
shared = ArmyList.objects.order_by("pk").first()
shared.shared = True
shared.save()
assert not authenticate(RequestFactory().post("/accounts/login/"), username="demo", password="a guess")
add.enqueue(2, 3)
"""
CONTENTS = """
import hashlib, json
from django.apps import apps
from armylists.builder.models import ArmyList
counts = {m._meta.label: m._default_manager.count() for m in apps.get_models()}
lists = [(l.owner.username, l.name, l.shared, l.share_token, json.dumps(l.document, sort_keys=True))
         for l in ArmyList.objects.order_by("owner__username", "name")]
print(json.dumps({"counts": counts, "lists": hashlib.sha256(repr(lists).encode()).hexdigest()}))
"""


def fresh_database(name: str, tmp_path: Path, site_files: SiteFiles, kind: str | None) -> str:
    """A new database on the suite's kind of server, empty or (`kind`) migrated or seeded as the docs' steps
    make it; its URL. SQLite files are copies of those the session made once (tests/sites.py)."""
    if not ON_POSTGRES:
        return f"sqlite:///{site_files.copy(kind, tmp_path / f'{name}.sqlite3')}" if kind else \
            f"sqlite:///{tmp_path / name}.sqlite3"
    import psycopg

    name += os.environ.get("PYTEST_XDIST_WORKER", "")  # each test process its own database
    server = dj_database_url.parse(SUITE_DATABASE)
    with psycopg.connect(host=server["HOST"], port=server["PORT"] or None, user=server["USER"],
                         password=server["PASSWORD"] or None, dbname=server["NAME"], autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}"')
        db.execute(f'CREATE DATABASE "{name}"')
    url = SUITE_DATABASE.rsplit("/", 1)[0] + f"/{name}"
    for step in {None: [], "migrated": ["migrate"], "seeded": ["migrate", "seed_demo"]}[kind]:
        run(step, "-v0", url=url)
    return url


def run(*args: str, url: str) -> str:
    # As deployed, tasks wait in the database for the worker (the queue is backed up too).
    done = manage(*args, env={"DATABASE_URL": url, "TASKS_WORKER": "true"}, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def contents(url: str) -> dict:
    return json.loads(run("shell", "-v0", "-c", CONTENTS, url=url))


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory, site_files) -> tuple[str, dict]:
    url = fresh_database("muster_backup_source", tmp_path_factory.mktemp("source"), site_files, "seeded")
    run("shell", "-v0", "-c", MORE, url=url)
    return url, contents(url)


def test_the_demo_site_has_something_in_every_table_that_matters(demo_site):
    _, held = demo_site
    for label in ("auth.User", "factions.GameSystem", "factions.Faction", "factions.Unit", "builder.ArmyList",
                  "axes.AccessAttempt", "django_tasks_database.DBTaskResult"):
        assert held["counts"][label] > 0, label


def test_dumpdata_then_loaddata_into_a_fresh_database_restores_every_row(demo_site, tmp_path, site_files):
    source, held = demo_site
    backup = tmp_path / "muster-backup.json"
    run(*DUMP, "-o", str(backup), url=source)
    # Migrated first: the data migration loads the game systems; the backup overwrites them.
    restored = fresh_database("muster_backup_restored", tmp_path, site_files, "migrated")
    run("loaddata", str(backup), url=restored)
    after = contents(restored)
    assert after["lists"] == held["lists"]
    differing = {k: (v, after["counts"][k]) for k, v in held["counts"].items()
                 if after["counts"][k] != v and k not in {"sessions.Session"}}
    assert differing == {}


@pytest.mark.skipif(not ON_POSTGRES, reason="the PostgreSQL pass of .ci/run tries pg_dump and pg_restore")
def test_pg_dump_then_pg_restore_into_a_fresh_database_restores_every_row(demo_site, tmp_path, site_files):
    source, held = demo_site
    server = dj_database_url.parse(source)
    connect = ["--host", server["HOST"], "--username", server["USER"]] + (
        ["--port", str(server["PORT"])] if server["PORT"] else [])
    backup = tmp_path / "muster.dump"
    subprocess.run([shutil.which("pg_dump"), *connect, "--format=custom", "--file", str(backup), server["NAME"]],
                   check=True, timeout=120)
    restored = fresh_database("muster_backup_restored", tmp_path, site_files, None)
    subprocess.run([shutil.which("pg_restore"), *connect, "--no-owner", "--dbname",
                    dj_database_url.parse(restored)["NAME"], str(backup)], check=True, timeout=120)
    assert contents(restored) == held
