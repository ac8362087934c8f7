"""Faults: a database error in the middle of an import, a long import while players save, a server
killed right after a save, a roster that fails to render."""
from __future__ import annotations

import contextlib
import json
import os
import re
import select
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from django.db import OperationalError, connection
from django.test import Client

from armylists.builder import services
from factions.importer import import_document
from factions.models import Faction, Option, OptionGroup, Unit
from factions.schemas import parse_faction_file
from tests.bench_slow_clients import free_port, procfile_web, start_server, wait_until_up

from .environment import ROOT, manage

DEMO = ROOT / "factions" / "data" / "demo"
AOF = json.loads((DEMO / "aof-regiments.json").read_text(encoding="utf-8"))
LISTS = DEMO / "lists"


def library_state() -> dict:
    return {model.__name__: sorted(map(repr, model.objects.values_list()))
            for model in (Faction, Unit, Option, OptionGroup)}


@pytest.mark.django_db
def test_a_database_error_in_the_middle_of_an_import_leaves_the_library_as_it_was():
    import_document(parse_faction_file(AOF))
    before = library_state()
    renamed = json.loads(json.dumps(AOF))
    for faction in renamed["factions"]:
        faction["name"] += " (new edition)"
        for unit in faction["units"]:
            unit["cost"] += 5
    option_inserts = []

    def disk_fails_at_the_second_factions_options(execute, sql, params, many, context):
        if sql.startswith('INSERT INTO "factions_option"'):
            option_inserts.append(sql)
            if len(option_inserts) == 2:  # the first faction is written by then, the second half-way
                raise OperationalError("disk I/O error")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(disk_fails_at_the_second_factions_options), pytest.raises(OperationalError):
        import_document(parse_faction_file(renamed))
    assert len(option_inserts) == 2
    assert library_state() == before


# --- a file database shared by processes, as deployed on SQLite ------------------------------------------


@pytest.fixture
def site_db(tmp_path, site_files):
    """A migrated SQLite file with the AoF demo factions, a player, their list and a logged-in session."""
    database = site_files.copy("migrated", tmp_path / "site.sqlite3")
    env = {"DATABASE_URL": f"sqlite:///{database}", "DEBUG": "false", "SECRET_KEY": "s" * 50,
           "ALLOWED_HOSTS": "127.0.0.1"}
    made = manage("shell", "-v0", "-c", MAKE_SITE.format(path=str(DEMO / "aof-regiments.json")), env=env)
    assert made.returncode == 0, made.stderr
    return env, json.loads(made.stdout)


MAKE_SITE = """
import json
from django.contrib.auth import get_user_model, HASH_SESSION_KEY, SESSION_KEY, BACKEND_SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from armylists.builder import services
from factions.importer import import_file
from factions.models import Faction
import_file({path!r})
user = get_user_model().objects.create_user("ada", password="a-long-test-password")
faction = Faction.objects.get(game__slug="aof-regiments", slug="human-empire")
army_list = services.create_list(owner=user, name="Saved", game=faction.game, faction=faction,
                                 settings={{"points_limit": 2000}})
session = SessionStore()
session.update({{SESSION_KEY: str(user.pk), HASH_SESSION_KEY: user.get_session_auth_hash(),
                BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend"}})
session.create()
print(json.dumps({{"list": army_list.pk, "session": session.session_key,
                  "unit": faction.units.order_by("position").first().slug}}))
"""
ENTRIES = """
from armylists.builder.models import ArmyList
print(len(ArmyList.objects.get(pk={pk}).document["entries"]))
"""
HOLD_IMPORT = """
import json
from django.db import transaction
from factions.importer import import_document
from factions.schemas import parse_faction_file
parsed = parse_faction_file(json.load(open({path!r})))
with transaction.atomic():
    import_document(parsed)
    print("writing", flush=True)
    input()  # a long import: the write lock is held until the test says so
print("imported", flush=True)
"""
READ_THEN_SAVE = """
import time
from django.db import connection
from armylists.builder import services
from armylists.builder.models import ArmyList
from armylists.checking.library import library_of
connection.ensure_connection()
print("ready", connection.cursor().execute("PRAGMA busy_timeout").fetchone()[0], flush=True)
input()  # started and imported; go when the import holds the lock
started = time.monotonic()
army_list = ArmyList.objects.select_related("game").get(pk={pk})
library = library_of(army_list.game)
print(f"read after {{time.monotonic() - started:.1f}} s", flush=True)
print("saving", flush=True)
services.add_entry(army_list=army_list, library=library, unit={unit!r})
print("saved", flush=True)
"""
SITE_LOCK_TIMEOUT_MS = 20_000  # settings.py, DATABASE_LOCK_TIMEOUT_S; SQLite's own is 5 s
BLOCKED_S = 0.5  # how long the save is seen waiting on the lock before the import commits


