"""The event day's rush, run by hand (not in CI): 300 players in round 1 polling their tables every 10 s,
150 results entered and confirmed over 5 minutes, 20 spectators polling the standings every 10 s and the
organiser reloading the day page every 5 s (tests/load/eventday.py), against the Procfile's `web` on a
throwaway PostgreSQL. Needs locust: pip install -e '.[load]'.

    .venv/bin/python tests/load/rush.py [--seconds 300] [--players 300] [--spectators 20] [--busy 1]

--busy N keeps N cores busy meanwhile with another program (`python -c 'while 1: pass'`, nice 0), as other
work on the same machine would.

Targets (docs/deploying.md, "The event day"): no request over 2 s, p95 of all requests under 300 ms, every
table's result in the database once (none lost, none doubled); a poll that finds nothing new (204) costs at
most 2 ms of the server's CPU.

What it does: unless DATABASE_URL already names a PostgreSQL database, it runs itself again under
.ci/with-postgres. It migrates, loads the demo data and makes the day (tests/load/people.py, `make_day`): an
event of --players players, each with a submitted list and a logged-in session, published, round 1 paired.
It starts the Procfile's `web` line on 127.0.0.1 (DEBUG off, WEB_CONCURRENCY=--processes), measures the
server's CPU for a poll one at a time (a table poll and a standings poll answered 204, and each answered with
its fragment), then runs locust headless for --seconds and prints p50/p95/p99/max per kind of request,
errors, the result posts that met a busy site (sent again: the form keeps them) and, from the database, the
tables confirmed, lost and doubled. The site, locust and the busy program share the machine's cores.

Only 127.0.0.1 is contacted; the run stops by itself and always ends the server and the busy program.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from armylists.ops import gunicorn as web_config  # noqa: E402 - the Procfile's web settings, for WEB_CONCURRENCY
from tests.bench_logins import Browser, server_cpu  # noqa: E402
from tests.bench_slow_clients import (  # noqa: E402
    free_port,
    procfile_web,
    start_server,
    stop_server,
    wait_until_all_listen,
    wait_until_up,
)
from tests.load.run import cpu_of_children, machine, manage, on_postgresql, read_csv  # noqa: E402

TARGET_MAX_MS = 2000
TARGET_P95_MS = 300
TARGET_POLL_CPU_MS = 2.0
SPAWN_RATE = 50
MAKE_DAY = "from tests.load.people import make_day; make_day(players={players}, spectators={spectators})"
# What the database says of the day after the run: tables, confirmed, and each table's entries and confirmations.
COUNT_RESULTS = """
from collections import Counter
from armylists.tournament.models import LogEntry, Table
tables = Table.objects.filter(round__event__slug={slug!r}, second__isnull=False)
said = Counter()
for text in LogEntry.objects.filter(event__slug={slug!r}).values_list("text", flat=True):
    where, _, what = text.partition(": ")
    if where.startswith("Round 1, table "):
        said[(where, "confirmed" if " confirmed: " in what else "entered")] += 1
print(json.dumps({{"tables": tables.count(), "confirmed": tables.filter(confirmed=True).count(),
                  "doubled": sum(1 for n in said.values() if n > 1)}}))
"""


def prepare(directory: Path, port: int, processes: int, players: int, spectators: int) -> dict[str, str]:
    import secrets

    env = dict(os.environ, DJANGO_SETTINGS_MODULE="armylists.settings", DEBUG="false",
               SECRET_KEY=secrets.token_urlsafe(40), ALLOWED_HOSTS="127.0.0.1", PORT=str(port),
               WEB_CONCURRENCY=str(processes), PYTHONPATH=str(ROOT), TRUSTED_PROXIES="127.0.0.1",
               PATH=f"{Path(sys.executable).parent}:{os.environ['PATH']}")
    manage(env, "migrate", "-v0")
    manage(env, "seed_demo", "-v0")
    (directory / "day.json").write_text(manage(env, "shell", "-v0", "-c", MAKE_DAY.format(
        players=players, spectators=spectators)), encoding="utf-8")
    return env | {"LOAD_DAY": str(directory / "day.json")}


def poll_cpu(server: subprocess.Popen, port: int, day: dict, times: int = 200) -> None:
    """The server's CPU for one poll, asked one at a time (`times` of each): what a poll costs, unshared."""
    table = day["tables"][0]
    player, spectator = Browser(port), Browser(port)
    player.cookies = {"sessionid": table["second"]}
    paths = {"table": f"/events/{day['event']}/day/", "standings": f"/events/{day['event']}/standings/"}
    targets = {"table": "my-table", "standings": "standings"}
    for what, browser in (("table", player), ("standings", spectator)):
        browser.request("GET", paths[what])
        polled = browser.page.split(f'id="{targets[what]}"', 1)[1].split('hx-get="', 1)[1].split('"', 1)[0]
        for kind, path in (("nothing new (204)", polled.replace("&amp;", "&")), ("changed (200)", paths[what])):
            before, started = server_cpu(server), time.perf_counter()
            statuses = set()
            for _ in range(times):
                statuses.add(poll_request(browser, path, targets[what]))
            cpu, wall = server_cpu(server) - before, time.perf_counter() - started
            print(f"a {what} poll, {kind}: answers {sorted(statuses)}, server CPU {cpu / times * 1000:.1f} ms each "
                  f"({wall / times * 1000:.1f} ms from asking to the answer)")


