"""Keeps one command running: restarted when it dies, stopped with its supervisor (the Procfile's workers).

A process manager such as honcho stops every process when one exits, and
stops each by signalling the process group it started. A worker killed (the
kernel's OOM killer, `kill -9`) or crashing on a database restart took the
whole site down with it, and a worker in a session of its own (for its
priority, armylists/ops/yielding.py) was missed by the group's signal and left
running after the site stopped. So the supervisor stays in the group it was
started in, runs the command as its child, and:

- starts it again after a short back-off when it dies unasked (killed, or a
  non-zero exit status): 1 s, doubled after each quick failure up to 30 s;
- on SIGINT or SIGTERM passes the signal on and exits when the child has (a
  second signal is passed on too: db_worker then stops its task at once);
- on SIGHUP stops the child (SIGTERM: it finishes its task) and starts it
  again at once, with the code installed now (docs/deploying.md, "Restarting");
- exits when the child exits by itself with status 0 (`db_worker --batch`);
- asks the kernel to send the child SIGTERM should the supervisor itself die
  (Linux's PR_SET_PDEATHSIG), so no child outlives it.

The signals are waited for synchronously (blocked, then `sigwaitinfo`): no
handler runs between a check and a wait, so none is missed.
"""
from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable

STOP = {signal.SIGINT, signal.SIGTERM}
RESTART = signal.SIGHUP
WATCHED = {*STOP, RESTART, signal.SIGCHLD}
FIRST_BACKOFF_S = 1.0
MAX_BACKOFF_S = 30.0
# A child that ran this long before dying was not failing at start: the back-off starts again from 1 s.
STEADY_S = 30.0
PR_SET_PDEATHSIG = 1


def log(message: str) -> None:
    print(f"supervisor: {message}", file=sys.stderr, flush=True)


def exit_status(returncode: int) -> int:
    """Popen's returncode as a shell would give it: 128 + the signal for a child killed by one."""
    return 128 - returncode if returncode < 0 else returncode


def how_it_ended(returncode: int) -> str:
    if returncode < 0:
        return f"was killed by {signal.Signals(-returncode).name}"
    return f"exited with status {returncode}"


def die_with_parent(parent: int) -> None:
    """In the child, before exec: SIGTERM when the supervisor dies (Linux; elsewhere nothing)."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != parent:  # it died before the request was made
        os.kill(os.getpid(), signal.SIGTERM)


class Supervisor:
    def __init__(self, command: list[str], prepare_child: Callable[[], None] = lambda: None,
                 new_session: bool = False):
        self.command = command
        self.prepare_child = prepare_child
        self.new_session = new_session
        self.child: subprocess.Popen | None = None
        self.started_at = 0.0
        self.backoff_s = FIRST_BACKOFF_S
        self.restart_at: float | None = None  # while no child runs: when the next one starts
        self.stopping: int | None = None  # the signal passed on to the child to stop it
        self.restarting = False  # SIGHUP: a new child as soon as this one exits

    def start(self) -> None:
        parent = os.getpid()

        def in_child() -> None:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, WATCHED)
            die_with_parent(parent)
            self.prepare_child()

        self.child = subprocess.Popen(self.command, start_new_session=self.new_session, preexec_fn=in_child)  # noqa: PLW1509 - the supervisor runs no thread
        self.started_at, self.restart_at, self.restarting = time.monotonic(), None, False

    def run(self) -> int:
        """Runs the command until asked to stop; the exit status to leave with."""
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # delivered (not discarded) while blocked
        signal.pthread_sigmask(signal.SIG_BLOCK, WATCHED)
        self.start()
        while True:
            received = self.next_signal()
            if received is None:  # the back-off is over
                self.start()
            elif received in STOP:
                if self.child is None:
                    return 128 + received
                self.stopping = received
                self.child.send_signal(received)
            elif received == RESTART:
                log("restarting the command (SIGHUP)")
                if self.child is None:
                    self.start()
                else:
                    self.restarting = True
                    self.child.send_signal(signal.SIGTERM)
            elif self.child is not None and self.child.poll() is not None:
                status = self.child_exited()
                if status is not None:
                    return status

    def next_signal(self) -> int | None:
        if self.restart_at is None:
            return signal.sigwaitinfo(WATCHED).si_signo
        received = signal.sigtimedwait(WATCHED, max(0.0, self.restart_at - time.monotonic()))
        return received.si_signo if received else None

    def child_exited(self) -> int | None:
        """What follows the child's exit: the supervisor's exit status, or None while it goes on."""
        returncode, ran_s = self.child.returncode, time.monotonic() - self.started_at
        self.child = None
        if self.stopping is not None:
            return exit_status(returncode)
        if self.restarting:
            self.start()
            return None
        if returncode == 0:
            return 0
        self.backoff_s = FIRST_BACKOFF_S if ran_s >= STEADY_S else self.backoff_s
        log(f"{self.command_name()} {how_it_ended(returncode)} after {ran_s:.1f} s; "
            f"starting it again in {self.backoff_s:g} s")
        self.restart_at = time.monotonic() + self.backoff_s
        self.backoff_s = min(MAX_BACKOFF_S, self.backoff_s * 2)
        return None

    def command_name(self) -> str:
        return " ".join(os.path.basename(word) for word in self.command[1:3])


def main(argv: list[str]) -> None:
    """The command supervised, in a session of its own, at the priority it was started with: the `printer`,
    whose rosters players wait for (docs/deploying.md, "What runs"; the `worker` yields instead:
    armylists/ops/yielding.py). The session of its own keeps signals as the workers have them: the
    process manager's reach the supervisor, which passes them on once."""
    if not argv:
        raise SystemExit("usage: python -m armylists.ops.supervisor <script> [arguments]")
    raise SystemExit(Supervisor([sys.executable, *argv], new_session=True).run())


if __name__ == "__main__":
    main(sys.argv[1:])
