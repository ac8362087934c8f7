"""The site's CPU time per builder edit, as the page posts it (the target: at most 8 ms on a 5-15 entry list).

Run by hand (pytest does not collect it: no test_ prefix, no test functions):

    .venv/bin/python tests/bench_edit_cpu.py [--edits 200] [--sizes 10,40,150] [--profile 25]

What it does: a temporary SQLite file database (migrate + seed_demo, as tests/bench_slow_clients.py
prepares it), one player and one AoF Regiments list per size; the Procfile's `web` line served on
127.0.0.1 with WEB_CONCURRENCY=1 (one web process), DEBUG off. The player logs in through the login
form, opens each list's builder page and, one request after the other, posts `--edits` edits as the
page posts them: an add from the page's unit picker (the `add-form` form's fields, the `#list-version`
the page shows, the body's CSRF token, htmx's headers and a fresh X-Edit-Key), then the remove of the
entry it added (its `data-testid="entry-remove"` button's `hx-post`), in turn; so the list stays at
its size or one more.

What it measures: the CPU time (user + system, every thread) of the web process that serves the
requests (gunicorn's worker, the master's only child), read from /proc/<pid>/stat before and after
the edits, divided by their number. CPU time counts the site's own work (Django, the check, the
templates, SQLite in-process) and hardly depends on what else the machine runs, unlike wall time; the
machine's load average is printed with it. The client's own CPU is not counted.

--profile N: the same run again with a profiling middleware first (cProfile around each edit's
Django code, in the web process), printing the top N functions by cumulative and by own time.

Only 127.0.0.1 is contacted; the run stops by itself and always ends the server.
"""
from __future__ import annotations

import argparse
import cProfile
import html
import json
import os
import pstats
import re
import secrets
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.bench_builder import Player, setup, sized_lists  # noqa: E402
from tests.bench_slow_clients import (  # noqa: E402
    free_port,
    procfile_web,
    start_server,
    stop_server,
    wait_until_all_listen,
    wait_until_up,
)

TARGET_MS = 8.0
SETTINGS_PROFILED = "tests.bench_edit_cpu_settings"
PROFILE_ENV = "MUSTER_BENCH_PROFILE"  # where the profiling middleware writes its stats


