"""A graceful restart under requests (docs/deploying.md, "Restarting"): `kill -HUP` to the Procfile's `web` while
clients keep asking for pages; prints how many requests were answered before and after, how many failed, and
the slowest.

    .venv/bin/python tests/bench_restart.py [--clients 2] [--think 0.05] [--after 60] [--command "gunicorn ..."]

`--command` runs another web command instead of the Procfile's (plain gunicorn, to compare).
"""
from __future__ import annotations

import argparse
import http.client
import os
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.bench_slow_clients import (  # noqa: E402
    free_port,
    prepare,
    procfile_web,
    start_server,
    stop_server,
    wait_until_all_listen,
    wait_until_up,
)

PAGE = "/games/aof-regiments/"


def get(port: int) -> tuple[object, float]:
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("GET", PAGE)
        response = connection.getresponse()
        response.read()
        return response.status, time.monotonic() - started
    except OSError as error:
        return type(error).__name__, time.monotonic() - started
    finally:
        connection.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=2)
    parser.add_argument("--think", type=float, default=0.05)
    parser.add_argument("--after", type=float, default=60)
    parser.add_argument("--command", default=procfile_web())
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        port = free_port()
        env = prepare(Path(directory), port) | {"WEB_CONCURRENCY": os.environ.get("WEB_CONCURRENCY", "8")}
        log = Path(directory) / "server.log"
        server = start_server(f"{options.command} --bind 127.0.0.1:$PORT", env, log)
        try:
            wait_until_up(port, server, log)
            wait_until_all_listen(server, int(env["WEB_CONCURRENCY"]))
            results, stop = [], threading.Event()

            def client() -> None:
                while not stop.is_set():
                    results.append((time.monotonic(), *get(port)))
                    stop.wait(options.think)

            threads = [threading.Thread(target=client) for _ in range(options.clients)]
            for thread in threads:
                thread.start()
            time.sleep(3)
            hup = time.monotonic()
            os.kill(server.pid, signal.SIGHUP)
            time.sleep(options.after)
            stop.set()
            for thread in threads:
                thread.join()
        finally:
            stop_server(server)
    for label, part in (("before the HUP", [r for r in results if r[0] < hup]),
                        ("after the HUP", [r for r in results if r[0] >= hup])):
        failed = [r for r in part if r[1] != 200]
        print(f"{label}: {len(part)} requests, {len(failed)} failed {sorted({str(r[1]) for r in failed})}, "
              f"slowest {max(r[2] for r in part):.2f} s, over 2 s: {sum(r[2] > 2 for r in part)}")


if __name__ == "__main__":
    main()
