"""Benchmark the builder's edits under 20 concurrent clients on SQLite.

Run by hand (pytest does not collect it: no test_ prefix, no test functions):

    .venv/bin/python tests/bench_builder.py [--clients 20] [--adds 25] [--rounds 5]

Targets on a 2-core machine: p95 server time under 50 ms with 20 concurrent clients, and an edit
answered in at most 10 KB on a 40-entry list (only the changed entry and the list summary).

Two parts. First, lists growing from empty: every client adds entries without pause. Then lists
of 40 and of 150 entries (units of the faction in turn, every fifth a hero joined to the unit
before it): every client adds an entry, edits another (takes an option, as its form posts it) and
removes the entry it added, round after round; each kind of edit is reported with the size of its
answer and its server time. Each edit posts the list version its page shows, as the page does.

What it does: a temporary SQLite file database (migrate + seed_demo, as
tests/bench_slow_clients.py prepares it), one player and one empty AoF
Regiments list per client; the site served on 127.0.0.1 by the Procfile's
`web` line, as deployed: gunicorn's ASGI worker with armylists.ops.gunicorn,
WEB_CONCURRENCY processes (four per core unless --workers), each running one
request's Django code at a time, DEBUG off. The one addition is the settings
module (tests/bench_builder_settings.py: the site's own, with a timing
middleware first). Each client logs in through the login form over HTTP,
then all clients at once POST htmx add-entry requests (CSRF token,
HX-Request: true) to their own list, each waiting for its answer before
sending the next.

What it measures: the server time of each request, taken in the web process
around Django's middleware and view (check, template, SQL with any SQLite
lock waits; not socket I/O, HTTP parsing or the wait for the process's turn)
and sent back in a Server-Timing header, with two parts of it: the time spent
in SQL and the CPU time of the thread that ran it. The round trip seen by the
client is printed too: with 20 clients that never pause it is mostly time
queued behind other requests, since two cores serve a fixed number of
requests per second. A baseline with one client alone comes first; a run of
the same 20 clients at a player's pace (--think seconds between clicks) comes
last, for comparison.

Only 127.0.0.1 is contacted; the request count is bounded (clients x adds),
the run stops by itself and always ends the server (master and workers).
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from armylists.ops import gunicorn as web_config  # noqa: E402 - the Procfile's web settings, for WEB_CONCURRENCY
from tests.bench_slow_clients import (  # noqa: E402
    free_port,
    prepare,
    procfile_web,
    start_server,
    stop_server,
    wait_until_up,
)

GAME, FACTION = "aof-regiments", "human-empire"
PASSWORD = "bench-player-password-1500"
TARGET_P95_MS = 50.0
TARGET_EDIT_KB = 10
DEADLINE_S = 300  # the whole measured phase stops by then, whatever is left
SETTINGS = "tests.bench_builder_settings"  # the site's, with ServerTiming first


# --- the server's timing ----------------------------------------------------------


class ServerTiming:
    """Django middleware, first of all (tests/bench_builder_settings.py): each answer carries its server time
    in a Server-Timing header, with the part spent in SQL and the CPU time of the thread over it.

    Timed around Django's middleware and view (check, template, SQL including
    SQLite lock waits), after the ASGI worker has read the request; not socket
    I/O or HTTP parsing. Each process runs one request's Django code at a time,
    in one thread (armylists.ops.handler), so that thread's CPU time over the
    request is the request's own.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        from django.db import connection

        sql = [0.0]

        def time_sql(execute, *args):
            started = time.perf_counter()
            try:
                return execute(*args)
            finally:
                sql[0] += (time.perf_counter() - started) * 1000

        started, cpu = time.perf_counter(), time.thread_time()
        with connection.execute_wrapper(time_sql):
            response = self.get_response(request)
        elapsed, cpu = (time.perf_counter() - started) * 1000, (time.thread_time() - cpu) * 1000
        response["Server-Timing"] = f"app;dur={elapsed:.3f}, sql;dur={sql[0]:.3f}, cpu;dur={cpu:.3f}"
        return response


# --- setup, in this process ------------------------------------------------------


def setup(directory: Path, port: int, clients: int) -> tuple[dict[str, str], list[tuple[str, int]]]:
    """The database the web process will serve (as bench_slow_clients prepares it), and the players."""
    env = prepare(directory, port)
    os.environ.update(env)
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


