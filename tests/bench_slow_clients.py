"""Does the Procfile's `web` process keep answering while 50 clients trickle their requests?

Run by hand (pytest does not collect it):

    .venv/bin/python tests/bench_slow_clients.py [--slow 50] [--seconds 30]
    .venv/bin/python tests/bench_slow_clients.py --web 'gunicorn armylists.wsgi --workers 2 --bind 127.0.0.1:$PORT'

The second line measures another server command for comparison (here the sync
workers Muster used to run). Target: with 50 slow clients connected, every
normal request is answered and its p95 stays under 500 ms on a 2-core machine.

What it does: a temporary SQLite database (migrate + seed_demo); the `web`
line of the Procfile run as a platform would (PORT, WEB_CONCURRENCY=2, DEBUG
off) on 127.0.0.1 (the Procfile's bind address is replaced). A baseline of normal requests comes first: one client,
one request after the other, alternating the home page (GET) and a list file
sent whole to /api/check (POST). Then the slow clients connect: each sends a
POST's headers with Content-Length and then its body one byte a second
(reconnecting if the server drops it), and the same normal requests are timed
again while they trickle. A normal request that takes over 10 s counts as
failed.

Only 127.0.0.1 is contacted; the run stops by itself (baseline, warm-up and
--seconds) and always ends the server and its clients.
"""
from __future__ import annotations

import argparse
import glob
import http.client
import os
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from armylists.ops.server import master_file

ROOT = Path(__file__).resolve().parents[1]
LIST_FILE = (ROOT / "factions/data/demo/lists/battleground-legal.json").read_bytes()
REQUEST_TIMEOUT_S = 10
SLOW_BODY_BYTES = 100_000  # declared, never finished: a byte a second
TARGET_P95_MS = 500.0


def procfile_line(process: str) -> str:
    """The Procfile's command for `process` ("web", "worker"), as a platform would run it."""
    for line in (ROOT / "Procfile").read_text().splitlines():
        if line.startswith(f"{process}:"):
            return line.removeprefix(f"{process}:").strip()
    raise SystemExit(f"Procfile has no {process} line")


def procfile_web() -> str:
    return procfile_line("web")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def prepare(directory: Path, port: int, seeded: Path | None = None, database_url: str | None = None,
            steps: tuple[str, ...] = ("migrate", "seed_demo")) -> dict[str, str]:
    """The server's environment on a migrated and seeded SQLite file in `directory`: a copy of `seeded`
    where the tests have one ready (tests/sites.py), else made here; or on the (empty) database
    `database_url` names, made by `steps`."""
    venv_bin = str(Path(sys.executable).parent)
    env = dict(os.environ, DATABASE_URL=database_url or f"sqlite:///{directory / 'bench.sqlite3'}",
               DJANGO_SETTINGS_MODULE="armylists.settings", DEBUG="false", SECRET_KEY=secrets.token_urlsafe(40),
               ALLOWED_HOSTS="127.0.0.1", PORT=str(port), WEB_CONCURRENCY="2", PYTHONPATH=str(ROOT),
               PATH=f"{venv_bin}:{os.environ.get('PATH', '')}")
    if seeded:
        shutil.copyfile(seeded, directory / "bench.sqlite3")
        return env
    for step in steps:
        subprocess.run([sys.executable, "manage.py", step, "-v0"], cwd=ROOT, env=env, check=True)
    return env


def start_server(command: str, env: dict[str, str], log: Path) -> subprocess.Popen:
    """The command with $PORT set; its own process group, so master and workers are stopped together."""
    return subprocess.Popen(["bash", "-c", f"exec {command}"], cwd=ROOT, env=env, start_new_session=True,
                            stdout=log.open("w"), stderr=subprocess.STDOUT)


def stop_server(server: subprocess.Popen) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def normal_request(port: int, n: int) -> float | None:
    """One request, alternately a page and a list file checked; its time in ms, or None if it failed."""
    started = time.perf_counter()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_TIMEOUT_S)
        if n % 2:
            connection.request("POST", "/api/check", body=LIST_FILE, headers={"Content-Type": "application/json"})
        else:
            connection.request("GET", "/")
        response = connection.getresponse()
        response.read()
        connection.close()
        return (time.perf_counter() - started) * 1000 if response.status == 200 else None
    except OSError:
        return None


