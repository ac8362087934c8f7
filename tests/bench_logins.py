"""Benchmark password hashing and logins at once: does a room of players logging in together all get in?

Run by hand (pytest does not collect it):

    .venv/bin/python tests/bench_logins.py [--at-once 8 20 40] [--no-server] [--site-only]

    .venv/bin/python tests/bench_logins.py --at-once 50 50 --site-only   # fifty at once, twice in a row

Targets on a 2-core machine, for the site: every login of each round answered (302), none cut by the
request time limit (REQUEST_TIME_LIMIT_S, 2 s, answered 503); up to 20 at once, each in under 1 s; fifty at
once, each in under 2 s, twice in a row; one hash on one core about 20 ms. The machine's load average is
printed: another program busy on the cores slows every figure but the server's CPU time per login.

Three parts.

1. One hash, on one core, in this process: the site's hasher (armylists/accounts/hashers.py), the
   Argon2id candidates its costs were chosen among (memory of at least 19 MiB and at least two
   passes, OWASP's floor, one lane), and Django's PBKDF2 default. The best and the median of several:
   the machine is shared, and the best is the hash alone on its core.
2. The site as deployed, and the same site with Django's PBKDF2 first (the hashers before Argon2):
   a temporary SQLite file (migrate + seed_demo, as tests/bench_slow_clients.py prepares it) served
   on 127.0.0.1 by the Procfile's `web` line, WEB_CONCURRENCY processes (four per core), each running
   one request at a time, DEBUG off, every process warm. Each round, N clients each open the login page
   (for its CSRF token), then all POST the login form at the same moment; each one's time and answer
   are printed, and the CPU time the server's processes spent, per login.
   On the site as deployed, a round as large as the largest of players whose passwords were stored
   with PBKDF2 follows, then the same players again: a first login verifies the old hash and stores
   the password again with Argon2 (a login cut by the time limit stores nothing).
3. On each, as many sign-ups at once as the first round's logins, timed the same way: a sign-up hashes
   once, as a login does.

Only 127.0.0.1 is contacted; every round is bounded, and the run always ends the servers.
"""
from __future__ import annotations

import argparse
import http.client
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from armylists.ops import gunicorn as web_config  # noqa: E402 - the Procfile's web settings, for WEB_CONCURRENCY
from tests.bench_slow_clients import (  # noqa: E402
    free_port,
    prepare,
    procfile_web,
    start_server,
    stop_server,
    wait_until_up,
)

PASSWORD = "bench-player-password-1500"
REQUEST_TIMEOUT_S = 30
TARGET_S = 1.0  # up to TARGET_AT_ONCE logins at once; more must only be answered in time
TARGET_AT_ONCE = 20
TARGET_ANY_S = 2.0  # any number at once: each in within the request time limit (none answered 503)
# (passes, MiB): OWASP's Argon2id configurations (Password Storage Cheat Sheet: 46 MiB with one pass, 19 with
# two, 12 with three, 9 with four, 7 with five, all equivalent), and more memory, which costs a guesser more.
CANDIDATES = [(1, 46), (2, 19), (3, 12), (4, 9), (5, 7), (3, 19), (2, 32), (2, 46)]
# The site with the hashers it had before Argon2: Django's PBKDF2 first, for the comparison.
PBKDF2_SETTINGS = '''from armylists.settings import *  # noqa: F403
PASSWORD_HASHERS = [h for h in PASSWORD_HASHERS if "PBKDF2" in h]  # noqa: F405
'''


# --- one hash -------------------------------------------------------------------------------


def time_hash(hasher, runs: int) -> tuple[float, float]:
    """(best, median) ms of one hash of a new password with `hasher`."""
    from django.utils.crypto import get_random_string

    times = []
    for _ in range(runs):
        salt = hasher.salt()
        started = time.perf_counter()
        hasher.encode(get_random_string(20), salt)
        times.append((time.perf_counter() - started) * 1000)
    return min(times), statistics.median(times)