class ProfileEdits:
    """Django middleware, first of all (tests/bench_edit_cpu_settings.py): cProfile (timing the thread's CPU)
    around every POST,
    the stats written to $MUSTER_BENCH_PROFILE after each (the bench reads them when it is done)."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.profile = cProfile.Profile(time.thread_time)  # CPU time, as the bench measures: not waits

    def __call__(self, request):
        if request.method != "POST":
            return self.get_response(request)
        self.profile.enable()
        try:
            return self.get_response(request)
        finally:
            self.profile.disable()
            self.profile.dump_stats(os.environ[PROFILE_ENV])


def machine_speed_ms() -> float:
    """CPU ms of a fixed piece of plain Python (the best of five): the same code's CPU time per edit varied by a
    third between quiet runs hours apart on one virtual machine, with this figure; compare runs by both."""
    def work() -> float:
        start = time.process_time()
        json.loads(json.dumps([{"id": f"e{n}", "options": list(range(n % 7))} for n in range(60_000)]))
        return (time.process_time() - start) * 1000
    return min(work() for _ in range(5))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process `pid`, all its threads (proc(5): fields 14 and 15, in ticks)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Page:
    """The builder page as a browser holds it: its add forms, the list version it shows, its CSRF token."""

    def __init__(self, player: Player, pk: int):
        status, _, page, _ = player.request("GET", f"/lists/{pk}/")
        if status != 200:
            raise SystemExit(f"the builder page of list {pk} answered HTTP {status}")
        self.player, self.pk = player, pk
        self.csrf = re.search(r'<body[^>]*hx-headers=\'\{"X-CSRFToken": "([^"]+)"', page).group(1)
        self.version = self._version(page)
        self.add_forms = [(html.unescape(url), dict(re.findall(r'name="(\w+)" value="([^"]*)"', form)))
                          for url, form in re.findall(r'<form method="post" action="([^"]+)" hx-post="[^"]+" '
                                                      r'class="add-form">(.*?)</form>', page, re.S)]
        if not self.add_forms:
            raise SystemExit("the builder page has no add-form forms")

    @staticmethod
    def _version(answer: str) -> int:
        return int(re.search(r'id="list-version" name="list_version" value="(\d+)"', answer).group(1))

    def post(self, url: str, fields: dict) -> str:
        """An htmx POST as the page sends it (hx-include="#list-version", hx-headers' CSRF token, an edit key)."""
        status, _, answer, _ = self.player.request("POST", url, {**fields, "list_version": self.version}, {
            "HX-Request": "true", "HX-Target": "list-summary", "X-CSRFToken": self.csrf,
            "X-Edit-Key": secrets.token_urlsafe(12), "HX-Current-URL": f"http://127.0.0.1/lists/{self.pk}/"})
        if status != 200 or 'data-testid="notice"' in answer:
            raise SystemExit(f"{url} answered HTTP {status}: {answer[:300]!r}")
        self.version = self._version(answer)
        return answer

    def add_then_remove(self, n: int) -> None:
        url, fields = self.add_forms[n % len(self.add_forms)]
        answer = self.post(url, fields)
        added = re.search(r'<article id="entry-([^"]+)"', answer).group(1)
        remove = re.search(rf'<article id="entry-{re.escape(added)}".*?hx-post="([^"]+)" '
                           r'data-testid="entry-remove"', answer, re.S).group(1)
        self.post(html.unescape(remove), {})


def measure(port: int, worker: int, username: str, pk: int, edits: int) -> float:
    """Mean CPU ms of the web process per edit, over `edits` adds and removes in turn."""
    player = Player(port, username, pk)
    player.log_in()
    page = Page(player, pk)
    page.add_then_remove(0)  # warm: the first edit loads what every later one shares
    before = cpu_seconds(worker)
    for n in range(edits // 2):
        page.add_then_remove(n + 1)
    return (cpu_seconds(worker) - before) * 1000 / (2 * (edits // 2))


def serve_and_measure(directory: Path, env: dict, lists: dict[int, tuple[str, int]], edits: int,
                      profile: Path | None = None) -> dict[int, float]:
    """Mean CPU ms per edit on each list (size -> (player, list)), the site served as the Procfile says."""
    port, log = int(env["PORT"]), directory / "server.log"
    extra = {"DJANGO_SETTINGS_MODULE": SETTINGS_PROFILED, PROFILE_ENV: str(profile)} if profile else {}
    server = start_server(f"{procfile_web()} --bind 127.0.0.1:$PORT", env | {"WEB_CONCURRENCY": "1", **extra}, log)
    try:
        wait_until_up(port, server, log)
        worker, = wait_until_all_listen(server, 1)  # the master's one process, whose CPU is the site's
        return {size: measure(port, worker, username, pk, edits) for size, (username, pk) in lists.items()}
    finally:
        stop_server(server)


def print_profile(path: Path, top: int) -> None:
    stats = pstats.Stats(str(path))
    print(f"\nprofile, top {top} of the site's own functions by cumulative CPU time:")
    stats.sort_stats("cumulative").print_stats(r"armylists|templates", top)
    print(f"\nprofile, top {top} by own CPU time:")
    stats.sort_stats("tottime").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=200, help="adds and removes per list, in turn")
    parser.add_argument("--sizes", default="10,40,150", help="the lists' entries, comma-separated")
    parser.add_argument("--profile", type=int, default=0, help="also profile, printing the top N functions")
    parser.add_argument("--profile-out", type=Path, help="keep the profile's stats there (pstats, snakeviz)")
    options = parser.parse_args()
    edits = max(2, min(options.edits, 2000))
    sizes = [max(1, min(int(s), 500)) for s in options.sizes.split(",")]
    print(f"server: {procfile_web()} --bind 127.0.0.1:$PORT (WEB_CONCURRENCY=1, DEBUG off), SQLite file database")
    with tempfile.TemporaryDirectory(prefix="muster-bench-") as folder:
        directory = Path(folder)
        env, accounts = setup(directory, free_port(), len(sizes))
        lists = {size: (account[0], sized_lists([account], size)[0]["pk"])
                 for size, account in zip(sizes, accounts, strict=True)}
        load, speed = os.getloadavg(), machine_speed_ms()
        means = serve_and_measure(directory, env, lists, edits)
        print(f"CPU time of the web process per edit (user + system, all threads), mean over {edits} adds and "
              f"removes in turn; load average {load[0]:.1f} before, {os.getloadavg()[0]:.1f} after; the fixed "
              f"workload (machine_speed_ms) {speed:.0f} ms before, {machine_speed_ms():.0f} ms after:")
        for size, mean in means.items():
            print(f"  {size:4}-entry list: {mean:6.2f} ms per edit")
        small = means[min(sizes)]
        print(f"target: at most {TARGET_MS} ms on a 5-15 entry list: {'met' if small <= TARGET_MS else 'NOT met'}")
        if options.profile:
            stats = directory / "edits.prof"
            serve_and_measure(directory, env, {min(sizes): lists[min(sizes)]}, edits, stats)
            print(f"\nprofiled: {edits} edits more on the {min(sizes)}-entry list, cProfile around each in the "
                  "web process (its own cost makes every figure larger)")
            print_profile(stats, options.profile)
            if options.profile_out:
                shutil.copyfile(stats, options.profile_out)

if __name__ == "__main__":
    main()
