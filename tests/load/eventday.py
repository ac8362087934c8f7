"""The event day's rush (locust), run through tests/load/rush.py, which makes the event and starts the site.

Round 1 of a 300-player event is being played (LOAD_DAY names the file with the tables and the sessions):

- Each player opens the day page, then polls their table every 10 seconds as the page does (htmx, the
  address the fragment carries, with the day's version: 204 when nothing changed, the fragment when
  something did). At its table's moment, spread over the run, the first player sends the result
  (302, then the day page as the browser follows it); the second player sees it at their next poll and
  confirms it. A confirmed table polls no more. A result or a confirmation answered anything but 302
  (a 503 from a busy site) is sent again at the next step: the form keeps what was typed. A day page
  that did not come is opened again at the next step.
- LOAD_SPECTATORS anonymous spectators open the standings and poll them every 10 seconds.
- The organiser reloads the day page every 5 seconds.

Every request is named by who sends it and what it is; rush.py prints their times, and reads the
database afterwards for results lost or doubled.
"""
from __future__ import annotations

import itertools
import json
import os
import random
import re
import time
from pathlib import Path

import gevent
from locust import HttpUser, constant, task
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

DAY = json.loads(Path(os.environ["LOAD_DAY"]).read_text(encoding="utf-8"))
SECONDS = float(os.environ.get("LOAD_SECONDS", "300"))
CSRF = "loadtestloadtestloadtestloadtest"  # a CSRF secret of the client's choosing: cookie and field agree
POLLED = {"my-table": re.compile(r'id="my-table"[^>]*hx-get="([^"]+)"'),
          "standings": re.compile(r'id="standings-status"[^>]*hx-get="([^"]+)"')}
SEEN = re.compile(r'name="seen" value="(\w+)"')
STARTED = time.monotonic()
DAY_PATH = f"/events/{DAY['event']}/day/"
STANDINGS_PATH = f"/events/{DAY['event']}/standings/"
# Each table's result comes at a moment of its own: from 20 s in to 40 s before the end, in a random order.
_order = list(range(len(DAY["tables"])))
random.Random(39).shuffle(_order)
MOMENTS = {DAY["tables"][i]["pk"]: 20 + (SECONDS - 60) * n / max(1, len(_order) - 1) for n, i in enumerate(_order)}
SEATS = iter([(table, side) for table in DAY["tables"] for side in ("first", "second") if table[side]])
ADDRESSES = itertools.count(1)


def polled(text: str, name: str) -> str | None:
    found = POLLED[name].search(text)
    return found.group(1).replace("&amp;", "&") if found else None


class Person(HttpUser):
    abstract = True

    def come_in(self, session: str | None) -> None:
        # A GET on a kept-alive connection that the site closed as it idled (5 s: the organiser's reloads meet
        # it) is sent again on a new one, as browsers do; a POST never is (the form keeps it instead).
        self.client.mount("http://", HTTPAdapter(max_retries=Retry(total=1, allowed_methods={"GET"},
                                                                   status_forcelist=())))
        n = next(ADDRESSES)
        # Each from an address of its own, as the proxy in front appends it (TRUSTED_PROXIES=127.0.0.1).
        self.client.headers["X-Forwarded-For"] = f"10.39.{n // 250}.{n % 250 + 1}"
        if session:
            self.client.cookies.set("sessionid", session)
        self.client.cookies.set("csrftoken", CSRF)

    def get(self, path: str, name: str, headers: dict | None = None):
        with self.client.get(path, name=name, headers=headers or {}, catch_response=True) as response:
            if response.status_code not in (200, 204):
                response.failure(f"HTTP {response.status_code}")
            return response

    def post(self, path: str, name: str, data: dict) -> bool:
        """A form sent as the browser sends it; True when the site took it (302 back to the day page, then
        that page, as the browser follows)."""
        with self.client.post(path, data={**data, "csrfmiddlewaretoken": CSRF}, name=name,
                              allow_redirects=False, catch_response=True) as response:
            if response.status_code != 302:
                response.failure(f"HTTP {response.status_code}: kept by the form, sent again")
                return False
        self.get(DAY_PATH, "player: the day page after sending")
        return True


class Player(Person):
    weight = 300
    wait_time = constant(10)

    def on_start(self) -> None:
        table, self.side = next(SEATS)
        self.table, self.moment = table["pk"], MOMENTS[table["pk"]]
        self.come_in(table[self.side])
        self.sent = self.done = False
        gevent.sleep(random.uniform(0, 10))  # the players' phones do not poll in step
        self.poll = polled(self.get(DAY_PATH, "player: the day page").text, "my-table")

    @task
    def step(self) -> None:
        if self.done:
            gevent.sleep(SECONDS)
            return
        if self.poll is None:  # the day page did not come (a busy site): opened again, as a person would
            self.poll = polled(self.get(DAY_PATH, "player: the day page").text, "my-table")
            return
        if self.side == "first" and not self.sent and time.monotonic() - STARTED >= self.moment:
            self.sent = self.post(f"/events/{DAY['event']}/day/tables/{self.table}/result/",
                                  "player: send the result", {"said": "win", "mine": "350", "theirs": "120"})
            return
        response = self.get(self.poll, "player: table poll",
                            {"HX-Request": "true", "HX-Target": "my-table", "HX-Current-URL": DAY_PATH})
        if response.status_code != 200:
            return
        self.poll = polled(response.text, "my-table")
        if self.poll is None:  # confirmed: the fragment polls no more
            self.done = True
            return
        if self.side == "second" and (seen := SEEN.search(response.text)):
            self.done = self.post(f"/events/{DAY['event']}/day/tables/{self.table}/confirm/",
                                  "player: confirm the result", {"seen": seen.group(1)})


class Spectator(Person):
    weight = 20
    wait_time = constant(10)

    def on_start(self) -> None:
        self.come_in(None)
        gevent.sleep(random.uniform(0, 10))
        self.poll = polled(self.get(STANDINGS_PATH, "spectator: the standings page").text, "standings")

    @task
    def step(self) -> None:
        if self.poll is None:
            self.poll = polled(self.get(STANDINGS_PATH, "spectator: the standings page").text, "standings")
            return
        response = self.get(self.poll, "spectator: standings poll", {"HX-Request": "true", "HX-Target": "standings"})
        if response.status_code == 200:
            self.poll = polled(response.text, "standings")


class Organiser(Person):
    fixed_count = 1
    wait_time = constant(5)

    def on_start(self) -> None:
        self.come_in(DAY["organiser"])

    @task
    def step(self) -> None:
        self.get(DAY_PATH, "organiser: the day page")