def bench_hashes() -> None:
    from django.contrib.auth.hashers import PBKDF2PasswordHasher

    from armylists.accounts.hashers import MusterArgon2PasswordHasher

    site = MusterArgon2PasswordHasher
    print("one hash on one core (ms):            best   median")
    for passes, mib in CANDIDATES:
        candidate = type("Candidate", (site,), {"time_cost": passes, "memory_cost": mib * 1024, "parallelism": 1})
        chosen = " <- the site's" if (passes, mib * 1024, 1) == (site.time_cost, site.memory_cost,
                                                                   site.parallelism) else ""
        best, median = time_hash(candidate(), 15)
        print(f"  Argon2id t={passes} m={mib:>2} MiB p=1     {best:7.1f}  {median:7.1f}{chosen}")
    best, median = time_hash(PBKDF2PasswordHasher(), 5)
    print(f"  PBKDF2-SHA256, {PBKDF2PasswordHasher.iterations:,} iterations  {best:6.1f}  {median:7.1f}  "
          "(Django's default, the site's before)")


# --- the site -------------------------------------------------------------------------------


def make_players(prefix: str, count: int, stored: str) -> list[str]:
    """`count` players whose password is stored as `stored`: one hash for all, since a login costs the same."""
    from django.contrib.auth import get_user_model

    users = [get_user_model()(username=f"{prefix}{n}", password=stored) for n in range(count)]
    get_user_model().objects.bulk_create(users)
    return [user.username for user in users]


class Browser:
    """One client: a connection of its own and its cookies."""

    def __init__(self, port: int):
        self.port, self.cookies = port, {}

    def request(self, method: str, path: str, body: dict | None = None) -> int:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=REQUEST_TIMEOUT_S)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())} if self.cookies else {}
        data = None
        if body is not None:
            data, headers["Content-Type"] = urlencode(body), "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            self.page = response.read().decode("utf-8", "replace")
        finally:
            connection.close()
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status

    def token(self, path: str) -> str:
        if self.request("GET", path) != 200:
            raise RuntimeError(f"GET {path} failed")
        return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', self.page).group(1)


def server_cpu(server: subprocess.Popen) -> float:
    """CPU seconds used so far by the server's processes (its own process group: master and workers)."""
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # ended meanwhile
        if int(fields[2]) == server.pid:  # its process group
            ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def at_once(server: subprocess.Popen, port: int, path: str, forms: list[dict]) -> tuple[list, float]:
    """Each form POSTed to `path` by a client of its own, all at the same moment (after each has opened the
    page for its CSRF token): each one's (status, seconds), and the server's CPU seconds over the POSTs."""
    results: list[tuple[int | str, float]] = [("not sent", 0.0)] * len(forms)
    cpu_before = []
    ready = threading.Barrier(len(forms), action=lambda: cpu_before.append(server_cpu(server)))

    def client(n: int) -> None:
        browser = Browser(port)
        form = {**forms[n], "csrfmiddlewaretoken": browser.token(path)}
        ready.wait(timeout=60)
        started = time.perf_counter()
        try:
            status: int | str = browser.request("POST", path, form)
        except OSError as error:
            status = type(error).__name__
        results[n] = (status, time.perf_counter() - started)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(len(forms))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results, server_cpu(server) - cpu_before[0]


def report(what: str, measured: tuple[list[tuple[int | str, float]], float]) -> bool:
    results, cpu = measured
    times = sorted(seconds for _, seconds in results)
    answers: dict = {}
    for status, _ in results:
        answers[status] = answers.get(status, 0) + 1
    met = answers.get(302, 0) == len(results) and times[-1] < (
        TARGET_ANY_S if len(results) > TARGET_AT_ONCE else TARGET_S)
    print(f"  {what:<48} answers {dict(sorted(answers.items(), key=str))}  "
          f"median {statistics.median(times):.2f} s  max {times[-1]:.2f} s  {'ok' if met else 'MISSED'}  "
          f"server CPU {cpu / len(results) * 1000:.0f} ms each")
    print("    each (s): " + " ".join(f"{seconds:.2f}" for seconds in times))
    return met


