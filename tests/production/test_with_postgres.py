""".ci/with-postgres: the throwaway PostgreSQL server CI runs the suite against a second time."""
from __future__ import annotations

import contextlib
import glob
import re
import subprocess
import sys
from pathlib import Path

import pytest

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
