"""The load test, run by hand (not in CI): 50 players building lists, an organiser re-checking
their event, an attacker trying to stall the site, a flood of a shared page and rooms of players
logging in at once, against the Procfile's `web` process on a throwaway PostgreSQL, for a fixed time.
Needs locust: pip install -e '.[load]'.

    .venv/bin/python tests/load/run.py [--users 50] [--seconds 90] [--entrants 80] [--flood 8] [--rush 8 20]

Targets: no errors, p95 of an htmx edit under 150 ms with 50 players, no player's or organiser's
request over 2 s and every login of a rush in (302) within 2 s, while the attacker and the flood
(tests/load/locustfile.py: the flood's 429s are expected) and 300 idle connections
(`IdleConnections`, here) do their worst.

What it does: unless DATABASE_URL already names a PostgreSQL database, it runs
itself again under .ci/with-postgres (a server in a temporary folder, removed
afterwards). It migrates, loads the demo data, and makes (tests/load/people.py)
one player per simulated user with an empty AoF Regiments list, an event open
for submissions with --entrants lists submitted (the players' and other
entrants'), its organiser, and a logged-in session for each (so no password
hashing happens during the run but the login rush's, below), the attacker's
world, and as many players with a password as --rush's largest round. It
starts the Procfile's `web` line on 127.0.0.1 (DEBUG off,
WEB_CONCURRENCY=--processes) and its `worker` and `printer`, runs
tests/load/locustfile.py headless (the players, one organiser, the attacker and
the flood's --flood connections) for --seconds after all users have started,
and prints requests per second, p50/p95/p99 and errors per kind of request.
Meanwhile `LoginRush` (here) logs in, at moments spread over those seconds, a
room of players at once for each --rush count: each opens the login page for
its CSRF token, then all POST it together (`at_once` of tests/bench_logins.py:
without X-Forwarded-For, so all from the proxy's address, as a venue's players
share one); each login's status and time are printed. The site and locust
share the machine's cores, as they would not in production.

Only 127.0.0.1 is contacted; the run stops by itself and always ends the server.
"""
from __future__ import annotations

import argparse
import csv
import json
import math
import os
import platform
import re
import resource
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from armylists.ops import gunicorn as web_config  # noqa: E402 - the Procfile's web settings, for WEB_CONCURRENCY
from tests.bench_logins import at_once  # noqa: E402
from tests.bench_slow_clients import (  # noqa: E402
    free_port,
    procfile_line,
    procfile_web,
    start_server,
    stop_server,
    wait_until_all_listen,
    wait_until_up,
)

TARGET_EDIT_P95_MS = 150
TARGET_MAX_MS = 2000
IDLE_CONNECTIONS = 300
PRINT_TO_DOWNLOAD = "roster: from print to download"  # as tests/load/locustfile.py names it
MAKE_PEOPLE = "from tests.load.people import make; make(players={players}, entrants={entrants}, rushers={rushers})"
HOSTILE = ("attacker", "flood")  # the prefixes of the hostile requests' names in tests/load/locustfile.py
SPAWN_RATE = 10  # locust's users started a second


def on_postgresql() -> bool:
    return os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))


def manage(env: dict[str, str], *args: str) -> str:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True).stdout


def prepare(directory: Path, users: int, entrants: int, rushers: int, port: int, processes: int) -> dict[str, str]:
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="armylists.settings", DEBUG="false",
               SECRET_KEY=secrets.token_urlsafe(40), ALLOWED_HOSTS="127.0.0.1", PORT=str(port),
               WEB_CONCURRENCY=str(processes), PYTHONPATH=str(ROOT), TRUSTED_PROXIES="127.0.0.1",
               PATH=f"{Path(sys.executable).parent}:{os.environ['PATH']}")
    manage(env, "migrate", "-v0")
    manage(env, "seed_demo", "-v0")
    people = manage(env, "shell", "-v0", "-c",
                    MAKE_PEOPLE.format(players=users, entrants=entrants, rushers=rushers))
    (directory / "people.json").write_text(people, encoding="utf-8")
    return env | {"LOAD_PEOPLE": str(directory / "people.json"), "LOAD_ANSWERS": str(directory / "answers.json")}


class IdleConnections(threading.Thread):
    """Keeps `count` connections open that never send a byte, opening a new one for each the site closes."""

    def __init__(self, port: int, count: int):
        super().__init__(daemon=True)
        self.port, self.count, self.stop, self.closed = port, count, threading.Event(), 0
        self.sockets: list[socket.socket] = []

    def run(self) -> None:
        while not self.stop.is_set():
            for sock in list(self.sockets):
                sock.setblocking(False)
                try:
                    if sock.recv(1) == b"":
                        raise ConnectionResetError
                except BlockingIOError:
                    continue
                except OSError:
                    sock.close()
                    self.sockets.remove(sock)
                    self.closed += 1
            while len(self.sockets) < self.count and not self.stop.is_set():
                try:
                    self.sockets.append(socket.create_connection(("127.0.0.1", self.port), timeout=2))
                except OSError:
                    break
            self.stop.wait(0.5)
        for sock in self.sockets:
            sock.close()


