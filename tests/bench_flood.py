"""A flood of anonymous readers from many addresses, and a signed-in player meanwhile (docs/deploying.md, "What
the site does against hostile clients"). Run by hand, not in CI; prints figures:

    bash .ci/with-postgres env PYTHONPATH=$PWD .venv/bin/python tests/bench_flood.py [--addresses 64] [--seconds 40]

The Procfile's processes (`honcho start`: web, worker, printer) on the database DATABASE_URL names (SQLite in a
temporary folder without it), migrated and seeded, with two shared lists of 500 entries and a player with a
session, and TRUSTED_PROXIES=127.0.0.1. Each of --addresses addresses opens 2 keep-alive connections, each
with its own X-Forwarded-For, and asks in turn for the shared pages and roster PDFs of the two lists, sending no
conditional request, ignoring Retry-After and asking again 50 ms after a 429 or 503. Meanwhile the player asks
for their builder page and lists page, one after the other. Printed: the player's p50/p95/max and statuses, the
flood's statuses, and the machine's load (shared with others: read the figures with it).
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.bench_processes import start_procfile, stop_procfile  # noqa: E402
from tests.bench_slow_clients import free_port, prepare, wait_until_up  # noqa: E402

MAKE = """
import json
from django.contrib.auth import get_user_model
from factions.models import Faction
from tests.load.people import FACTION, GAME, make_players, shared_long_list
faction = Faction.objects.get(game__slug=GAME, slug=FACTION)
owner = get_user_model().objects.create(username="sharer")
(user, player), = make_players(1, faction)
print(json.dumps({"player": player, "tokens": [shared_long_list(owner, faction, 500)["token"] for _ in range(2)]}))
"""


def ask(connection: http.client.HTTPConnection, path: str, headers: dict[str, str]) -> int:
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    response.read()
    return response.status


def flood(port: int, address: str, paths: list[str], stop: threading.Event, statuses: Counter) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    n = 0
    while not stop.is_set():
        try:
            status = ask(connection, paths[n % len(paths)], {"X-Forwarded-For": address})
        except OSError:
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            status = "error"
        statuses[status] += 1
        n += 1
        if status in (429, 503):
            stop.wait(0.05)


def player(port: int, session: str, paths: list[str], stop: threading.Event, times: list, statuses: Counter) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    n = 0
    while not stop.is_set():
        started = time.perf_counter()
        try:
            status = ask(connection, paths[n % len(paths)], {"Cookie": f"sessionid={session}",
                                                             "X-Forwarded-For": "198.51.100.7"})
        except OSError:
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            status = "error"
        times.append((time.perf_counter() - started) * 1000)
        statuses[status] += 1
        n += 1
        stop.wait(0.2)  # a person reads between clicks


def percentile(values: list[float], share: float) -> float:
    return sorted(values)[min(len(values) - 1, int(len(values) * share))] if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--addresses", type=int, default=64)
    parser.add_argument("--seconds", type=int, default=40)
    arguments = parser.parse_args()
    directory, port = Path(tempfile.mkdtemp(prefix="bench-flood-")), free_port()
    database = os.environ.get("DATABASE_URL", "")
    env = prepare(directory, port, database_url=database if database.startswith("postgres") else None)
    env = env | {"TRUSTED_PROXIES": "127.0.0.1", "TASKS_WORKER": "true"}
    env.pop("WEB_CONCURRENCY", None)  # the Procfile's default: four per core
    made = json.loads(subprocess.run([sys.executable, "manage.py", "shell", "-v0", "-c", MAKE], cwd=ROOT, env=env,
                                     check=True, capture_output=True, text=True).stdout)
    honcho = start_procfile(env, directory / "procfile.log")
    try:
        wait_until_up(port, honcho, directory / "procfile.log")
        shared = [path for token in made["tokens"]
                  for path in (f"/lists/shared/{token}/", f"/print/shared/{token}/roster.pdf")]
        mine = [f"/lists/{made['player']['list']}/", "/lists/"]
        stop, flood_statuses, player_statuses, times = threading.Event(), Counter(), Counter(), []
        threads = [threading.Thread(target=flood, args=(port, f"203.0.{n // 250}.{n % 250 + 1}", shared, stop,
                                                        flood_statuses), daemon=True)
                   for n in range(arguments.addresses) for _ in range(2)]
        threads.append(threading.Thread(target=player, args=(port, made["player"]["session"], mine, stop, times,
                                                             player_statuses), daemon=True))
        load_before = os.getloadavg()
        for thread in threads:
            thread.start()
        stop.wait(arguments.seconds)
        stop.set()
        for thread in threads:
            thread.join(35)
        print(f"machine: {os.cpu_count()} cores, load before {load_before[0]:.1f}, after {os.getloadavg()[0]:.1f}; "
              f"database: {'PostgreSQL' if database.startswith('postgres') else 'SQLite'}")
        print(f"flood: {arguments.addresses} addresses x 2 connections for {arguments.seconds} s: "
              f"{dict(flood_statuses)}")
        print(f"player ({len(times)} requests): p50 {statistics.median(times):.0f} ms, "
              f"p95 {percentile(times, 0.95):.0f} ms, max {max(times):.0f} ms, statuses {dict(player_statuses)}")
    finally:
        stop_procfile(honcho)


if __name__ == "__main__":
    main()
