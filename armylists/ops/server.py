"""gunicorn's ASGI worker, with a deadline for every request's headers.

gunicorn's ASGI protocol closes a kept-alive connection that stays idle after
an answer (`keepalive` seconds), but not a connection that has sent nothing
yet, nor one sending its headers a byte at a time: those stayed open for
minutes, and a few hundred of them exhausted the process's file descriptors
until `accept` failed for everyone. Here the same timer is armed as soon as a
connection opens, and as before after each answer; only complete headers
disarm it. Bodies are bounded by gunicorn's `timeout` already (the ASGI
worker gives up a body that stops arriving), and Django's time by
armylists.ops.handler. tests/production/test_connections.py runs the real
server and holds it to this. The gunicorn internals used here are named, with
the releases they were read in, in armylists.ops.private_apis.
"""
from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
import time

from gunicorn import sock
from gunicorn.asgi.protocol import ASGIProtocol
from gunicorn.workers.gasgi import ASGIWorker


class HeaderDeadlineProtocol(ASGIProtocol):
    def _start_http1(self, buffered=b""):
        super()._start_http1(buffered)
        if not self._request_ready.is_set():
            self._arm_keepalive_timer()  # disarmed by gunicorn once the headers are complete


class HeaderDeadlineWorker(ASGIWorker):
    """Also listens only once warm, and warms up one process at a time (armylists/ops/web.py).

    With a socket of its own (`reuse_port`), a process listening from its start was dealt connections by the
    kernel that waited the seconds it took to load the site and warm up. And new processes warming up all at
    once (a restart) took both cores from the processes serving: each loads for about two seconds of CPU, so
    they take turns, and the others keep a core to serve on."""

    def init_process(self):
        if self.cfg.reuse_port:
            for listener in self.sockets:
                listener.close()
            self.sockets = []
        self._warming = open(master_file("warm-up.lock", os.getppid()), "a")  # noqa: SIM115 - held until `run`
        while True:  # its turn, its heartbeat going meanwhile (the master restarts a silent process)
            try:
                fcntl.flock(self._warming, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                self.tmp.notify()
                time.sleep(0.2)
        super().init_process()  # loads the site, warms it up (post_worker_init), then `run`

    def run(self):
        if self.cfg.reuse_port:
            self.sockets = sock.create_sockets(self.cfg, self.log)
        self._warming.close()  # the next process's turn
        listening = listening_mark(self.ppid, self.pid)
        open(listening, "w").close()  # noqa: SIM115 - for the master (armylists/ops/web.py)
        try:
            super().run()
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(listening)

    def _setup_event_loop(self):
        super()._setup_event_loop()
        loop, create_server = self.loop, self.loop.create_server

        async def create_server_with_deadlines(protocol_factory, *args, **kwargs):
            return await create_server(lambda: HeaderDeadlineProtocol(self), *args, **kwargs)

        loop.create_server = create_server_with_deadlines



def master_file(name: str, master: int) -> str:
    """A file of one gunicorn master's: its processes take turns, another server's do not wait for them."""
    return os.path.join(tempfile.gettempdir(), f"muster-web-{master}-{name}")


def listening_mark(master: int, worker: int) -> str:
    """The file a process makes once it listens, and removes as it stops."""
    return master_file(f"{worker}.listening", master)
