"""Benchmark the builder's "add an entry" under 20 concurrent clients on SQLite.

Run by hand (pytest does not collect it: no test_ prefix, no test functions):

    .venv/bin/python tests/bench_builder.py [--clients 20] [--adds 25]

Target on a 2-core machine: p95 server time under 50 ms with 20 concurrent clients.

What it does: a temporary SQLite file database (migrate + seed_demo), one player
and one empty AoF Regiments list per client; the site served on 127.0.0.1 by
gunicorn as it would be deployed (one sync worker process per CPU, DEBUG off).
Each client logs in through the login form over HTTP, then all clients at once
POST htmx add-entry requests (CSRF token, HX-Request: true) to their own list,
each waiting for its answer before sending the next.

What it measures: the server time of each request, taken in the worker around
the whole Django application (middleware, view, check, template, SQL with any
SQLite lock waits; not socket I/O or HTTP parsing) and sent back in a
Server-Timing header, with two parts of it: the time spent in SQL and the
worker's CPU time. The round trip seen by the client is printed too: with 20
clients that never pause it is mostly time queued behind other requests, since
two cores serve a fixed number of requests per second. A baseline with one
client alone comes first; a run of the same 20 clients at a player's pace
(--think seconds between clicks) comes last, for comparison.

Only 127.0.0.1 is contacted; the request count is bounded (clients x adds),
the run stops by itself and always ends its server process.
"""
from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
GAME, FACTION = "aof-regiments", "human-empire"
PASSWORD = "bench-player-password-1500"
TARGET_P95_MS = 50.0
DEADLINE_S = 300  # the whole measured phase stops by then, whatever is left


# --- the server process ----------------------------------------------------------


def timed_application():
    """The WSGI application gunicorn serves: each response carries its server time in a Server-Timing header.

    Timed around the whole Django application (middleware, view, check, template,
    SQL including SQLite lock waits); not socket I/O or HTTP parsing. A sync
    worker serves one request at a time, so the worker's CPU time over the
    request is the request's own.
    """
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.wsgi import get_wsgi_application
    from django.db import connection

    application = get_wsgi_application()

    def timed(environ, start_response):
        sql = [0.0]

        def time_sql(execute, *args):
            started = time.perf_counter()
            try:
                return execute(*args)
            finally:
                sql[0] += (time.perf_counter() - started) * 1000

        started, cpu = time.perf_counter(), time.thread_time()
        answer = {}
        with connection.execute_wrapper(time_sql):
            body = application(environ, lambda status, headers, exc_info=None: answer.update(
                status=status, headers=headers, exc_info=exc_info))
            content = b"".join(body)  # Django has built the whole response by now; joined so nothing is left out
            if hasattr(body, "close"):
                body.close()
        elapsed, cpu = (time.perf_counter() - started) * 1000, (time.thread_time() - cpu) * 1000
        timing = f"app;dur={elapsed:.3f}, sql;dur={sql[0]:.3f}, cpu;dur={cpu:.3f}"
        start_response(answer["status"], [*answer["headers"], ("Server-Timing", timing)], answer["exc_info"])
        return [content]

    return timed


# --- setup, in this process ------------------------------------------------------


