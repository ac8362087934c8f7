"""The machine's slots for anonymous costly work: at most settings.ANONYMOUS_SLOTS such requests at once.

Per-address limits add up past the machine's cores once dozens of addresses ask at once (docs/deploying.md,
"What the site does against hostile clients"), so anonymous work on costly pages (shared lists and their
rosters, the check API, published standings) also needs one of a few slots every web process of the machine
shares. A slot is an exclusive `flock` on one of N files in settings.ANONYMOUS_SLOTS_DIR: the kernel grants
it atomically to one open file at a time, costs no database round trip, and drops it when the process
holding it dies, so a killed process never keeps a slot (a table of slots claimed by an UPDATE would hold a
dead holder's slot until its expiry). The files are one machine's: past one machine, each machine has its
slots, and the global time budget (COST_LIMITS["anonymous"], counted in the tallies) is shared by all.

An anonymous request (no session cookie) for a costly page takes its slot on the event loop, before it goes
to the process's one thread for Django's code (armylists.ops.handler): it waits up to SLOT_WAIT_S for one,
tried every 10 ms, holding no thread, and without one it is answered 503 with Retry-After there, held a second
first, so a flood's refusals never take the thread from the players' requests queued behind them. A request
that reaches a costly view anonymous without a slot (a stale session cookie) tries once in the view
(armylists.ops.ratelimit.cost_limited). Signed-in requests never take a slot nor wait for one.
"""
from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import time
from collections.abc import Iterator

from django.conf import settings


def _slot_files() -> list[str]:
    folder = settings.ANONYMOUS_SLOTS_DIR
    os.makedirs(folder, exist_ok=True)
    return [os.path.join(folder, f"slot-{number}") for number in range(settings.ANONYMOUS_SLOTS)]


def take() -> int | None:
    """A slot taken (its open file, to give back with `give_back`), or None when every slot is taken.
    Each try opens its own file: a lock belongs to one open file, so two threads of a process (runserver's)
    cannot both hold one slot."""
    for path in _slot_files():
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            continue
        return descriptor
    return None


async def wait_for_one(seconds: float, every: float = 0.01) -> int | None:
    """A slot taken within `seconds`, tried every `every` seconds on the event loop (no thread held); else None."""
    deadline = time.monotonic() + seconds
    while (descriptor := take()) is None and time.monotonic() < deadline:
        await asyncio.sleep(every)
    return descriptor


def give_back(descriptor: int) -> None:
    """The slot freed (closing its file drops the lock)."""
    os.close(descriptor)


@contextlib.contextmanager
def slot() -> Iterator[bool]:
    """True, with a slot held until the block ends; False when none was free."""
    descriptor = take()
    try:
        yield descriptor is not None
    finally:
        if descriptor is not None:
            give_back(descriptor)
