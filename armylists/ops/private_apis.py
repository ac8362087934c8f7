"""Every private part of a framework that Muster relies on, and the releases it was written for.

The web process changes gunicorn and Django where neither offers a setting
(armylists.ops.server, .web, .handler, .timelimit): it overrides methods no
documentation promises, reads attributes their own code sets, and copies one
of Django's methods whole. A new release may rename or rewrite any of them
without notice, and the site would then fail only under load or on a restart.
So each is named here with the exact releases it was read against; the lock
files pin those releases (requirements/*.txt, written by `bash .ci/lock`), and
tests/production/test_private_apis.py fails on any other release, or when a
part named here is gone or takes other arguments.

Moving to a new release (`bash .ci/lock --upgrade`): read each part below in
the new release's source, mend the module that uses it, then add the release
to `versions`.

Names the frameworks document despite their underscore (a model's `_meta` and
`_state`) are not listed: they are promised.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Internal:
    """One private part: `where` is "module:attribute.path".

    `signature` is the parameters a method or function takes, as `inspect.signature` shows them; `source_has`
    is text its source must still have, for what is relied on inside it (an attribute it sets, a call it makes).
    """

    where: str
    why: str
    used_in: str
    signature: str | None = None
    source_has: tuple[str, ...] = ()


@dataclass(frozen=True)
class Framework:
    name: str
    distribution: str | None  # its name on PyPI, as the lock pins it; None for Python itself
    versions: tuple[str, ...]  # the releases every part below was read in
    internals: tuple[Internal, ...]


GUNICORN = Framework("gunicorn", "gunicorn", ("27.0.1",), (
    Internal("gunicorn.asgi.protocol:ASGIProtocol._start_http1",
             "called as a connection opens: the header deadline is armed there (and its `_request_ready` event,"
             " set once a request's headers are complete, tells whether headers are still awaited)",
             "armylists/ops/server.py, HeaderDeadlineProtocol", signature="(self, buffered=b'')",
             source_has=("self._request_ready = asyncio.Event()",)),
    Internal("gunicorn.asgi.protocol:ASGIProtocol._arm_keepalive_timer",
             "the keep-alive timer, armed early to serve as the deadline for a request's headers",
             "armylists/ops/server.py, HeaderDeadlineProtocol", signature="(self)"),
    Internal("gunicorn.workers.gasgi:ASGIWorker._setup_event_loop",
             "where the worker makes its event loop: the loop's create_server is wrapped there",
             "armylists/ops/server.py, HeaderDeadlineWorker", signature="(self)"),
    Internal("gunicorn.workers.gasgi:ASGIWorker._serve",
             "opens its servers through the loop's create_server, so the wrapped one hands them Muster's protocol",
             "armylists/ops/server.py, HeaderDeadlineWorker", source_has=("self.loop.create_server(",)),
    Internal("gunicorn.workers.base:Worker.__init__",
             "a process's `sockets` (closed and opened again once warm), its `tmp` heartbeat (kept beating while"
             " it waits its turn to warm up) and its `age` (the master's newest processes)",
             "armylists/ops/server.py, HeaderDeadlineWorker; armylists/ops/web.py, HandoverArbiter",
             signature="(self, age, ppid, sockets, app, timeout, cfg, log)",
             source_has=("self.age = age", "self.sockets = sockets", "self.tmp = WorkerTmp(cfg)")),
    Internal("gunicorn.sock:create_sockets",
             "a warm process opens its own listening sockets as gunicorn's master would",
             "armylists/ops/server.py, HeaderDeadlineWorker.run", signature="(conf, log, fds=None)"),
    Internal("gunicorn.arbiter:Arbiter.__init__", "the master is made from the application",
             "armylists/ops/web.py, MusterWeb.run", signature="(self, app)"),
    Internal("gunicorn.arbiter:Arbiter.WORKERS", "the master's processes by pid, to find the newest",
             "armylists/ops/web.py, HandoverArbiter.manage_workers"),
    Internal("gunicorn.arbiter:Arbiter.num_workers", "how many processes the master keeps",
             "armylists/ops/web.py, HandoverArbiter"),
    Internal("gunicorn.arbiter:Arbiter.manage_workers",
             "starts and retires processes: held back while the new ones are not all listening",
             "armylists/ops/web.py, HandoverArbiter", signature="(self)"),
    Internal("gunicorn.arbiter:Arbiter.reap_workers",
             "runs as a process exits: the held-back retirement is tried again there",
             "armylists/ops/web.py, HandoverArbiter", signature="(self)"),
    Internal("gunicorn.arbiter:Arbiter.stop", "the master stopping: its processes' marks are removed after",
             "armylists/ops/web.py, HandoverArbiter", signature="(self, graceful=True)"),
))

DJANGO = Framework("Django", "django", ("5.2.20",), (
    Internal("django.core.handlers.asgi:ASGIHandler.__call__",
             "copied without its `ThreadSensitiveContext`, so one thread per process runs every request's code;"
             " a change to Django's method must be copied again",
             "armylists/ops/handler.py, MusterASGIHandler.__call__", signature="(self, scope, receive, send)",
             source_has=("async with ThreadSensitiveContext():", "await self.handle(scope, receive, send)")),
    Internal("django.core.handlers.asgi:ASGIHandler.__init__",
             "skipped for BaseHandler's, so the middleware chain is loaded synchronous",
             "armylists/ops/handler.py, MusterASGIHandler.__init__", signature="(self)",
             source_has=("self.load_middleware(is_async=True)",)),
    Internal("django.core.handlers.asgi:ASGIHandler.handle",
             "wrapped to give a refused request an empty body before Django reads it",
             "armylists/ops/handler.py, MusterASGIHandler.handle", signature="(self, scope, receive, send)"),
    Internal("django.core.handlers.asgi:ASGIHandler.run_get_response",
             "wrapped to start a request's clock once its body has arrived",
             "armylists/ops/handler.py, MusterASGIHandler.run_get_response", signature="(self, request)"),
    Internal("django.core.handlers.base:BaseHandler.get_response_async",
             "replaced to run the synchronous middleware chain and view in one trip to the thread",
             "armylists/ops/handler.py, MusterASGIHandler.get_response_async", signature="(self, request)"),
    Internal("django.core.handlers.base:BaseHandler.load_middleware", "loads the chain synchronous",
             "armylists/ops/handler.py, MusterASGIHandler.__init__", signature="(self, is_async=False)"),
    Internal("django.db.backends.base.base:BaseDatabaseWrapper.__init__",
             "a connection's transaction state and its database connection, reset by hand after a cut left"
             " it mid-query",
             "armylists/ops/timelimit.py, drop_connections",
             source_has=("self.connection = None", "self.in_atomic_block = False", "self.savepoint_ids = []",
                         "self.atomic_blocks = []", "self.needs_rollback = False")),
))

PYTHON = Framework("CPython", None, ("3.11",), (
    Internal("ctypes:pythonapi.PyThreadState_SetAsyncExc",
             "raises RequestCut in the thread running a request past its time limit",
             "armylists/ops/timelimit.py, cut"),
))

FRAMEWORKS = (GUNICORN, DJANGO, PYTHON)
