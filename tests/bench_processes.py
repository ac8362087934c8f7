"""Does the site stay up when a process dies or the database restarts (docs/deploying.md, "Processes that die")?

Run by hand (pytest does not collect it):

    .venv/bin/python tests/bench_processes.py                          # kill -9 of the workers, then Ctrl-C
    bash .ci/with-postgres .venv/bin/python tests/bench_processes.py   # and `pg_ctl restart -m fast` between

What it does: a migrated, seeded site (a temporary SQLite file, or the database
DATABASE_URL names if it is PostgreSQL) run by `honcho start` with the Procfile,
as docs/deploying.md says (DEBUG off, WEB_CONCURRENCY=2, 127.0.0.1), while two
clients ask for a game's page every 50 ms. Then:

1. kill -9 of both workers' `db_worker` (the worker's and the printer's), and a
   shared list's roster PDF asked for at once: the requests that failed, the
   seconds until both run again, and until the PDF arrived;
2. on PostgreSQL, `pg_ctl restart -m fast` (MUSTER_PG_CTL, MUSTER_PG_DATA and
   MUSTER_PG_OWNER, which .ci/with-postgres exports): the requests that failed,
   the seconds until the pages answered again, whether every process honcho
   started still runs, and the seconds until a roster asked for after it arrived;
3. SIGINT to honcho (Ctrl-C): the seconds until none of its processes remains.

Only 127.0.0.1 is contacted; the run stops by itself and always ends what it started.
"""
from __future__ import annotations

import contextlib
import html
import http.client
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.bench_restart import PAGE, get  # noqa: E402
from tests.bench_slow_clients import ROOT, free_port, prepare, stop_server, wait_until_up  # noqa: E402

HONCHO = Path(sys.executable).parent / "honcho"
REFRESH = re.compile(r'http-equiv="refresh" content="(\d+); url=([^"]+)"')
T = TypeVar("T")


def start_procfile(env: dict[str, str], log: Path) -> subprocess.Popen:
    """`honcho start` with the Procfile, as docs/deploying.md runs it; in a session of its own, so that the
    terminal's Ctrl-C is the test's to send (SIGINT to honcho alone, as a terminal sends it to its foreground)."""
    return subprocess.Popen([str(HONCHO), "start", "--procfile", str(ROOT / "Procfile"), "--app-root", str(ROOT)],
                            cwd=ROOT, env=env, start_new_session=True, stdout=log.open("w"),
                            stderr=subprocess.STDOUT)


