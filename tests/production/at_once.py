"""One user's requests all at once against a rate limit, in threads of one process as a web server's are
(tests/production/test_rate_limits.py): in the test's own process on PostgreSQL, and through
`manage.py shell` on a SQLite file (SQLite's test database is one in-memory connection that threads
cannot share)."""
from __future__ import annotations

import threading
from types import SimpleNamespace

from django.db import connection
from django.test import RequestFactory

from armylists.ops.ratelimit import limit

RATE = "20/m"
AT_ONCE = 80


def burst(at_once: int = AT_ONCE, rate: str = RATE) -> dict[str, int]:
    """`at_once` requests by one signed-in user, each from an address of its own, let go together against the
    rate: how many were served and how many refused."""
    player = SimpleNamespace(pk=7, is_authenticated=True)
    together, answers, failures = threading.Barrier(at_once), [], []

    def ask(number: int) -> None:
        request = RequestFactory().get("/lists/1/pdf/", REMOTE_ADDR=f"10.0.{number // 200}.{number % 200 + 1}")
        request.user = player
        together.wait()
        try:
            answers.append(limit(request, "roster-pdf", rate))
        except Exception as error:  # a locked database, say: the test names it
            failures.append(repr(error))
        finally:
            connection.close()

    threads = [threading.Thread(target=ask, args=(number,)) for number in range(at_once)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures
    served = sum(answer is None for answer in answers)
    return {"served": served, "refused": sum(answer is not None and answer.status_code == 429 for answer in answers)}
