"""The Procfile's `web` process: gunicorn, whose graceful reload hands over from warm processes to warm ones.

    python -m armylists.ops.web          # gunicorn armylists.asgi --config python:armylists.ops.gunicorn
    kill -HUP <its pid>                  # a restart that loses no request (docs/deploying.md, "Restarting")

gunicorn's own reload (SIGHUP) starts the new processes and stops the old ones
at once. Each process listens on a socket of its own (armylists/ops/gunicorn.py,
`reuse_port`), so for the seconds the new ones spend loading Django and warming
up (armylists.ops.warmup) the old ones had stopped listening and nobody
answered, and connections the kernel dealt to a new socket waited for it. Here
a new process opens its socket only once it is warm (armylists.ops.server), and
the master stops an old process only once every new one listens: the old ones
serve until then, and finish the requests they hold. The gunicorn internals
used here are named in armylists.ops.private_apis.
"""
from __future__ import annotations

import contextlib
import glob
import os
import sys

from gunicorn.app.wsgiapp import WSGIApplication
from gunicorn.arbiter import Arbiter

from armylists.ops.server import listening_mark, master_file

COMMAND = ["armylists.asgi", "--config", "python:armylists.ops.gunicorn"]


class HandoverArbiter(Arbiter):
    """gunicorn's master, retiring surplus (old) processes only while the newest ones all listen."""

    def listening(self, worker) -> bool:
        return os.path.exists(listening_mark(self.pid, worker.pid))

    def manage_workers(self):
        newest = sorted(self.WORKERS.values(), key=lambda w: w.age)[-self.num_workers:]
        if len(self.WORKERS) > self.num_workers and not all(self.listening(w) for w in newest):
            return  # the old ones serve until their successors listen
        super().manage_workers()

    def stop(self, graceful=True):
        super().stop(graceful)
        for path in glob.glob(master_file("*", self.pid)):  # its processes' lock and marks, left by any killed hard
            with contextlib.suppress(OSError):
                os.unlink(path)

    def reap_workers(self):
        super().reap_workers()
        # The reload waits here for the old processes to go: they are stopped as soon as the new ones listen.
        if len(self.WORKERS) > self.num_workers:
            self.manage_workers()


class MusterWeb(WSGIApplication):
    def run(self):
        try:
            HandoverArbiter(self).run()
        except RuntimeError as error:
            print(f"\nError: {error}\n", file=sys.stderr)
            sys.exit(1)


def main() -> None:
    sys.argv = ["gunicorn", *COMMAND, *sys.argv[1:]]
    MusterWeb("%(prog)s [OPTIONS] [APP_MODULE]").run()


if __name__ == "__main__":
    main()
