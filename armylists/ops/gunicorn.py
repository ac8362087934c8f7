"""gunicorn's settings for the Procfile's `web` process.

    gunicorn armylists.asgi --config python:armylists.ops.gunicorn

The worker is gunicorn's own ASGI worker, with every connection given a
deadline for its request's headers (armylists.ops.server). A sync worker
reads each request's body itself, so a client that sends Content-Length and
then its body a byte at a time holds that worker until the timeout; a few
dozen such clients hold all of them and the site stops answering (gunicorn's
docs: sync workers need a buffering proxy in front). The ASGI worker reads
every connection on one event loop, and Django starts a request only when its
body has arrived, so a trickling client costs a coroutine and a socket.
tests/bench_slow_clients.py measures it.

Each process runs one request's Django code at a time (armylists.ops.handler),
so processes are what serve requests in parallel.
"""
import os

# Behind a proxy on the same machine by default (docs/deploying.md, "The proxy in front"):
# WEB_HOST=0.0.0.0 only where the site is reached without one.
bind = f"{os.environ.get('WEB_HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
# On SQLite a request waits a second for another writer's lock, not 20 s, then answers 503:
# no request holds a process past REQUEST_TIME_LIMIT_S (armylists.ops.timelimit).
# (gunicorn sets raw_env for its processes; importing this module changes nothing.)
raw_env = [f"DATABASE_LOCK_TIMEOUT_S={os.environ.get('DATABASE_LOCK_TIMEOUT_S', '1')}"]
# Four per core. A client's connection stays with one process, and a process runs one request at a
# time, so a slow request (a list page, an organiser's re-check) holds the requests queued behind it;
# with more processes fewer wait behind each, and the kernel shares the cores among them. The load
# test's htmx edits: p95 150 ms with 8 processes on 2 cores, 150-240 ms with 4 (docs/deploying.md).
workers = int(os.environ.get("WEB_CONCURRENCY", 4 * (os.cpu_count() or 1)))
worker_class = "armylists.ops.server.HeaderDeadlineWorker"
# Each process listens on a socket of its own (SO_REUSEPORT), and the kernel deals new connections
# out among them by a hash of their addresses. On one socket shared by all, whichever process
# accepted first kept the client (a kept-alive connection stays with its process): in the load test
# one process served twelve times the requests of another, and the players behind it waited.
# gunicorn then logs "Listening at:" with no address; each process logs its own.
reuse_port = True
worker_connections = 1000
# The plain asyncio loop: armylists.ops.server hands it its protocol (uvloop's loop takes no such change).
asgi_loop = "asyncio"
# A worker silent for this long is restarted; a body that stops arriving for this long is given up.
timeout = 30
# A connection is closed when a request's headers have not all arrived this many seconds after
# it opened or after its last answer: idle connections and headers sent slowly alike.
keepalive = 5
# The request id (armylists.ops.requestid) joins each access line to the site's own log lines.
accesslog = "-"
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms request_id=%({x-request-id}o)s'
# No control socket: nothing manages gunicorn at run time, and two servers on one machine would share its path.
control_socket_disable = True


def post_worker_init(worker) -> None:
    """Before a process takes requests, it loads what its first ones would (armylists.ops.warmup)."""
    from armylists.ops.warmup import warm_up

    warm_up()
