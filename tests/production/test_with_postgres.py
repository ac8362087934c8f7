""".ci/with-postgres: the throwaway PostgreSQL server CI runs the suite against a second time; and the Procfile's
processes through a restart of such a server."""
from __future__ import annotations

import contextlib
import glob
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from tests.bench_processes import (
    both_workers_running,
    db_workers,
    descendants,
    restart_postgres,
    running,
    start_procfile,
    stop_procfile,
    wait_for,
)
from tests.bench_slow_clients import free_port, normal_request, prepare, wait_until_up
from tests.production.test_procfile import manage

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / ".ci" / "with-postgres"
CONNECT = ("import os, psycopg, dj_database_url; db = dj_database_url.parse(os.environ['DATABASE_URL']); "
           "c = psycopg.connect(host=db['HOST'], user=db['USER'], dbname=db['NAME']); print(c.execute("
           "'select current_database(), rolsuper from pg_roles where rolname = current_user').fetchone())")

pytestmark = pytest.mark.skipif(not glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                                reason="PostgreSQL server not installed (bash .ci/install --test)")


def with_postgres(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(SCRIPT), *command], capture_output=True, text=True, timeout=120)


def assert_cleaned_up(run: subprocess.CompletedProcess) -> None:
    """The server's folder is removed and no process still runs from it."""
    folder = re.search(r"%2F(tmp%2Fmuster-pg\.\w+)/muster", run.stderr).group(1).replace("%2F", "/")
    assert not Path("/", folder).exists()
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        with contextlib.suppress(FileNotFoundError, ProcessLookupError, PermissionError):
            assert folder not in cmdline.read_text(errors="replace")


def test_the_command_runs_against_a_fresh_server_that_is_gone_afterwards():
    run = with_postgres(sys.executable, "-c", CONNECT)
    assert run.returncode == 0, run.stderr
    # The test database is made by the tests themselves, so the user must be a superuser.
    assert run.stdout.strip() == "('muster', True)"
    assert_cleaned_up(run)


def test_the_commands_exit_status_is_passed_on_and_the_server_still_stopped():
    run = with_postgres(sys.executable, "-c", "raise SystemExit(7)")
    assert run.returncode == 7
    assert_cleaned_up(run)


# Prints the server's environment (DATABASE_URL, MUSTER_PG_*), then holds it until its standard input closes.
HOLD = ("import json, os, sys; print(json.dumps({k: v for k, v in os.environ.items() "
        "if k == 'DATABASE_URL' or k.startswith('MUSTER_PG_')}), flush=True); sys.stdin.read()")


# A task queued, and its result once a worker has run it (within 60 s): one Django process, waiting on the
# database, where starting one per look took a core from the workers.
QUEUED_AND_RUN = ("import json, threading, time; from tests.production import sample_tasks; "
                  "r = sample_tasks.add.enqueue(2, 3); deadline = time.monotonic() + 60; pause = threading.Event()\n"
                  "while not r.is_finished and time.monotonic() < deadline:\n    pause.wait(0.2); r.refresh()\n"
                  "print(json.dumps([r.status, r.return_value if r.status == 'SUCCESSFUL' else None]))")


@pytest.fixture
def own_postgres():
    """A throwaway server of this test's own, to restart without breaking the suite's other tests on theirs."""
    server = subprocess.Popen(["bash", str(SCRIPT), sys.executable, "-c", HOLD], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        yield json.loads(server.stdout.readline() or "null") or pytest.fail(server.stderr.read())
    finally:
        server.stdin.close()
        server.wait(60)


@pytest.mark.each_database
@pytest.mark.skipif(settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
                    reason="the PostgreSQL pass of .ci/run")
def test_the_procfile_processes_go_on_through_a_database_restart(own_postgres, tmp_path, monkeypatch):
    """`pg_ctl restart -m fast` under `honcho start` (docs/deploying.md, "What runs"): the printer crashed on the
    error, and honcho stopped the whole site. Every process goes on: web answers again, and the worker runs a
    task queued after the restart."""
    for name, value in own_postgres.items():
        if name.startswith("MUSTER_PG_"):  # for restart_postgres
            monkeypatch.setenv(name, value)
    port = free_port()
    env = prepare(tmp_path, port, database_url=own_postgres["DATABASE_URL"], steps=("migrate",))
    env = {k: v for k, v in env.items() if k != "PYTHONPATH"} | {"PYTHONPATH": str(ROOT), "WEB_CONCURRENCY": "1",
                                                                             "WORKER_PRIORITY": "normal"}
    log = tmp_path / "honcho.log"
    honcho = start_procfile(env, log)
    try:
        wait_until_up(port, honcho, log)
        assert wait_for(lambda: both_workers_running(honcho.pid), 60), log.read_text()[-3000:]
        # honcho's watchers and shells, web's master and process, the supervisors: none may stop (a db_worker
        # may crash on the error, and be started again).
        lasting = descendants(honcho.pid) - set(db_workers(honcho.pid).values())
        restart_postgres()
        assert wait_for(lambda: normal_request(port, 0) is not None, 30), log.read_text()[-3000:]
        assert json.loads(manage(env, "shell", "-v0", "-c", QUEUED_AND_RUN)) == ["SUCCESSFUL", 5], \
            log.read_text()[-3000:]
        assert honcho.poll() is None and all(running(pid) for pid in lasting)
    finally:
        stop_procfile(honcho)