class LoginRush(threading.Thread):
    """Rounds of players logging in at the same moment, `rounds[n]` players in round n, the rounds spread evenly
    over `seconds` after `after` seconds: each round's (count, [(status, seconds) of each login])."""

    def __init__(self, server: subprocess.Popen, port: int, rushers: dict, rounds: list[int], after: float,
                 seconds: int):
        super().__init__(daemon=True)
        self.server, self.port, self.rushers, self.rounds = server, port, rushers, rounds
        self.moments = [after + seconds * (n + 1) / (len(rounds) + 1) for n in range(len(rounds))]
        self.stop, self.results = threading.Event(), []

    def run(self) -> None:
        started = time.monotonic()
        for count, moment in zip(self.rounds, self.moments, strict=True):
            if self.stop.wait(max(0.0, started + moment - time.monotonic())):
                return
            forms = [{"username": name, "password": self.rushers["password"]}
                     for name in self.rushers["usernames"][:count]]
            # The server's CPU that at_once measures is everyone's here, not the logins': left out.
            self.results.append((count, at_once(self.server, self.port, "/accounts/login/", forms)[0]))


def spawn_seconds(users: int, flood: int) -> int:
    return math.ceil((users + 2 + flood) / SPAWN_RATE)


def run_locust(env: dict[str, str], port: int, users: int, flood: int, seconds: int, prefix: Path) -> None:
    """`users` players, the organiser, the attacker and the flood's connections; locust's own output (its summary
    table, any traceback) goes to <prefix>.log."""
    run_time = seconds + spawn_seconds(users, flood)  # its statistics are reset once every user has started
    env = env | {"LOAD_FLOOD": str(flood)}
    with open(f"{prefix}.log", "w", encoding="utf-8") as output:
        subprocess.run([sys.executable, "-m", "locust", "-f", str(ROOT / "tests" / "load" / "locustfile.py"),
                        "--headless", "--users", str(users + 2 + flood), "--spawn-rate", str(SPAWN_RATE),
                        "--run-time", f"{run_time}s",
                        "--reset-stats", "--host", f"http://127.0.0.1:{port}", "--csv", str(prefix),
                        "--only-summary", "--stop-timeout", "5", "--loglevel", "WARNING"],
                       cwd=ROOT, env=env, check=False, stdout=output, stderr=subprocess.STDOUT)
    if not Path(f"{prefix}_stats.csv").exists():
        raise SystemExit(f"locust wrote no statistics:\n{Path(f'{prefix}.log').read_text()[-3000:]}")