def said_within(process: subprocess.Popen, seconds: float) -> bool:
    """Whether the process writes a line to its standard output within `seconds`."""
    return bool(select.select([process.stdout], [], [], seconds)[0])


def test_a_player_saving_during_a_long_import_waits_for_it_instead_of_failing(site_db):
    """SQLite has one writer at a time: a save waits for the import to commit (the busy timeout, the site's
    20 s rather than SQLite's 5) instead of failing, and reading is never held up meanwhile (WAL)."""
    env, made = site_db
    shell = [sys.executable, "manage.py", "shell", "-v0", "-c"]
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    importer = subprocess.Popen([*shell, HOLD_IMPORT.format(path=str(DEMO / "aof-regiments.json"))],
                                cwd=ROOT, env=environment, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    player = subprocess.Popen([*shell, READ_THEN_SAVE.format(pk=made["list"], unit=made["unit"])], cwd=ROOT,
                              env=environment, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        assert player.stdout.readline().split() == ["ready", str(SITE_LOCK_TIMEOUT_MS)]
        assert importer.stdout.readline().strip() == "writing"
        player.stdin.write("go\n")
        player.stdin.flush()
        read = float(re.search(r"after ([\d.]+) s", player.stdout.readline()).group(1))
        assert player.stdout.readline().strip() == "saving"
        assert not said_within(player, BLOCKED_S), "the save did not wait for the import"
        importer.stdin.write("commit\n")
        importer.stdin.flush()
        said, problems = player.communicate(timeout=60)
    finally:
        if importer.poll() is None:  # a failed step above: let the import finish all the same
            with contextlib.suppress(OSError):
                importer.stdin.write("commit\n")
                importer.stdin.flush()
        importer.wait(timeout=60)
    assert player.returncode == 0, problems
    assert read < 1 and said.strip() == "saved"
    assert importer.stdout.read().strip() == "imported" and importer.returncode == 0
    assert manage("shell", "-v0", "-c", ENTRIES.format(pk=made["list"]), env=env).stdout.strip() == "1"


def test_a_server_killed_right_after_a_save_loses_nothing_it_answered_for(site_db, tmp_path):
    env, made = site_db
    port = free_port()
    server = start_server(f"{procfile_web()} --bind 127.0.0.1:$PORT",
                          {**os.environ, **env, "PORT": str(port), "WEB_CONCURRENCY": "1", "PYTHONPATH": str(ROOT),
                           "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}, tmp_path / "server.log")
    try:
        wait_until_up(port, server, tmp_path / "server.log")
        token = "a" * 32  # a CSRF secret of the client's choosing, sent as cookie and header
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/lists/{made['list']}/entries/add/", method="POST",
            data=f"unit={made['unit']}".encode(),
            headers={"Cookie": f"sessionid={made['session']}; csrftoken={token}", "X-CSRFToken": token,
                     "HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded",
                     "Referer": f"http://127.0.0.1:{port}/"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.status == 200
    finally:
        os.killpg(server.pid, signal.SIGKILL)  # no shutdown, no flush: as a crash or an OOM kill
        server.wait()
    assert manage("shell", "-v0", "-c", ENTRIES.format(pk=made["list"]), env=env).stdout.strip() == "1"


@pytest.mark.django_db
def test_a_roster_that_fails_to_render_breaks_neither_its_page_nor_other_downloads(make_user, monkeypatch):
    from armylists.printing import rendered

    for game in ("aof-regiments", "battleground"):
        import_document(parse_faction_file(json.loads((DEMO / f"{game}.json").read_text(encoding="utf-8"))))
    owner = make_user()
    broken, fine = (services.import_list(owner=owner, data=json.loads((LISTS / name).read_text()))
                    for name in ("aof-regiments-legal.json", "battleground-legal.json"))
    render = rendered.roster_pdf

    def fails_for_one_list(sheet, paper):
        if sheet.list_name == broken.name:
            raise ValueError("a font went missing")
        return render(sheet, paper)

    monkeypatch.setattr(rendered, "roster_pdf", fails_for_one_list)
    client = Client(raise_request_exception=False)
    client.force_login(owner)
    failed = client.get(f"/print/lists/{broken.pk}/roster.pdf")
    assert failed.status_code == 500 and failed["X-Request-ID"] in failed.content.decode()
    assert client.get(broken.get_absolute_url()).status_code == 200
    other = client.get(f"/print/lists/{fine.pk}/roster.pdf")
    assert other.status_code == 200 and other.content.startswith(b"%PDF")
