"""Fifty players building their lists the evening before the deadline, and the organiser (locust).

Run through tests/load/run.py, which makes the players, their lists, the event
they submitted lists to, its organiser and everyone's sessions, and starts the
site; it hands them over in the file named by LOAD_PEOPLE. Each simulated
player opens their list, then clicks every 1 to 3 seconds, which makes, a
minute: about 24 edits (adding entries and removing them again, htmx requests
as the builder page sends them), 3 reloads of the list page, 1.5 downloads
of the list file checked by /api/check, and 0.8 roster PDFs (a player
building a list for twenty minutes prints it once or twice: the PDFs are the
heaviest requests, and here far more frequent).

One organiser (fixed_count: exactly one, whatever --users says beyond it)
looks over the event meanwhile, as its dashboard is used: opens the
dashboard, reads it for 5 to 15 seconds, re-checks every submitted list
against today's data (the dashboard's button, an htmx GET: it writes
nothing), reads the results, opens the dashboard again and downloads the
CSV: a round of about 40 seconds, each re-check checking every list.

One attacker (fixed_count: one) tries to stall the site for everybody else,
from an address of its own, a request a second: a 1,000-entry shared list's
roster PDF, anonymously, again and again; notes appended to a campaign of
5,000 actions, and its summary PDF; the judges' pack of its own event asked
for in a loop. (tests/load/run.py holds 300 idle connections open beside it.)
Its answers are counted by status (200, 202 "being prepared", 429 "too many",
503 "cut for time") and printed by run.py; only another status is an error.

And a flood (fixed_count: LOAD_FLOOD, 8 unless run.py says otherwise, 0 for
none): an anonymous attacker on that many connections from one address of its
own, with no pause at all: the same 1,000-entry list's shared page again and
again, now and then its roster PDF, and its list file POSTed to /api/check.
The shared page is kept by content and each address may spend COST_LIMITS of
the server's time a minute on such pages (docs/deploying.md, "What the site
does against hostile clients"), so the flood's 200, 202 and 429 are its
expected answers, counted like the attacker's, and so is a 503 from the budget
for all anonymous work (the site full of anonymous readers); a 503 cut for
time is an error here, as it means a page the cache should answer took the
server 2 s.

Every simulated person comes through the proxy in front (TRUSTED_PROXIES=127.0.0.1),
each with an address of their own in X-Forwarded-For, as nginx would append it.
"""
from __future__ import annotations

import csv
import html
import io
import itertools
import json
import os
import random
import re
import time
import uuid
from collections import Counter
from pathlib import Path
from urllib.parse import quote

import gevent
from locust import HttpUser, SequentialTaskSet, between, constant, events, task

PEOPLE = json.loads(Path(os.environ["LOAD_PEOPLE"]).read_text(encoding="utf-8"))
PLAYERS = itertools.cycle(PEOPLE["players"])
CSRF = "loadtestloadtestloadtestloadtest"  # a CSRF secret of the client's choosing: cookie and header agree
ENTRY_ID = re.compile(r'data-entry-id="([^"]+)"')
VERSION = re.compile(r'name="list_version" value="(\d+)"')
RELOAD = re.compile(r'http-equiv="refresh" content="(?P<seconds>\d+); url=(?P<url>[^"]+)"')
PRINT_TO_DOWNLOAD = "roster: from print to download"  # run.py: a wait, not one request
MOST_ENTRIES = 15  # beyond this a player removes rather than adds, so lists stay a realistic size


