"""A small cache in this process, in front of Django's (the database's), for content many readers ask for at once.

A shared list's page content of a thousand entries is 930 KB; read from the database's cache it was a 1.24 MB
query and its unpickling, on the process's one thread for requests, for every reader of a flood
(docs/deploying.md, "Load test"). Kept here too, newest last, up to `max_bytes`, it costs a dictionary look-up.
Only what is kept by content belongs here: a key names one content forever, so no process serves a stale copy.
"""
from __future__ import annotations

import threading
from collections import OrderedDict


class NearCache:
    def __init__(self, max_bytes: int):
        self.max_bytes, self.used = max_bytes, 0
        self._kept: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> str | None:
        with self._lock:
            value = self._kept.get(key)
            if value is not None:
                self._kept.move_to_end(key)
            return value

    def set(self, key: str, value: str) -> None:
        if len(value) > self.max_bytes:
            return
        with self._lock:
            if key in self._kept:
                self.used -= len(self._kept.pop(key))
            self._kept[key] = value
            self.used += len(value)
            while self.used > self.max_bytes:
                self.used -= len(self._kept.popitem(last=False)[1])