def wait_until_up(port: int, server: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server stopped:\n{log.read_text()[-3000:]}")
        if normal_request(port, 0) is not None:
            return
        time.sleep(0.3)
    raise SystemExit("the server did not answer within 60 s")


def wait_until_all_listen(server: subprocess.Popen, processes: int, seconds: float = 120) -> list[int]:
    """The process ids of the master's `processes` once every one listens: they warm up one after the other
    (armylists/ops/server.py), seconds of CPU each, which a figure measured meanwhile would count as the site's.
    Each marks itself with a file (`listening_mark`), which nothing signals: so it is looked for five times a
    second, in the benchmarks only."""
    deadline = time.monotonic() + seconds
    while len(marks := glob.glob(master_file("*.listening", server.pid))) < processes:
        if time.monotonic() > deadline or server.poll() is not None:
            raise SystemExit(f"not every web process listened within {seconds:.0f} s")
        time.sleep(0.2)
    return [int(Path(mark).name.rsplit("-", 1)[1].split(".", 1)[0]) for mark in marks]


def slow_client(port: int, stop: threading.Event, connected: list[int], trickled: list[int] | None = None) -> None:
    """POST headers, then the declared body a byte a second; reconnect when dropped. `connected` gets an item
    per connection, `trickled` (if given) the thread's id per byte of body sent."""
    head = (f"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {SLOW_BODY_BYTES}\r\n\r\n").encode()
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
                sock.sendall(head)
                connected.append(1)
                while not stop.wait(1.0):
                    sock.sendall(b" ")
                    if trickled is not None:
                        trickled.append(threading.get_ident())
        except OSError:
            stop.wait(0.2)


def measure(port: int, seconds: float) -> list[float | None]:
    times, n, deadline = [], 0, time.monotonic() + seconds
    while time.monotonic() < deadline:
        times.append(normal_request(port, n))
        n += 1
    return times


def report(phase: str, times: list[float | None]) -> float | None:
    answered = sorted(t for t in times if t is not None)
    failed = len(times) - len(answered)
    if not answered:
        print(f"{phase:<28} {len(times):>5} sent  {0:>5} answered  {failed:>4} failed")
        return None
    p95 = answered[min(len(answered) - 1, int(0.95 * len(answered)))]
    print(f"{phase:<28} {len(times):>5} sent  {len(answered):>5} answered  {failed:>4} failed   "
          f"p50 {statistics.median(answered):7.1f} ms  p95 {p95:7.1f} ms  max {answered[-1]:7.1f} ms")
    return p95 if not failed else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--slow", type=int, default=50, help="slow clients (default 50)")
    parser.add_argument("--seconds", type=float, default=30, help="how long normal requests are timed under attack")
    parser.add_argument("--web", default=None, help="server command instead of the Procfile's web line ($PORT is set)")
    args = parser.parse_args()
    # The Procfile's line as it is, but listening on the loopback address only.
    command = args.web or f"{procfile_web()} --bind 127.0.0.1:$PORT"

    with tempfile.TemporaryDirectory(prefix="muster-slow-") as tmp:
        directory, port = Path(tmp), free_port()
        env = prepare(directory, port)
        log = directory / "server.log"
        server = start_server(command, env, log)
        stop = threading.Event()
        try:
            wait_until_up(port, server, log)
            print(f"server: {command}\n        (PORT={port}, WEB_CONCURRENCY=2, {os.cpu_count()} cores)")
            report("baseline, no slow client", measure(port, 5))
            connected: list[int] = []
            clients = [threading.Thread(target=slow_client, args=(port, stop, connected), daemon=True)
                       for _ in range(args.slow)]
            for client in clients:
                client.start()
            time.sleep(3)
            p95 = report(f"with {args.slow} slow clients", measure(port, args.seconds))
            print(f"slow connections opened: {len(connected)} (more than {args.slow} means the server dropped some)")
            verdict = "met" if p95 is not None and p95 < TARGET_P95_MS else "MISSED"
            print(f"target (all answered, p95 < {TARGET_P95_MS:.0f} ms): {verdict}")
        finally:
            stop.set()
            stop_server(server)


if __name__ == "__main__":
    main()
