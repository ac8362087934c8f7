"""Calling an ASGI application from a test, without a server."""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor


def http_scope(method: str, path: str, headers: list[tuple[bytes, bytes]] = ()) -> dict:
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
            "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
            "headers": [(b"host", b"testserver"), *headers], "client": ("127.0.0.1", 5000),
            "server": ("testserver", 80)}


def run(coroutine, timeout: float = 10):
    """Run to completion on an event loop of its own, in a thread of its own: the browser tests'
    Playwright keeps an event loop running in the main thread."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, asyncio.wait_for(coroutine, timeout)).result()