class Player(HttpUser):
    weight = 1  # every user beyond the one organiser
    wait_time = between(1, 3)

    def on_start(self) -> None:
        self.me = next(PLAYERS)
        self.client.cookies.set("sessionid", self.me["session"])
        self.client.cookies.set("csrftoken", CSRF)
        self.client.headers["X-Forwarded-For"] = f"10.1.{self.me['list'] % 250}.{self.me['list'] // 250 % 250}"
        self.list_path = f"/lists/{self.me['list']}/"
        self.htmx = {"HX-Request": "true", "HX-Target": "list-summary", "X-CSRFToken": CSRF,
                     "HX-Current-URL": f"{self.host}{self.list_path}", "Referer": f"{self.host}{self.list_path}"}
        self.entries: list[str] = []
        self.version = ""
        self.open_list()

    def answered(self, response) -> bool:
        """A page or an edit's answer holds the list's summary and no refusal; keeps the list's version."""
        if response.status_code != 200 or 'id="list-summary"' not in response.text:
            response.failure(f"HTTP {response.status_code}: {response.text[:200]!r}")
            return False
        if 'data-testid="notice"' in response.text:
            response.failure(f"refused: {response.text[:300]!r}")
            return False
        self.version = (VERSION.findall(response.text) or [self.version])[-1]
        return True

    @task(4)
    def open_list(self) -> None:
        with self.client.get(self.list_path, name="page: the list", catch_response=True) as response:
            if self.answered(response):
                self.entries = ENTRY_ID.findall(response.text)

    @task(30)
    def edit(self) -> None:
        """An edit as the builder page sends it, with the list version it shows and an edit key; the answer
        carries the summary and the entry cards that changed (an added entry's among them)."""
        removing = len(self.entries) >= MOST_ENTRIES or (self.entries and random.random() < 0.35)
        if removing:
            entry = random.choice(self.entries)
            path, name, data = f"{self.list_path}entries/remove/{quote(entry)}", "htmx edit: remove an entry", {}
        else:
            path, name = f"{self.list_path}entries/add/", "htmx edit: add an entry"
            data = {"unit": random.choice(self.me["units"]), "faction": self.me["faction"]}
        data["list_version"] = self.version
        headers = {**self.htmx, "X-Edit-Key": str(uuid.uuid4())}  # as builder.js keys every edit (a retry reuses it)
        with self.client.post(path, data=data, headers=headers, name=name, catch_response=True) as response:
            if self.answered(response):
                if removing:
                    self.entries.remove(entry)
                else:
                    self.entries += [e for e in ENTRY_ID.findall(response.text) if e not in self.entries]

    @task(2)
    def check(self) -> None:
        listfile = self.client.get(f"{self.list_path}file/", name="list file")
        with self.client.post("/api/check", data=listfile.content, headers={"Content-Type": "application/json"},
                              name="check (api)", catch_response=True) as response:
            if response.status_code != 200 or "legal" not in response.json():
                response.failure(f"HTTP {response.status_code}: {response.text[:200]!r}")

    @task(1)
    def roster(self) -> None:
        """Printing as a browser does: the PDF, or the page that waits for it (202), reloaded as it says
        (after so many seconds, to the address it gives) until the PDF comes. Each request is counted as
        "roster pdf"; the whole wait, from the click to the download, as PRINT_TO_DOWNLOAD."""
        started, url = time.perf_counter(), f"/print/lists/{self.me['list']}/roster.pdf"
        for _ in range(120):
            with self.client.get(url, name="roster pdf", catch_response=True) as response:
                if response.status_code == 200 and response.content.startswith(b"%PDF"):
                    break
                reload = RELOAD.search(response.text) if response.status_code == 202 else None
                if reload is None:
                    response.failure(f"HTTP {response.status_code}")
                    return
            url = html.unescape(reload["url"])
            gevent.sleep(int(reload["seconds"]))
        else:
            return
        self.environment.events.request.fire(
            request_type="GET", name=PRINT_TO_DOWNLOAD, response_time=(time.perf_counter() - started) * 1000,
            response_length=len(response.content), exception=None, context={})


def failed(response, wanted: str) -> bool:
    """Marks the request failed unless it answered 200 with `wanted` in it."""
    if response.status_code == 200 and wanted in response.text:
        return False
    response.failure(f"HTTP {response.status_code}: {response.text[:200]!r}")
    return True


class LookingOverTheEvent(SequentialTaskSet):
    """The organiser's round, in this order, with a pause of wait_time after each step."""

    def on_start(self) -> None:
        me = PEOPLE["organiser"]
        self.client.cookies.set("sessionid", me["session"])
        self.client.cookies.set("csrftoken", CSRF)
        self.client.headers["X-Forwarded-For"] = "10.2.0.1"
        self.event, self.entrants = f"/events/{me['event']}/", me["entrants"]

    @task
    def dashboard(self) -> None:
        with self.client.get(f"{self.event}dashboard/", name="organiser: dashboard", catch_response=True) as response:
            if not failed(response, 'data-testid="row-count"'):
                rows = response.text.count('data-testid="dashboard-row"')
                if rows != self.entrants:
                    response.failure(f"{rows} rows on the dashboard, not {self.entrants}")

    @task
    def recheck(self) -> None:
        """As the dashboard's button sends it (htmx, into #recheck)."""
        headers = {"HX-Request": "true", "HX-Target": "recheck", "X-CSRFToken": CSRF,
                   "HX-Current-URL": f"{self.user.host}{self.event}dashboard/"}
        with self.client.get(f"{self.event}recheck/", headers=headers, name="organiser: re-check",
                             catch_response=True) as response:
            failed(response, f"{self.entrants} submissions checked again")

    @task
    def dashboard_again(self) -> None:
        self.dashboard()

    @task
    def csv(self) -> None:
        with self.client.get(f"{self.event}submissions.csv", name="organiser: CSV", catch_response=True) as response:
            # Rows, not lines: a cell may hold several lines (a list's errors, one a line).
            rows = len(list(csv.reader(io.StringIO(response.text)))) if response.status_code == 200 else 0
            if rows != self.entrants + 1:
                response.failure(f"HTTP {response.status_code}, {rows} rows: {response.text[:200]!r}")


