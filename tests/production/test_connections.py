"""Connections that never finish are closed (armylists/ops/server.py), on the Procfile's real `web` server.

A connection that sends nothing, and one that sends its headers a byte at a
time, are both closed once `keepalive` (5 s, armylists/ops/gunicorn.py) has
passed without complete headers; with 300 idle connections open the site
still answers at once. Without the header deadline gunicorn's ASGI worker
kept such connections for minutes. No database is needed: the request timed
is refused by its method before any query.
"""
from __future__ import annotations

import http.client
import os
import socket
import sys
import time
from pathlib import Path

import pytest

from tests.bench_slow_clients import ROOT, free_port, procfile_web, start_server, stop_server

DEADLINE_S = 5  # keepalive in armylists/ops/gunicorn.py
GRACE_S = 3


def answers(port: int) -> int | None:
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=3)
        connection.request("GET", "/api/check")  # POST only: 405, from Django, with no query
        status = connection.getresponse().status
        connection.close()
        return status
    except OSError:
        return None


def server_env(tmp_path, port: int, processes: int) -> dict[str, str]:
    """The environment of the Procfile's `web` line for these tests, with WEB_HOST's default."""
    return {**{k: v for k, v in os.environ.items() if k != "WEB_HOST"},
            "DATABASE_URL": f"sqlite:///{tmp_path / 'unused.sqlite3'}", "DEBUG": "false",
            "SECRET_KEY": "a-key-for-the-connection-test-only-0123456789-abcdef", "ALLOWED_HOSTS": "127.0.0.1",
            "PORT": str(port), "WEB_CONCURRENCY": str(processes), "PYTHONPATH": str(ROOT),
            "PATH": f"{os.path.dirname(sys.executable)}:{os.environ['PATH']}"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp_path, port = tmp_path_factory.mktemp("connections"), free_port()
    env = server_env(tmp_path, port, processes=1)
    # The Procfile's line as it is: it binds to WEB_HOST's default, the loopback address.
    process = start_server(procfile_web(), env, tmp_path / "server.log")
    try:
        deadline = time.monotonic() + 60
        while answers(port) != 405:
            assert process.poll() is None and time.monotonic() < deadline, (tmp_path / "server.log").read_text()
            time.sleep(0.2)
        yield port, tmp_path / "server.log"
    finally:
        stop_server(process)


def closed_within(sock: socket.socket, seconds: float) -> bool:
    """True if the server closes the connection within `seconds` (recv returns b"")."""
    sock.settimeout(seconds)
    try:
        return sock.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_idle_and_slow_header_connections_are_closed_and_the_site_keeps_answering(server):
    port, _ = server
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(300)]
    slow = socket.create_connection(("127.0.0.1", port))
    try:
        started = time.monotonic()
        assert answers(port) == 405, "300 idle connections left the site silent"
        for byte in b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n":  # never finished, a byte every 0.2 s
            if time.monotonic() - started > DEADLINE_S + GRACE_S:
                break
            try:
                slow.send(bytes([byte]))
            except OSError:
                break
            time.sleep(0.2)
        assert closed_within(slow, DEADLINE_S + GRACE_S - (time.monotonic() - started))
        assert all(closed_within(sock, 0.5) for sock in idle[:20])
        assert answers(port) == 405
    finally:
        for sock in (*idle, slow):
            sock.close()


def test_the_web_process_listens_on_the_loopback_address_by_default(server):
    port, log = server
    assert f"listening on http://127.0.0.1:{port}" in log.read_text()  # each process's own socket



def listening_sockets(port: int) -> int:
    """How many sockets listen on `port` on this machine (Linux's /proc/net/tcp)."""
    rows = [line.split() for path in (Path("/proc/net/tcp"), Path("/proc/net/tcp6")) if path.exists()
            for line in path.read_text(encoding="ascii").splitlines()[1:]]
    return sum(1 for row in rows if row[1].endswith(f":{port:04X}") and row[3] == "0A")  # 0A: LISTEN


def test_each_process_listens_on_a_socket_of_its_own(tmp_path):
    """So the kernel deals connections out among the processes, rather than the first to accept
    keeping them (armylists/ops/gunicorn.py, `reuse_port`)."""
    port = free_port()
    env = server_env(tmp_path, port, processes=3)
    log = tmp_path / "server.log"
    process = start_server(procfile_web(), env, log)
    try:
        deadline = time.monotonic() + 60
        while log.read_text().count(f"listening on http://127.0.0.1:{port}") < 3:  # every process serving
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        assert listening_sockets(port) == 3
        assert all(answers(port) == 405 for _ in range(20))  # whichever process the kernel deals them to
    finally:
        stop_server(process)
