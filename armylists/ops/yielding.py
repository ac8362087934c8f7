"""Runs a command so that it only takes the cores the site leaves free: the Procfile's workers.

    python -m armylists.ops.yielding manage.py db_worker ...

Rendering PDFs and judges' packs must never slow a player's request. Lowering
a process's own priority is not enough on Linux: with autogroups (the default
on desktop and many server kernels) the scheduler first shares the cores
fairly between sessions, whatever their processes' nice values, so a niced
worker in a session of its own still took as much CPU as all the web
processes together, and the load test's edits waited for it. So the command
is run in a session of its own, that session's autogroup at the lowest
priority (nice 19), and the process in Linux's idle scheduling class, which
runs only when nothing else wants the core. Where the kernel offers neither
(not Linux, no autogroups) it runs as it is; under systemd, give the unit
`CPUWeight=1` instead (docs/deploying.md, "What runs").

The command runs as the child of a supervisor (armylists/ops/supervisor.py)
that stays in the session and process group it was started in: the process
manager's signals reach it, it passes them on to the command in its session of
its own, and it starts the command again when it dies unasked.
"""
from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

from armylists.ops.supervisor import Supervisor

AUTOGROUP = Path("/proc/self/autogroup")


def lower_priority() -> list[str]:
    """What was lowered, in words (for the worker's first log line)."""
    done = []
    with contextlib.suppress(OSError):  # already a session leader
        os.setsid()  # a session, and so an autogroup, of its own
    try:
        AUTOGROUP.write_text("19")
        done.append("its autogroup at nice 19")
    except OSError:
        pass
    if hasattr(os, "SCHED_IDLE"):
        try:
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
            done.append("the idle scheduling class")
        except OSError:
            pass
    return done


def lower_priority_and_say() -> None:
    """In the command's process before it starts: written straight to stderr, past the supervisor's buffers.
    WORKER_PRIORITY=normal keeps the priority as it is (its session of its own still): for a machine whose
    cores are never idle, where a worker in the idle class would never run (the suite's recovery tests, which
    share two cores with the rest of the suite)."""
    if os.environ.get("WORKER_PRIORITY", "idle") == "normal":
        with contextlib.suppress(OSError):
            os.setsid()
        os.write(2, b"yielding: nothing lowered (WORKER_PRIORITY=normal)\n")
        return
    lowered = lower_priority()
    os.write(2, f"yielding: {', '.join(lowered) or 'nothing could be lowered here'}\n".encode())


def main(argv: list[str]) -> None:
    if not argv:
        raise SystemExit("usage: python -m armylists.ops.yielding <script> [arguments]")
    supervisor = Supervisor([sys.executable, *argv], prepare_child=lower_priority_and_say, new_session=True)
    raise SystemExit(supervisor.run())


if __name__ == "__main__":
    main(sys.argv[1:])