def children(pid: int) -> set[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as listed:
            return {int(child) for child in listed.read().split()}
    except (FileNotFoundError, ProcessLookupError):
        return set()


def descendants(pid: int) -> set[int]:
    found, todo = set(), [pid]
    while todo:
        for child in children(todo.pop()) - found:
            found.add(child)
            todo.append(child)
    return found


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except (FileNotFoundError, ProcessLookupError):
        return ""


def running(pid: int) -> bool:
    """Whether the process runs (a zombie, exited but not yet reaped, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


def db_workers(honcho: int) -> dict[str, int]:
    """The `db_worker` processes honcho's lines run now, by Procfile name ("worker", "printer")."""
    found = {}
    for pid in descendants(honcho):
        line = command_line(pid)
        if "manage.py db_worker" in line and "armylists.ops." not in line and running(pid):
            found["worker" if "default" in line else "printer"] = pid
    return found


def wait_for(found: Callable[[], T], seconds: float) -> T | None:
    """`found()` once it is true, asked every 50 ms for at most `seconds`; None if it never was."""
    deadline, pause = time.monotonic() + seconds, threading.Event()
    while True:
        if value := found():
            return value
        if time.monotonic() > deadline:
            return None
        pause.wait(0.05)


def both_workers_running(honcho: int, besides: set[int] = frozenset()) -> dict[str, int] | None:
    workers = db_workers(honcho)
    return workers if set(workers) == {"worker", "printer"} and not besides & set(workers.values()) else None


def share_a_list(env: dict[str, str]) -> str:
    """A demo list shared (`shared=True`), by its share token: its roster PDF is the workers' to render."""
    code = ("from armylists.builder.models import ArmyList; a = ArmyList.objects.order_by('pk').first(); "
            "a.shared = True; a.save(update_fields=['shared']); print(a.share_token)")
    done = subprocess.run([sys.executable, "manage.py", "shell", "-v0", "-c", code], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=True)
    return done.stdout.strip()


def fetch_pdf(port: int, path: str, seconds: float) -> bytes | None:
    """The PDF at `path`, following its waiting page's reloads as a browser would, for at most `seconds`."""
    deadline, pause = time.monotonic() + seconds, threading.Event()
    while time.monotonic() < deadline:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            body = response.read()
        except OSError:
            body, response = b"", None
        finally:
            connection.close()
        if response is not None and response.status == 200 and body.startswith(b"%PDF"):
            return body
        if response is not None and (refresh := REFRESH.search(body.decode(errors="replace"))):
            path = html.unescape(refresh.group(2))
            pause.wait(min(float(refresh.group(1)), 1.0))
        else:
            pause.wait(0.5)  # no answer (the site down): ask again
    return None


def restart_postgres(mode: str = "fast") -> float:
    """`pg_ctl restart` of the server .ci/with-postgres started; the seconds it took."""
    data, owner = os.environ["MUSTER_PG_DATA"], os.environ.get("MUSTER_PG_OWNER")
    as_owner = ["runuser", "-u", owner, "--"] if owner else []
    started = time.monotonic()
    subprocess.run([*as_owner, os.environ["MUSTER_PG_CTL"], "-D", data, "-l", f"{data}/../restart.log", "-w",
                    "-m", mode, "restart"], check=True, stdout=subprocess.DEVNULL, timeout=120)
    return time.monotonic() - started


def stop_procfile(honcho: subprocess.Popen, seconds: float = 30) -> float | None:
    """Ctrl-C to honcho: the seconds until none of its processes remains (None if some still did after
    `seconds`: those are killed, for the next run's sake)."""
    if honcho.poll() is not None:
        return 0.0
    processes = descendants(honcho.pid) | {honcho.pid}
    started = time.monotonic()
    os.kill(honcho.pid, signal.SIGINT)
    gone = wait_for(lambda: not any(running(pid) for pid in processes), seconds)
    took = time.monotonic() - started
    for pid in processes:
        with contextlib.suppress(ProcessLookupError):
            if running(pid):
                os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        honcho.wait(10)
    return took if gone else None


class Clients:
    """Clients asking for a game's page, 50 ms apart, each answer timed: (when sent, status, when answered).
    Not without pause: the workers take only the cores the site leaves free (armylists/ops/yielding.py), and
    two clients asking without pause kept both cores busy, so a restarted worker never got to start."""

    def __init__(self, port: int, count: int = 2, think_s: float = 0.05):
        self.port, self.answers, self.stop, self.think_s = port, [], threading.Event(), think_s
        self.threads = [threading.Thread(target=self.ask, daemon=True) for _ in range(count)]

    def ask(self) -> None:
        while not self.stop.is_set():
            sent = time.monotonic()
            status, took = get(self.port)
            self.answers.append((sent, status, sent + took))
            self.stop.wait(self.think_s)

    def __enter__(self) -> Clients:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(70)

    def since(self, moment: float, seconds: float) -> str:
        """How the requests sent in the `seconds` after `moment` went."""
        part = [answer for answer in self.answers if moment <= answer[0] < moment + seconds]
        failed = [answer for answer in part if answer[1] != 200]
        back = max((answer[2] for answer in failed), default=moment) - moment
        return (f"{len(failed)} of {len(part)} requests failed {sorted({str(f[1]) for f in failed}) or ''}; "
                f"answering again {back:.1f} s after it; slowest {max((a[2] - a[0] for a in part), default=0):.2f} s")


def main() -> None:
    postgres = os.environ.get("DATABASE_URL", "").startswith("postgres")
    with tempfile.TemporaryDirectory(prefix="muster-processes-") as tmp:
        directory, port = Path(tmp), free_port()
        env = prepare(directory, port, database_url=os.environ["DATABASE_URL"] if postgres else None)
        token = share_a_list(env)
        log = directory / "honcho.log"
        honcho = start_procfile(env, log)
        print(f"honcho start, the Procfile, on {'PostgreSQL' if postgres else 'SQLite'}: web (WEB_CONCURRENCY=2), "
              f"worker, printer; {os.cpu_count()} cores; two clients asking for {PAGE} every 50 ms")
        try:
            wait_until_up(port, honcho, log)
            workers = wait_for(lambda: both_workers_running(honcho.pid), 60)
            with Clients(port) as clients:
                clients.stop.wait(3)
                killed, back = time.monotonic(), []
                for pid in workers.values():
                    os.kill(pid, signal.SIGKILL)
                watching = threading.Thread(target=lambda: back.append((wait_for(
                    lambda: both_workers_running(honcho.pid, besides=set(workers.values())), 60), time.monotonic())))
                watching.start()
                pdf = fetch_pdf(port, f"/print/shared/{token}/roster.pdf", 60)
                arrived = time.monotonic() - killed
                watching.join()
                again = back[0][1] - killed
                clients.stop.wait(max(0.0, killed + 10 - time.monotonic()))
                print(f"kill -9 of both db_workers: {clients.since(killed, 10)}; both running again after "
                      f"{again:.1f} s{'' if back[0][0] else ' (NOT)'}; a roster asked for then arrived after "
                      f"{arrived:.1f} s{'' if pdf else ' (NOT)'}")
                if postgres:
                    restarted = time.monotonic()
                    took = restart_postgres()
                    path = f"/print/shared/{token}/roster.pdf?paper=letter"
                    pdf = fetch_pdf(port, path, 60)
                    arrived = time.monotonic() - restarted
                    clients.stop.wait(max(0.0, restarted + 15 - time.monotonic()))
                    alive = honcho.poll() is None and both_workers_running(honcho.pid)
                    crashed = log.read_text().count("supervisor: manage.py db_worker exited")
                    print(f"pg_ctl restart -m fast ({took:.1f} s): {clients.since(restarted, 15)}; every process "
                          f"{'still runs' if alive else 'did NOT survive'} ({crashed} db_worker exits on the error, "
                          f"each started again); a roster asked for then arrived after "
                          f"{arrived:.1f} s{'' if pdf else ' (NOT)'}")
            gone = stop_procfile(honcho)
            print(f"Ctrl-C to honcho: no process left after {gone:.1f} s" if gone is not None
                  else "Ctrl-C to honcho: processes LEFT after 30 s")
        finally:
            if honcho.poll() is None:
                stop_procfile(honcho)
                stop_server(honcho)


if __name__ == "__main__":
    main()