def poll_request(browser: Browser, path: str, target: str) -> int:
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", browser.port, timeout=30)
    headers = {"HX-Request": "true", "HX-Target": target}
    if browser.cookies:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in browser.cookies.items())
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        response.read()
    finally:
        connection.close()
    return response.status


def run_locust(env: dict[str, str], port: int, users: int, seconds: int, prefix: Path) -> None:
    with open(f"{prefix}.log", "w", encoding="utf-8") as output:
        subprocess.run([sys.executable, "-m", "locust", "-f", str(ROOT / "tests" / "load" / "eventday.py"),
                        "--headless", "--users", str(users), "--spawn-rate", str(SPAWN_RATE),
                        "--run-time", f"{seconds}s", "--host", f"http://127.0.0.1:{port}", "--csv", str(prefix),
                        "--only-summary", "--stop-timeout", "5", "--loglevel", "WARNING"],
                       cwd=ROOT, env=env, check=False, stdout=output, stderr=subprocess.STDOUT)
    if not Path(f"{prefix}_stats.csv").exists():
        raise SystemExit(f"locust wrote no statistics:\n{Path(f'{prefix}.log').read_text()[-3000:]}")


def report(prefix: Path, results: dict) -> bool:
    rows = read_csv(Path(f"{prefix}_stats.csv"))
    print(f"{'request':<40} {'count':>6} {'errors':>6} {'p50':>6} {'p95':>6} {'p99':>6} {'max':>6}  (ms)")
    for row in rows:
        print(f"{row['Name']:<40} {row['Request Count']:>6} {row['Failure Count']:>6} {row['50%']:>6} "
              f"{row['95%']:>6} {row['99%']:>6} {float(row['Max Response Time']):>6.0f}")
    failures = Path(f"{prefix}_failures.csv")
    for row in read_csv(failures) if failures.exists() else []:
        print(f"  error x{row['Occurrences']}: {row['Method']} {row['Name']}: {row['Error'][:200]}")
    total = next(r for r in rows if r["Name"] == "Aggregated")
    slowest, p95 = float(total["Max Response Time"]), float(total["95%"])
    lost = results["tables"] - results["confirmed"]
    print(f"\nresults: {results['confirmed']} of {results['tables']} tables confirmed; lost {lost}, "
          f"doubled {results['doubled']}")
    met = slowest < TARGET_MAX_MS and p95 < TARGET_P95_MS and lost == 0 and results["doubled"] == 0
    print(f"targets (no request over {TARGET_MAX_MS} ms: slowest {slowest:.0f}; p95 under {TARGET_P95_MS} ms: "
          f"{p95:.0f}; no result lost or doubled): {'met' if met else 'MISSED'}")
    return met


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=300)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--spectators", type=int, default=20)
    parser.add_argument("--processes", type=int, default=web_config.workers,
                        help="WEB_CONCURRENCY, the web processes (default: four per core, as deployed)")
    parser.add_argument("--busy", type=int, default=0, choices=range(3), metavar="CORES",
                        help="cores kept busy by another program during the rush (0-2, default 0)")
    args = parser.parse_args()
    if not on_postgresql():
        os.execvp("bash", ["bash", str(ROOT / ".ci" / "with-postgres"), sys.executable, *sys.argv])

    with tempfile.TemporaryDirectory(prefix="muster-rush-") as tmp:
        directory, port = Path(tmp), free_port()
        env = prepare(directory, port, args.processes, args.players, args.spectators) | {
            "LOAD_SECONDS": str(args.seconds), "LOAD_SPECTATORS": str(args.spectators)}
        day = json.loads(Path(env["LOAD_DAY"]).read_text())
        server = start_server(f"{procfile_web()} --bind 127.0.0.1:$PORT", env, directory / "server.log")
        busy: list[subprocess.Popen] = []
        try:
            wait_until_up(port, server, directory / "server.log")
            wait_until_all_listen(server, args.processes)
            print(f"machine: {machine()}; load average {os.getloadavg()[0]:.1f} before\nserver: {procfile_web()} "
                  f"(WEB_CONCURRENCY={args.processes}); {args.players} players at {len(day['tables'])} tables, "
                  f"{args.spectators} spectators, 1 organiser, {args.seconds} s; cores kept busy: {args.busy}\n")
            poll_cpu(server, port, day)
            busy = [subprocess.Popen([sys.executable, "-c", "while 1: pass"]) for _ in range(args.busy)]
            before = server_cpu(server)
            started = cpu_of_children()
            run_locust(env, port, args.players + args.spectators + 1, args.seconds, directory / "rush")
            locust_cpu, site_cpu = cpu_of_children() - started, server_cpu(server) - before
            load = os.getloadavg()[0]
        finally:
            for process in busy:
                process.kill()
                process.wait()
            stop_server(server)
        counted = subprocess.run([sys.executable, "manage.py", "shell", "-v0", "-c", "import json\n"
                                  + COUNT_RESULTS.format(slug=day["event"])], cwd=ROOT, env=env,
                                 capture_output=True, text=True)
        if counted.returncode:
            print(f"counting the results failed:\n{counted.stderr[-3000:]}")
        results = json.loads(counted.stdout) if counted.returncode == 0 else {"tables": 0, "confirmed": 0,
                                                                               "doubled": 0}
        print()
        met = report(directory / "rush", results)
        print(f"CPU over the rush: site {site_cpu:.0f} s ({site_cpu / args.seconds:.2f} of a core), locust "
              f"{locust_cpu:.0f} s; load average at the end {load:.1f}")
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