class Organiser(HttpUser):
    fixed_count = 1
    wait_time = between(5, 15)  # reading the table, or the re-check's findings
    tasks = [LookingOverTheEvent]


ANSWERS: Counter = Counter()  # (request, status) -> times, for run.py


class Hostile(HttpUser):
    """Someone out to stall the site: each answer counted by status, only an unexpected status an error."""

    abstract = True
    expected = {200, 202, 429, 503}

    def attempt(self, method: str, path: str, name: str, *, session: str | None = None, **kwargs) -> None:
        self.client.cookies.clear()
        self.client.cookies.set("csrftoken", CSRF)
        if session:
            self.client.cookies.set("sessionid", session)
        with self.client.request(method, path, name=name, catch_response=True, allow_redirects=False,
                                 **kwargs) as response:
            ANSWERS[(name, response.status_code)] += 1
            if response.status_code in self.expected or (response.status_code == 302 and method == "POST") \
                    or self.turned_away(response):
                response.success()
            else:
                response.failure(f"HTTP {response.status_code}: {response.text[:200]!r}")


    def turned_away(self, response) -> bool:
        """Overridden by those for whom a 503 may be the site's queue for anonymous work, not a page cut for time."""
        return False


class Attacker(Hostile):
    fixed_count = 1
    wait_time = constant(1)

    def on_start(self) -> None:
        self.me = PEOPLE["attacker"]
        self.client.headers["X-Forwarded-For"] = "198.51.100.66"
        self.client.cookies.set("csrftoken", CSRF)
        campaign = self.me["campaign"]
        self.campaign = f"/campaigns/{campaign['campaign']}/"
        self.notes = f"{self.campaign}armies/{campaign['army']}/units/{campaign['unit']}/notes/"

    @task(3)
    def long_shared_pdf(self) -> None:
        self.attempt("GET", f"/print/shared/{self.me['token']}/roster.pdf", "attacker: 1,000-entry shared pdf")

    @task(2)
    def campaign_note(self) -> None:
        self.attempt("POST", self.notes, "attacker: campaign note", session=self.me["campaign"]["session"],
                     data={"notes": f"Still holding the ford ({uuid.uuid4().hex[:8]})."},
                     headers={"X-CSRFToken": CSRF, "Referer": f"{self.host}{self.campaign}"})

    @task(1)
    def campaign_summary(self) -> None:
        self.attempt("GET", f"{self.campaign}summary.pdf", "attacker: campaign summary pdf",
                     session=self.me["campaign"]["session"])

    @task(2)
    def pack(self) -> None:
        self.attempt("POST", f"/events/{self.me['event']}/pack/", "attacker: judges' pack", session=self.me["session"],
                     headers={"X-CSRFToken": CSRF, "HX-Request": "true",
                              "Referer": f"{self.host}/events/{self.me['event']}/dashboard/"})


class Flood(Hostile):
    """Back to back on each of its connections (a locust user keeps one), all from one address, signed in as no
    one: so its address's limits (the share of the server's time, a count for PDFs and checks) are all that stop it."""

    fixed_count = int(os.environ.get("LOAD_FLOOD", "8"))
    abstract = fixed_count == 0  # no flood: locust would take a fixed_count of 0 for a weighted user
    wait_time = constant(0)
    expected = {200, 202, 429}

    def turned_away(self, response) -> bool:
        """503 from the budget for anonymous work (docs/deploying.md, "What the site does against hostile
        clients"): the site is full of anonymous readers, told when to come back. Not one cut for time."""
        return response.status_code == 503 and "took too long" not in response.text

    def on_start(self) -> None:
        self.client.headers["X-Forwarded-For"] = "198.51.100.88"
        self.token, self.file = PEOPLE["attacker"]["token"], PEOPLE["attacker"]["file"].encode()

    @task(6)
    def shared_page(self) -> None:
        self.attempt("GET", f"/lists/shared/{self.token}/", "flood: 1,000-entry shared page")

    @task(1)
    def shared_pdf(self) -> None:
        self.attempt("GET", f"/print/shared/{self.token}/roster.pdf", "flood: 1,000-entry shared pdf")

    @task(1)
    def check(self) -> None:
        self.attempt("POST", "/api/check", "flood: 1,000-entry check (api)", data=self.file,
                     headers={"Content-Type": "application/json"})


@events.quitting.add_listener
def write_answers(environment, **kwargs) -> None:
    path = os.environ.get("LOAD_ANSWERS")
    if path:
        Path(path).write_text(json.dumps([[name, status, n] for (name, status), n in sorted(ANSWERS.items())]))