def setup(directory: Path, clients: int) -> tuple[dict[str, str], list[tuple[str, int]]]:
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{directory / 'bench.sqlite3'}",
               DJANGO_SETTINGS_MODULE="armylists.settings", DEBUG="false",
               SECRET_KEY=secrets.token_urlsafe(40), ALLOWED_HOSTS="127.0.0.1")
    for command in (["migrate", "-v0"], ["seed_demo", "-v0"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True)
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from armylists.builder import services
    from factions.models import Faction, GameSystem

    game = GameSystem.objects.get(slug=GAME)
    faction = Faction.objects.get(game=game, slug=FACTION)
    players = []
    for n in range(clients):
        user = get_user_model().objects.create_user(f"bench{n}", password=PASSWORD)
        army_list = services.create_list(owner=user, name=f"Bench list {n}", game=game, faction=faction,
                                         settings={"points_limit": 2000, "force_organisation": True})
        players.append((user.username, army_list.pk))
    return env, players


def units() -> list[str]:
    from factions.models import Faction

    return list(Faction.objects.get(game__slug=GAME, slug=FACTION).units.order_by("position")
                .values_list("slug", flat=True))


def saved_entries(pk: int) -> int:
    from armylists.builder.models import ArmyList

    return len(ArmyList.objects.get(pk=pk).document["entries"])


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(env: dict[str, str], workers: int) -> tuple[subprocess.Popen, int]:
    """gunicorn, as the site would be deployed: `workers` sync worker processes, one request at a time each."""
    port = free_port()
    server = subprocess.Popen(
        [str(Path(sys.executable).with_name("gunicorn")), "--workers", str(workers), "--bind", f"127.0.0.1:{port}",
         "--backlog", "256", "tests.bench_builder:timed_application()"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn exited with status {server.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server, port
        except OSError:
            time.sleep(0.1)
    stop_server(server)
    raise RuntimeError("gunicorn did not start listening within 30 s")


def stop_server(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


# --- the clients -----------------------------------------------------------------


class Player:
    """One browser: its own keep-alive connection and cookies."""

    def __init__(self, port: int, username: str, pk: int):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.username, self.pk, self.cookies = username, pk, {}

    def request(self, method: str, path: str, body: dict | None = None, headers: dict | None = None):
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if body is not None:
            data = urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        started = time.perf_counter()
        self.connection.request(method, path, body=data, headers=headers)
        response = response_ = self.connection.getresponse()
        content = response.read()
        round_trip = (time.perf_counter() - started) * 1000
        for value in response_.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, response.headers, content.decode("utf-8", "replace"), round_trip

    def log_in(self) -> None:
        status, _, page, _ = self.request("GET", "/accounts/login/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        status, headers, _, _ = self.request("POST", "/accounts/login/", {
            "csrfmiddlewaretoken": token, "username": self.username, "password": PASSWORD})
        if status != 302 or "sessionid" not in self.cookies:
            raise RuntimeError(f"{self.username} could not log in (HTTP {status})")
        status, _, page, _ = self.request("GET", f"/lists/{self.pk}/")
        if status != 200:
            raise RuntimeError(f"{self.username} cannot open list {self.pk} (HTTP {status})")
        self.csrf = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)  # what htmx sends (base.html hx-headers)

    def add(self, unit: str) -> tuple[float, float, float, float]:
        """POST one add-entry as htmx does; (server ms, of which in SQL, the worker's CPU ms, round-trip ms)."""
        status, headers, content, round_trip = self.request(
            "POST", f"/lists/{self.pk}/entries/add/", {"unit": unit, "faction": FACTION},
            {"HX-Request": "true", "HX-Target": "roster", "X-CSRFToken": self.csrf,
             "HX-Current-URL": f"http://127.0.0.1/lists/{self.pk}/"})
        if status != 200 or 'id="roster"' not in content or "data-testid=\"notice\"" in content:
            raise RuntimeError(f"add-entry answered HTTP {status}: {content[:300]!r}")
        timing = dict(re.findall(r"(\w+);dur=([\d.]+)", headers["Server-Timing"]))
        return float(timing["app"]), float(timing["sql"]), float(timing["cpu"]), round_trip


def run_clients(players: list[Player], adds: int, kinds: list[str],
                think: float = 0.0) -> tuple[list, list, list, list, list, float]:
    """Every client adds `adds` entries, one at a time; `think` seconds (on average) between its clicks."""
    server_ms, sql_ms, cpu_ms, round_ms, errors = [], [], [], [], []
    lock, start_together = threading.Lock(), threading.Barrier(len(players))
    deadline = time.monotonic() + DEADLINE_S

    def client(n: int, player: Player) -> None:
        pause = random.Random(n)
        start_together.wait()
        for i in range(adds):
            if think:
                time.sleep(pause.uniform(0.5, 1.5) * think)  # jittered, so the clients do not click in step
            if time.monotonic() > deadline:
                errors.append("deadline reached")
                return
            try:
                server, sql, cpu, round_trip = player.add(kinds[(n + i) % len(kinds)])
            except Exception as error:  # noqa: BLE001 - counted and printed, the run goes on
                with lock:
                    errors.append(f"{player.username}: {error}")
                continue
            with lock:
                server_ms.append(server)
                sql_ms.append(sql)
                cpu_ms.append(cpu)
                round_ms.append(round_trip)

    threads = [threading.Thread(target=client, args=(n, p), daemon=True) for n, p in enumerate(players)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return server_ms, sql_ms, cpu_ms, round_ms, errors, time.perf_counter() - started


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def report(title: str, server_ms: list[float], sql_ms: list[float], cpu_ms: list[float], round_ms: list[float],
           errors: list, seconds: float) -> float:
    print(f"\n{title}: {len(server_ms)} add-entry requests in {seconds:.1f} s, "
          f"{len(server_ms) / seconds:.1f} requests/s, {len(errors)} failed")
    for label, values in (("server time (Server-Timing, in-process)", server_ms),
                          ("  of which in SQL (lock waits included)", sql_ms),
                          ("  CPU time of the worker over the request", cpu_ms),
                          ("round trip seen by the client (+ queueing)", round_ms)):
        if values:
            print(f"  {label:42} p50 {statistics.median(values):7.1f} ms   p95 {percentile(values, 95):7.1f} ms"
                  f"   max {max(values):7.1f} ms   mean {statistics.fmean(values):7.1f} ms")
    for error in errors[:5]:
        print(f"  error: {error}")
    return percentile(server_ms, 95) if server_ms else float("inf")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--adds", type=int, default=25, help="add-entry requests per client")
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a player takes between clicks, on average, in the paced run (0: none)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2,
                        help="gunicorn worker processes (default: one per CPU)")
    options = parser.parse_args()
    workers = max(1, min(options.workers, 16))
    clients, adds = max(1, min(options.clients, 100)), max(1, min(options.adds, 200))
    think = max(0.0, min(options.think, 10.0))

    with tempfile.TemporaryDirectory(prefix="muster-bench-") as directory:
        # One list for the lone client, one per concurrent client, and again for the paced run.
        env, accounts = setup(Path(directory), 2 * clients + 1)
        kinds = units()
        server, port = start_server(env, workers)
        try:
            print(f"server: gunicorn, {workers} sync workers on 127.0.0.1:{port}, DEBUG off, "
                  "SQLite file database (WAL)")
            print(f"lists: AoF Regiments, {FACTION}, 2000 points; each client adds {adds} entries "
                  f"(so its list grows from 0 to {adds} entries), cycling through {len(kinds)} units")
            players = [Player(port, *account) for account in accounts]
            login_threads = [threading.Thread(target=p.log_in) for p in players]
            for thread in login_threads:
                thread.start()
            for thread in login_threads:
                thread.join()
            if any(not hasattr(p, "csrf") for p in players):
                raise RuntimeError("some clients could not log in")
            print(f"logged in: {len(players)} clients through the login form")
            print(f"machine: {os.cpu_count()} CPUs, shared by the server and the clients")

            alone, crowd, paced = players[0], players[1:clients + 1], players[clients + 1:]
            report("1 client alone (baseline)", *run_clients([alone], adds, kinds))
            p95 = report(f"{clients} concurrent clients, each clicking again as soon as answered (the target's case)",
                         *run_clients(crowd, adds, kinds))
            if think:
                report(f"{clients} concurrent clients at a player's pace, {think:g} s between clicks on average",
                       *run_clients(paced, adds, kinds, think))
        finally:
            stop_server(server)
        complete = all(saved_entries(pk) == adds for _, pk in accounts)
        print(f"\nevery list saved all {adds} entries: {complete}")
        print(f"target: p95 server time under {TARGET_P95_MS:.0f} ms with {clients} concurrent clients: "
              f"{'met' if p95 < TARGET_P95_MS else 'NOT met'} (p95 {p95:.1f} ms)")


if __name__ == "__main__":
    main()