def cpu_of_children() -> float:
    """CPU seconds of the processes this one has started and waited for (the site's: once it is stopped)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def machine() -> str:
    model = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("model name")), platform.processor())
    postgres = subprocess.run(["psql", "--version"], capture_output=True, text=True).stdout.strip()
    return f"{os.cpu_count()} cores ({model}), Python {platform.python_version()}, {postgres or 'PostgreSQL'}"


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as rows:
        return list(csv.DictReader(rows))


def report(prefix: Path, seconds: int) -> bool:
    rows = read_csv(Path(f"{prefix}_stats.csv"))
    print(f"{'request':<34} {'count':>6} {'errors':>6} {'req/s':>6} {'p50':>6} {'p95':>6} {'p99':>6} {'max':>6}  (ms)")
    for row in rows:
        print(f"{row['Name']:<34} {row['Request Count']:>6} {row['Failure Count']:>6} "
              f"{float(row['Requests/s']):>6.1f} {row['50%']:>6} {row['95%']:>6} {row['99%']:>6} "
              f"{float(row['Max Response Time']):>6.0f}")
    failures = Path(f"{prefix}_failures.csv")
    for row in read_csv(failures) if failures.exists() else []:
        print(f"  error x{row['Occurrences']}: {row['Method']} {row['Name']}: {row['Error'][:200]}")
    total = next(r for r in rows if r["Name"] == "Aggregated")
    edits = [r for r in rows if r["Name"].startswith("htmx edit")]
    worst_edit_p95 = max(float(r["95%"]) for r in edits)
    # Each request of a player or the organiser; the wait from print to download is many requests.
    people = [r for r in rows if r["Name"] not in ("Aggregated", PRINT_TO_DOWNLOAD)
              and not r["Name"].startswith(HOSTILE)]
    slowest = max(float(r["Max Response Time"]) for r in people)
    met = int(total["Failure Count"]) == 0 and worst_edit_p95 < TARGET_EDIT_P95_MS and slowest < TARGET_MAX_MS
    print(f"\n{seconds} s measured after all users started; targets (no errors, htmx edit p95 < "
          f"{TARGET_EDIT_P95_MS} ms, no player's or organiser's request over {TARGET_MAX_MS} ms, slowest "
          f"{slowest:.0f} ms): {'met' if met else 'MISSED'}")
    return met


def report_hostile(answers: Path, idle: IdleConnections) -> None:
    counted = json.loads(answers.read_text()) if answers.exists() else []
    for who in HOSTILE:
        answers = [f"{name.removeprefix(f'{who}: ')} {status} x{n}" for name, status, n in counted
                   if name.startswith(f"{who}: ")]
        if answers:
            print(f"the {who}'s answers: " + ", ".join(answers))
    print(f"idle connections: {idle.count} held open; the site closed {idle.closed} of them as they idled")


def report_rush(rush: LoginRush) -> bool:
    """Each round's answers and each login's time; met if every login of every round came in within 2 s."""
    met = len(rush.results) == len(rush.rounds)
    for count, results in rush.results:
        times = sorted(seconds for _, seconds in results)
        answers = Counter(status for status, _ in results)
        met &= answers[302] == count and times[-1] * 1000 < TARGET_MAX_MS
        statuses = ", ".join(f"{status} x{n}" for status, n in sorted(answers.items(), key=str))
        print(f"login rush, {count} at once: {statuses}; {times[0]:.2f}-{times[-1]:.2f} s; each (s): "
              + " ".join(f"{t:.2f}" for t in times))
    if not met:
        print(f"login rush: MISSED (rounds done {len(rush.results)} of {len(rush.rounds)}; every login must "
              f"answer 302 within {TARGET_MAX_MS} ms)")
    return met


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--seconds", type=int, default=90)
    parser.add_argument("--entrants", type=int, default=80,
                        help="lists submitted to the event the organiser re-checks (the players' first)")
    parser.add_argument("--processes", type=int, default=web_config.workers,
                        help="WEB_CONCURRENCY, the web processes (default: four per core, as deployed)")
    parser.add_argument("--flood", type=int, default=8, choices=range(65), metavar="CONNECTIONS",
                        help="the flood's connections (0-64, default 8; 0: no flood)")
    parser.add_argument("--rush", type=int, nargs="*", default=[8, 20], choices=range(1, 101), metavar="N",
                        help="logins at once, a round for each (default: 8 20; none: no rush)")
    parser.add_argument("--keep", type=Path, metavar="FOLDER",
                        help="copy the server's and worker's logs and locust's statistics there, to read afterwards")
    args = parser.parse_args()
    if not on_postgresql():
        os.execvp("bash", ["bash", str(ROOT / ".ci" / "with-postgres"), sys.executable, *sys.argv])

    with tempfile.TemporaryDirectory(prefix="muster-load-") as tmp:
        directory, port = Path(tmp), free_port()
        rushers = max(args.rush, default=0)
        env = prepare(directory, args.users, args.entrants, rushers, port, args.processes)
        server = start_server(f"{procfile_web()} --bind 127.0.0.1:$PORT", env, directory / "server.log")
        # The Procfile's workers too: the rosters, and the packs and campaign sheets the attacker asks for.
        workers = [start_server(procfile_line(name), env, directory / f"{name}.log") for name in ("worker", "printer")]
        idle = IdleConnections(port, IDLE_CONNECTIONS)
        # After locust's start (a few seconds) and every user's.
        rush = LoginRush(server, port, json.loads(Path(env["LOAD_PEOPLE"]).read_text())["rushers"], args.rush,
                         3 + spawn_seconds(args.users, args.flood), args.seconds)
        try:
            wait_until_up(port, server, directory / "server.log")
            wait_until_all_listen(server, args.processes)
            print(f"machine: {machine()}\nserver: {procfile_web()} (WEB_CONCURRENCY={args.processes}), "
                  f"{args.users} players, a click every 1-3 s; 1 organiser re-checking an event of "
                  f"{args.entrants} lists in a round of about 40 s; 1 attacker; a flood on {args.flood} connections; "
                  f"logins at once: {', '.join(map(str, args.rush)) or 'none'}; {IDLE_CONNECTIONS} idle connections\n")
            idle.start()
            rush.start()
            before = cpu_of_children()
            run_locust(env, port, args.users, args.flood, args.seconds, directory / "load")
            locust_cpu = cpu_of_children() - before
        finally:
            for thread in (idle, rush):
                thread.stop.set()
                if thread.is_alive():
                    thread.join()
            for process in (server, *workers):
                stop_server(process)
        server_cpu = cpu_of_children() - before - locust_cpu
        log = (directory / "server.log").read_text().splitlines()
        errors_logged = [line for line in log if " ERROR " in line]
        # The last line of each traceback names what went wrong; the commonest first.
        causes = Counter(line for line in log if re.match(r"^[\w.]+(Error|Exception|Cut|Timeout)\b", line))
        for cause, times in causes.most_common(8):
            print(f"  in the server log x{times}: {cause[:200]}")
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            for kept in [*directory.glob("*.log"), *directory.glob("load_*.csv")]:
                shutil.copy(kept, args.keep)
        met = report(directory / "load", args.seconds)
        report_hostile(directory / "answers.json", idle)
        met &= report_rush(rush)
        print(f"server log: {len(errors_logged)} ERROR lines; CPU time over the run: site {server_cpu:.0f} s "
              f"(all its processes), locust {locust_cpu:.0f} s, load average now {os.getloadavg()[0]:.1f}")
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