def serve(env: dict[str, str], directory: Path, name: str):
    """The Procfile's web line, once every process is up and warm: the first answers while others may still be
    loading the site (armylists.ops.warmup), and their loading would be timed with the logins."""
    log = directory / f"{name}.log"
    server = start_server(f"{procfile_web()} --bind 127.0.0.1:$PORT", env, log)
    wait_until_up(int(env["PORT"]), server, log)
    deadline, idle = time.monotonic() + 120, 0
    while idle < 3 and time.monotonic() < deadline:
        before = server_cpu(server)
        time.sleep(0.5)
        idle = idle + 1 if server_cpu(server) - before < 0.02 else 0
    return server


def bench_site(site: str, env: dict[str, str], directory: Path, at_once_counts: list[int],
               players: dict[str, list[str]]) -> bool:
    from armylists.ops import tallies

    met = True
    server = serve(env, directory, site)
    try:
        port = int(env["PORT"])
        print(f"\n{site}: {procfile_web()} (WEB_CONCURRENCY={env['WEB_CONCURRENCY']}, {os.cpu_count()} cores; "
              f"the machine's load average {os.getloadavg()[0]:.1f} before)")
        for count in at_once_counts:
            forms = [{"username": name, "password": PASSWORD} for name in players["current"][:count]]
            met &= report(f"{count} logins at once", at_once(server, port, "/accounts/login/", forms))
        if "stored before" in players:
            forms = [{"username": name, "password": PASSWORD} for name in players["stored before"]]
            report(f"{len(forms)} at once, stored with PBKDF2 (first login)",
                   at_once(server, port, "/accounts/login/", forms))
            report(f"the same {len(forms)} again, now stored with Argon2",
                   at_once(server, port, "/accounts/login/", forms))
        tallies.forget()  # the sign-up rate limit (SIGN_UP_RATE) counts per address, and every client here is one
        count = at_once_counts[0]
        forms = [{"username": f"{site[:6]}-new{n}", "password1": PASSWORD, "password2": PASSWORD}
                 for n in range(count)]
        report(f"{count} sign-ups at once", at_once(server, port, "/accounts/signup/", forms))
    finally:
        stop_server(server)
    return met


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--at-once", type=int, nargs="+", default=[8, 20, 40],
                        help="logins at once (default 8 20 40)")
    parser.add_argument("--no-server", action="store_true", help="time the hashes only")
    parser.add_argument("--site-only", action="store_true",
                        help="only the site as deployed: not the site with PBKDF2 first, for the comparison")
    options = parser.parse_args()
    counts = [max(1, min(n, 100)) for n in options.at_once]

    with tempfile.TemporaryDirectory(prefix="muster-logins-") as tmp:
        directory, port = Path(tmp), free_port()
        env = prepare(directory, port)
        env["WEB_CONCURRENCY"] = str(web_config.workers)
        os.environ.update(env)
        import django

        django.setup()
        bench_hashes()
        if options.no_server:
            return
        from django.contrib.auth.hashers import make_password

        most = max(counts)
        argon2, pbkdf2 = make_password(PASSWORD), make_password(PASSWORD, hasher="pbkdf2_sha256")
        (directory / "bench_logins_pbkdf2.py").write_text(PBKDF2_SETTINGS)
        before = dict(env, DJANGO_SETTINGS_MODULE="bench_logins_pbkdf2", PYTHONPATH=f"{ROOT}:{directory}")
        if not options.site_only:
            bench_site("PBKDF2 first (the site before)", before, directory, counts,
                       {"current": make_players("pbkdf2-", most, pbkdf2)})
        met = bench_site("Argon2 first (the site)", env, directory, counts,
                         {"current": make_players("argon2-", most, argon2),
                          "stored before": make_players("old-", most, pbkdf2)})
        print(f"\ntarget (on the site, every login of each round answered, each under {TARGET_S:.0f} s up to "
              f"{TARGET_AT_ONCE} at once, under {TARGET_ANY_S:.0f} s beyond): {'met' if met else 'MISSED'}")
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
