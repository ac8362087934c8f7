"""The Procfile's processes: `web` keeps answering while clients trickle their requests, `worker` runs queued tasks.

Both run as subprocesses on a temporary SQLite file, as a platform would start them.
"""
from __future__ import annotations

import json
import subprocess
import sys
import threading

import pytest

from tests.bench_slow_clients import (
    ROOT,
    free_port,
    normal_request,
    prepare,
    procfile_line,
    procfile_web,
    slow_client,
    start_server,
    stop_server,
    wait_until_up,
)


def procfile() -> dict[str, str]:
    return dict(line.split(":", 1) for line in (ROOT / "Procfile").read_text().splitlines() if line.strip())


def test_the_procfile_names_a_web_and_a_worker_process():
    assert set(procfile()) == {"web", "worker"}
    assert procfile_line("worker").endswith("python manage.py db_worker")


def test_the_worker_yields_the_cores_to_the_web_process():
    """A long PDF or judges' pack runs beside the players' requests on the same machine: the worker
    runs at a lower CPU priority, so the site answers players first (docs/deploying.md)."""
    assert procfile_line("worker").startswith("nice -n 10 ")


@pytest.fixture
def site(tmp_path):
    port = free_port()
    return prepare(tmp_path, port) | {"WEB_CONCURRENCY": "1"}, port


def test_one_web_worker_answers_while_clients_trickle_their_bodies(site, tmp_path):
    """A sync worker would be held by the first slow client until its 30 s timeout (tests/bench_slow_clients.py)."""
    env, port = site
    server = start_server(f"{procfile_web()} --bind 127.0.0.1:$PORT", env, tmp_path / "server.log")
    stop, connected = threading.Event(), []
    try:
        wait_until_up(port, server, tmp_path / "server.log")
        clients = [threading.Thread(target=slow_client, args=(port, stop, connected), daemon=True) for _ in range(5)]
        for client in clients:
            client.start()
        while len(connected) < 5:
            stop.wait(0.05)
        stop.wait(1.5)  # a byte or two of each body has arrived
        assert all(normal_request(port, n) is not None for n in range(4))
    finally:
        stop.set()
        stop_server(server)


def manage(env: dict[str, str], *args: str) -> str:
    run = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    return run.stdout


ENQUEUE = ("from tests.production.sample_tasks import add; import json; "
           "r = add.enqueue(2, 3); print(json.dumps([r.id, r.status]))")
RESULT = "from tests.production.sample_tasks import add; import json; r = add.get_result({!r}); " \
         "print(json.dumps([r.status, r.return_value]))"


def test_a_task_waits_in_the_database_until_the_procfile_worker_runs_it(site):
    env, _ = site
    env = {k: v for k, v in env.items() if k != "PYTHONPATH"} | {"PYTHONPATH": str(ROOT)}
    task_id, status = json.loads(manage(env, "shell", "-v0", "-c", ENQUEUE))
    assert status == "READY"
    # The Procfile's worker line as it is (at its lower priority), with this Python, once through the queue.
    worker = [sys.executable if word == "python" else word for word in procfile_line("worker").split()]
    run = subprocess.run([*worker, "--batch", "--no-startup-delay"], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert json.loads(manage(env, "shell", "-v0", "-c", RESULT.format(task_id))) == ["SUCCESSFUL", 5]