def sized_lists(players: list[tuple[str, int]], size: int) -> list[dict]:
    """Give each player's list `size` entries; what each client needs to edit them as a page would."""
    from armylists.builder.context import load_checked
    from armylists.builder.controls import entry_state, option_controls
    from armylists.builder.models import ArmyList, ListVersion
    from armylists.checking.library import library_of
    from armylists.games.registry import game_home
    from factions.models import GameSystem

    library = library_of(GameSystem.objects.get(slug=GAME))
    docs = list(library.factions[FACTION].unit_docs.values())
    entries = []
    for n in range(size):
        doc = docs[n % len(docs)]
        entry = {"id": f"e{n + 1}", "unit": doc["slug"]}
        host = entries[-1] if entries else None
        if doc.get("hero") and n % 5 == 4 and host and not library.unit(FACTION, host["unit"]).hero:
            entry["joined_to"] = host["id"]
        entries.append(entry)
    edits = []  # (entry id, the form as posted) for entries whose unit has an option to take
    for entry in entries:
        unit = library.unit(FACTION, entry["unit"])
        controls = option_controls(game_home(GAME), unit)
        if not controls or unit.option_groups and any(g.min for g in unit.option_groups):
            continue
        control = controls[0]
        value = control.members[0].slug if control.kind == "group" else "on" if control.kind == "checkbox" else "1"
        was = entry_state(entry, game_home(GAME).files.entry_fields)
        edits.append((entry["id"], {"was": json.dumps(was), control.field: value}))
    lists = []
    for _, pk in players:
        army_list = ArmyList.objects.get(pk=pk)
        document = {**army_list.document, "entries": entries, "points_limit": 20000}
        # A new start for the list: its history from the first part goes too (versions only ever grow).
        ListVersion.objects.filter(army_list_id=pk).delete()
        ArmyList.objects.filter(pk=pk).update(document=document, version=1, verdict=None)
        army_list.document = document
        assert load_checked(army_list, library)[0] is not None
        lists.append({"pk": pk, "version": 1, "edits": list(edits)})
    return lists


def saved_entries(pk: int) -> int:
    from armylists.builder.models import ArmyList

    return len(ArmyList.objects.get(pk=pk).document["entries"])


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
        for attempt in range(2):
            started = time.perf_counter()
            try:
                self.connection.request(method, path, body=data, headers=headers)
                response = self.connection.getresponse()
                content = response.read()
                break
            except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
                # The server closes a connection idle for its keepalive seconds (armylists.ops.gunicorn)
                # before reading anything from it; a browser opens another and sends the request again.
                self.connection.close()
                if attempt:
                    raise
        round_trip = (time.perf_counter() - started) * 1000
        for value in response.headers.get_all("Set-Cookie") or []:
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

    def post(self, path: str, data: dict) -> tuple[int, float, str]:
        """An htmx POST as the builder page sends it: (answer bytes, server ms, answer)."""
        status, headers, content, _ = self.request("POST", path, data, {
            "HX-Request": "true", "HX-Target": "list-summary", "X-CSRFToken": self.csrf,
            "HX-Current-URL": f"http://127.0.0.1/lists/{self.pk}/"})
        if status != 200 or 'data-testid="notice"' in content:
            raise RuntimeError(f"{path} answered HTTP {status}: {content[:300]!r}")
        timing = dict(re.findall(r"(\w+);dur=([\d.]+)", headers["Server-Timing"]))
        return len(content.encode()), float(timing["app"]), content

    def add(self, unit: str) -> tuple[float, float, float, float]:
        """POST one add-entry as htmx does; (server ms, of which in SQL, the worker's CPU ms, round-trip ms)."""
        status, headers, content, round_trip = self.request(
            "POST", f"/lists/{self.pk}/entries/add/", {"unit": unit, "faction": FACTION,
                                                      "list_version": getattr(self, "version", 1)},
            {"HX-Request": "true", "HX-Target": "list-summary", "X-CSRFToken": self.csrf,
             "HX-Current-URL": f"http://127.0.0.1/lists/{self.pk}/"})
        if status != 200 or 'id="list-summary"' not in content or "data-testid=\"notice\"" in content:
            raise RuntimeError(f"add-entry answered HTTP {status}: {content[:300]!r}")
        self.version = int(re.search(r'id="list-version" name="list_version" value="(\d+)"', content).group(1))
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


