"""The Procfile's processes: `web` keeps answering while clients trickle their requests, `worker` and `printer`
run queued tasks, a worker killed is started again, and Ctrl-C to `honcho start` leaves nothing behind.

They run as subprocesses on a temporary SQLite file, as a platform or `honcho start` would start them.
"""
from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import threading
import time

import pytest
from django.conf import settings

from tests.bench_processes import (
    both_workers_running,
    children,
    db_workers,
    descendants,
    fetch_pdf,
    share_a_list,
    start_procfile,
    stop_procfile,
    wait_for,
)
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


def test_the_procfile_names_a_web_process_and_two_workers():
    assert set(procfile()) == {"web", "worker", "printer"}
    # The worker runs everything but the rosters signed-in people wait for, which are the printer's alone.
    assert procfile_line("worker").endswith("manage.py db_worker --queue-name default")
    assert procfile_line("printer").endswith(f"manage.py db_worker --queue-name {settings.ROSTER_QUEUE} --interval 0.2")


def test_the_worker_takes_only_the_cores_the_web_process_leaves_and_the_printer_works_as_players_do():
    """A long PDF, an anonymous reader's roster or a judges' pack runs beside the players' requests on the
    same machine: the worker starts through armylists.ops.yielding. A player's own roster is the player's
    request continued: the printer is supervised at the web process's priority, or a flood that keeps the
    cores busy would starve it (docs/deploying.md, "What runs")."""
    assert procfile_line("worker").startswith("python -m armylists.ops.yielding manage.py db_worker ")
    assert procfile_line("printer").startswith("python -m armylists.ops.supervisor manage.py db_worker ")


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux's scheduling classes")
def test_a_yielding_command_runs_in_the_idle_class_in_a_session_and_autogroup_of_its_own():
    """Autogroups share the cores between sessions first, whatever the nice values: a worker merely
    niced in a session of its own took as much CPU as the web processes together under load."""
    probe = ("import os, pathlib; group = pathlib.Path('/proc/self/autogroup'); "
             "print(os.sched_getscheduler(0), os.getsid(0) == os.getpid(), "
             "group.read_text().split()[-1] if group.exists() else '19')")
    run = subprocess.run([sys.executable, "-m", "armylists.ops.yielding", "-c", probe], cwd=ROOT,
                         capture_output=True, text=True, timeout=60, start_new_session=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [str(os.SCHED_IDLE), "True", "19"]
    assert "idle scheduling class" in run.stderr


@pytest.fixture
def site(tmp_path, site_files):
    port = free_port()
    return prepare(tmp_path, port, seeded=site_files.path("seeded")) | {"WEB_CONCURRENCY": "1"}, port


def test_one_web_worker_answers_while_clients_trickle_their_bodies(site, tmp_path):
    """A sync worker would be held by the first slow client until its 30 s timeout (tests/bench_slow_clients.py)."""
    env, port = site
    server = start_server(f"{procfile_web()} --bind 127.0.0.1:$PORT", env, tmp_path / "server.log")
    stop, connected, trickled = threading.Event(), [], []
    try:
        wait_until_up(port, server, tmp_path / "server.log")
        clients = [threading.Thread(target=slow_client, args=(port, stop, connected, trickled), daemon=True)
                   for _ in range(5)]
        for client in clients:
            client.start()
        while len(set(trickled)) < 5:  # each client has sent a byte of its body
            stop.wait(0.05)
        assert all(normal_request(port, n) is not None for n in range(4))
    finally:
        stop.set()
        stop_server(server)


def manage(env: dict[str, str], *args: str) -> str:
    run = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    return run.stdout


ENQUEUE = ("from tests.production import sample_tasks; import json; "
           "r = sample_tasks.{}.enqueue(2, 3); print(json.dumps([r.id, r.status]))")
RESULT = "from tests.production import sample_tasks; import json; r = sample_tasks.{}.get_result({!r}); " \
         "print(json.dumps([r.status, r.return_value if r.status == 'SUCCESSFUL' else None]))"


@pytest.mark.parametrize(("process", "task"), [("worker", "add"), ("printer", "add_on_the_roster_queue")])
def test_a_task_waits_in_the_database_until_a_procfile_worker_runs_it(site, process, task):
    env, _ = site
    env = {k: v for k, v in env.items() if k != "PYTHONPATH"} | {"PYTHONPATH": str(ROOT)}
    task_id, status = json.loads(manage(env, "shell", "-v0", "-c", ENQUEUE.format(task)))
    assert status == "READY"
    # The Procfile's line as it is (at its lower priority), with this Python, once through the queue.
    worker = [sys.executable if word == "python" else word for word in procfile_line(process).split()]
    run = subprocess.run([*worker, "--batch", "--no-startup-delay"], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert json.loads(manage(env, "shell", "-v0", "-c", RESULT.format(task, task_id))) == ["SUCCESSFUL", 5]


@pytest.mark.parametrize(("process", "task"), [("printer", "add"), ("worker", "add_on_the_roster_queue")])
def test_each_worker_leaves_the_other_queue_alone(site, process, task):
    """The worker, in the idle class, never takes a roster somebody signed in waits for; the printer never
    takes the worker's long jobs (docs/deploying.md, "What runs")."""
    env, _ = site
    env = {k: v for k, v in env.items() if k != "PYTHONPATH"} | {"PYTHONPATH": str(ROOT)}
    task_id, _ = json.loads(manage(env, "shell", "-v0", "-c", ENQUEUE.format(task)))
    worker = [sys.executable if word == "python" else word for word in procfile_line(process).split()]
    subprocess.run([*worker, "--batch", "--no-startup-delay"], cwd=ROOT, env=env, capture_output=True, timeout=120)
    assert json.loads(manage(env, "shell", "-v0", "-c", RESULT.format(task, task_id))) == ["READY", None]


def exited(pids: set[int], seconds: float) -> bool:
    """Whether every process of `pids` exits within `seconds`, waited on as the kernel says each does (a pidfd
    is readable once its process has exited)."""
    fds = []
    for pid in pids:
        try:
            fds.append(os.pidfd_open(pid))
        except ProcessLookupError:  # gone already
            continue
    deadline = time.monotonic() + seconds
    try:
        while fds:
            ready, _, _ = select.select(fds, [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                return False
            for fd in ready:
                fds.remove(fd)
                os.close(fd)
        return True
    finally:
        for fd in fds:
            os.close(fd)


def test_a_graceful_restart_hands_over_to_warm_processes_and_loses_no_request(site, tmp_path):
    """kill -HUP to web's master (docs/deploying.md, "Restarting"): the old processes serve until the new ones
    listen, so every request made meanwhile is answered."""
    env, port = site
    env = env | {"WEB_CONCURRENCY": "2"}
    server = start_server(f"{procfile_web()} --bind 127.0.0.1:$PORT", env, tmp_path / "server.log")
    stop, answered, answering = threading.Event(), [], threading.Event()
    wanted = [0]  # how many answers `answering` waits for

    def ask() -> None:
        for n in range(10_000):
            if stop.is_set():
                return
            answered.append(normal_request(port, n))
            if len(answered) >= wanted[0]:
                answering.set()

    try:
        wait_until_up(port, server, tmp_path / "server.log")
        old = children(server.pid)
        client = threading.Thread(target=ask)
        client.start()
        os.kill(server.pid, signal.SIGHUP)
        # The old processes gone, as two new ones listen (the master stops the old ones only then), then answering.
        assert exited(old, 60)
        assert len(children(server.pid) - old) == 2
        answering.clear()
        wanted[0] = len(answered) + 5
        assert answering.wait(30)
        stop.set()
        client.join(30)
        assert None not in answered, f"{answered.count(None)} of {len(answered)} requests failed"
    finally:
        stop.set()
        stop_server(server)


@pytest.fixture
def procfile_started(tmp_path, site_files):
    """`honcho start` with the Procfile, as docs/deploying.md runs it, on a copy of the seeded site with one list
    shared: honcho, its port, the shared list's token, once web answers and both workers run."""
    port = free_port()
    # At their own priority: in the idle class the workers would wait for the suite's other process to leave a
    # core free, which it may not for minutes (the priority is tested apart, above).
    env = prepare(tmp_path, port, seeded=site_files.path("seeded")) | {"WEB_CONCURRENCY": "1",
                                                                        "WORKER_PRIORITY": "normal"}
    token = share_a_list(env)
    log = tmp_path / "honcho.log"
    honcho = start_procfile(env, log)
    try:
        wait_until_up(port, honcho, log)
        assert wait_for(lambda: both_workers_running(honcho.pid), 60), log.read_text()[-3000:]
        yield honcho, port, token
    finally:
        stop_procfile(honcho)


def test_stopping_honcho_leaves_no_process_behind(procfile_started):
    """Ctrl-C to `honcho start` (docs/deploying.md, "First deployment"): the workers' db_workers, in sessions of
    their own for their priority, were missed by honcho's signal and left running."""
    honcho, _, _ = procfile_started
    started = descendants(honcho.pid)
    assert len(started) >= 9  # honcho's 3 watchers, 3 shells, web's master and its process, 2 supervisors...
    assert len(db_workers(honcho.pid)) == 2
    os.kill(honcho.pid, signal.SIGINT)
    assert exited(started | {honcho.pid}, 30)


def test_a_killed_worker_is_started_again_and_the_site_stays_up(procfile_started):
    """kill -9 of both workers' db_worker (the OOM killer, say): honcho used to stop the whole site when one
    process exited. Each is started again by its supervisor (armylists/ops/supervisor.py), and renders the
    roster asked for after it."""
    honcho, port, token = procfile_started
    killed = db_workers(honcho.pid)
    for pid in killed.values():
        os.kill(pid, signal.SIGKILL)
    pdf = fetch_pdf(port, f"/print/shared/{token}/roster.pdf", 30)
    assert pdf is not None and pdf.startswith(b"%PDF")
    assert wait_for(lambda: both_workers_running(honcho.pid, besides=set(killed.values())), 30)
    assert honcho.poll() is None
    assert normal_request(port, 0) is not None


def one_child(supervisor: int, besides: set[int] = frozenset()) -> int | None:
    found = children(supervisor) - besides
    return found.pop() if len(found) == 1 else None


def test_the_supervisor_starts_its_command_again_and_stops_with_it():
    """armylists/ops/supervisor.py under the workers' start (armylists.ops.yielding): a command killed is started
    again, SIGHUP starts it anew, SIGTERM is passed on and the supervisor exits with it, and a command whose
    supervisor is killed is stopped by the kernel."""
    command = [sys.executable, "-m", "armylists.ops.yielding", "-c", "import time; time.sleep(600)"]
    supervisor, orphaned = subprocess.Popen(command, cwd=ROOT, stderr=subprocess.PIPE, text=True), None
    try:
        first = wait_for(lambda: one_child(supervisor.pid), 30)
        os.kill(first, signal.SIGKILL)
        second = wait_for(lambda: one_child(supervisor.pid, besides={first}), 30)  # after a second's back-off
        assert second
        os.kill(supervisor.pid, signal.SIGHUP)
        third = wait_for(lambda: one_child(supervisor.pid, besides={first, second}), 30)
        assert third and exited({second}, 30)
        os.kill(supervisor.pid, signal.SIGTERM)
        assert supervisor.wait(30) == 128 + signal.SIGTERM and exited({third}, 30)
        assert "was killed by SIGKILL after" in supervisor.stderr.read()
        orphaned = subprocess.Popen(command, cwd=ROOT, stderr=subprocess.DEVNULL)
        child = wait_for(lambda: one_child(orphaned.pid), 30)
        orphaned.kill()
        assert exited({child}, 30)
    finally:
        for process in (supervisor, orphaned):
            if process is not None and process.poll() is None:
                process.kill()
