"""A web process loads what every first request would pay for before it takes any (armylists/ops/gunicorn.py).

Each process keeps every game's unit data, its compiled templates and the
campaign rules' fingerprint in memory. Loaded by the first request that needs
them, they made that request take up to a second under load, and every
request queued behind it in the same process waited as long: in the load
test, a cluster of some twenty slow answers per process. So gunicorn's
`post_worker_init` hook loads them first (settings.WARM_UP: what each layer
offers to load; settings.WARM_TEMPLATES). A failure is logged and the process
serves anyway: warming up is a speed-up, never a condition.

What it loaded then stays for the process's life, so it is frozen out of Python's cyclic garbage
collector (`gc.freeze`): a full collection walked every game's unit data again, and the edit that set
one off paid for it (tests/bench_edit_cpu.py: a tenth of an edit's CPU time).
"""
from __future__ import annotations

import gc
import logging

from django.conf import settings
from django.db import connections
from django.template.loader import get_template
from django.utils.module_loading import import_string

log = logging.getLogger(__name__)


def warm_up() -> None:
    try:
        for path in settings.WARM_UP:
            import_string(path)()
        for name in settings.WARM_TEMPLATES:
            get_template(name)
    except Exception:  # noqa: BLE001 - the process serves anyway, only slower at first
        log.warning("warming up failed; the first requests will load what they need", exc_info=True)
    finally:
        connections.close_all()  # none is held open by a process before its first request
        gc.collect()
        gc.freeze()