def run_edits(players: list[Player], lists: list[dict], rounds: int, kinds: list[str]) -> dict[str, list]:
    """Every client, `rounds` times: add an entry, take an option on another, remove the one it added."""
    measured: dict[str, list] = {"add": [], "edit": [], "remove": [], "errors": []}
    lock, start_together = threading.Lock(), threading.Barrier(len(players))

    def client(n: int, player: Player, state: dict) -> None:
        start_together.wait()
        for i in range(rounds):
            try:
                base = f"/lists/{player.pk}/entries/"
                size, ms, answer = player.post(base + "add/", {
                    "unit": kinds[(n + i) % len(kinds)], "faction": FACTION, "list_version": state["version"]})
                added = re.search(r'<article id="entry-([^"]+)"', answer).group(1)
                state["version"] += 1
                results = [("add", size, ms)]
                entry_id, form = state["edits"][i % len(state["edits"])]
                size, ms, _ = player.post(base + f"edit/{entry_id}", {**form, "list_version": state["version"]})
                state["version"] += 1
                results.append(("edit", size, ms))
                size, ms, _ = player.post(base + f"remove/{added}", {"list_version": state["version"]})
                state["version"] += 1
                results.append(("remove", size, ms))
            except Exception as error:  # noqa: BLE001 - counted and printed, the run goes on
                with lock:
                    measured["errors"].append(f"{player.username}: {error}")
                return
            with lock:
                for kind, size, ms in results:
                    measured[kind].append((size, ms))

    threads = [threading.Thread(target=client, args=(n, p, s), daemon=True)
               for n, (p, s) in enumerate(zip(players, lists, strict=True))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return measured


def report_edits(size: int, clients: int, measured: dict[str, list]) -> tuple[float, float]:
    print(f"\n{size}-entry lists, {clients} concurrent clients (add, edit, remove in turn, no pause):")
    for kind in ("add", "edit", "remove"):
        values = measured[kind]
        if not values:
            continue
        sizes, times = [v[0] / 1024 for v in values], [v[1] for v in values]
        print(f"  {kind:6} {len(values):4} requests   answer p50 {statistics.median(sizes):6.1f} KB   max "
              f"{max(sizes):6.1f} KB   server time p50 {statistics.median(times):6.1f} ms   p95 "
              f"{percentile(times, 95):6.1f} ms")
    for error in measured["errors"][:5]:
        print(f"  error: {error}")
    every = [v[1] for kind in ("add", "edit", "remove") for v in measured[kind]]
    edits = [v[0] / 1024 for v in measured["edit"]]
    return (percentile(every, 95) if every else float("inf")), (max(edits) if edits else float("inf"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--adds", type=int, default=25, help="add-entry requests per client")
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a player takes between clicks, on average, in the paced run (0: none)")
    parser.add_argument("--rounds", type=int, default=5, help="add/edit/remove rounds per client on 40 and 150 entries")
    parser.add_argument("--workers", type=int, default=web_config.workers,
                        help="WEB_CONCURRENCY, the web processes (default: as deployed, four per core)")
    options = parser.parse_args()
    workers = max(1, min(options.workers, 16))
    clients, adds = max(1, min(options.clients, 100)), max(1, min(options.adds, 200))
    think = max(0.0, min(options.think, 10.0))
    rounds = max(1, min(options.rounds, 50))

    with tempfile.TemporaryDirectory(prefix="muster-bench-") as directory:
        # One list for the lone client, one per concurrent client, and again for the paced run.
        port, log = free_port(), Path(directory) / "server.log"
        env, accounts = setup(Path(directory), port, 2 * clients + 1)
        kinds = units()
        # The Procfile's line as it is, on the loopback address; the settings add the timing middleware.
        command = f"{procfile_web()} --bind 127.0.0.1:$PORT"
        server = start_server(command, env | {"WEB_CONCURRENCY": str(workers), "DJANGO_SETTINGS_MODULE": SETTINGS},
                              log)
        try:
            wait_until_up(port, server, log)
            print(f"server: {command}\n        (PORT={port}, WEB_CONCURRENCY={workers}, DEBUG off, "
                  f"DJANGO_SETTINGS_MODULE={SETTINGS}), SQLite file database (WAL)")
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
            complete = all(saved_entries(pk) == adds for _, pk in accounts)
            print(f"\nevery list saved all {adds} entries: {complete}")
            print(f"target: p95 server time under {TARGET_P95_MS:.0f} ms with {clients} concurrent clients: "
                  f"{'met' if p95 < TARGET_P95_MS else 'NOT met'} (p95 {p95:.1f} ms)")
            figures = {}
            for size in (40, 150):
                lists = sized_lists(accounts[1:clients + 1], size)
                figures[size] = report_edits(size, clients, run_edits(crowd, lists, rounds, kinds))
        finally:
            stop_server(server)
        for size, (p95, largest) in figures.items():
            print(f"target at {size} entries: p95 under {TARGET_P95_MS:.0f} ms: "
                  f"{'met' if p95 < TARGET_P95_MS else 'NOT met'} (p95 {p95:.1f} ms)"
                  + (f"; an edit in at most {TARGET_EDIT_KB} KB: {'met' if largest <= TARGET_EDIT_KB else 'NOT met'}"
                     f" (largest {largest:.1f} KB)" if size == 40 else ""))


if __name__ == "__main__":
    main()
