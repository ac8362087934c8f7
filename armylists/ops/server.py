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
server and holds it to this.
"""
from __future__ import annotations

from gunicorn.asgi.protocol import ASGIProtocol
from gunicorn.workers.gasgi import ASGIWorker


class HeaderDeadlineProtocol(ASGIProtocol):
    def _start_http1(self, buffered=b""):
        super()._start_http1(buffered)
        if not self._request_ready.is_set():
            self._arm_keepalive_timer()  # disarmed by gunicorn once the headers are complete


class HeaderDeadlineWorker(ASGIWorker):
    def _setup_event_loop(self):
        super()._setup_event_loop()
        loop, create_server = self.loop, self.loop.create_server

        async def create_server_with_deadlines(protocol_factory, *args, **kwargs):
            return await create_server(lambda: HeaderDeadlineProtocol(self), *args, **kwargs)

        loop.create_server = create_server_with_deadlines
