"""Benchmark a campaign's replay, its import, its pages and its downloads.

A long campaign (6 armies, missions each with random events, post-battles,
upgrades and recruits) is played through the rules engine, then replayed; the
same play at some 500 and some 5,000 actions is written as campaign files,
imported into a scratch database, and the campaign page of the long one opened.
Then a play of some 20,000 actions (armies of at most 12 units) is imported,
and its campaign page, an army page, the whole log and the campaign file are
asked for, and the game master undoes an action before the last (the log
replayed with the undo).

Run by hand (pytest does not collect it), on SQLite or on PostgreSQL:

    .venv/bin/python tests/bench_campaign.py
    bash .ci/with-postgres .venv/bin/python tests/bench_campaign.py --postgres

Targets on a 2-core machine: a 10-mission, 6-army campaign (some 500 actions)
replays in under 50 ms; importing the 5,000-action file takes at most 12 times
the 500-action one (linear, not quadratic); the campaign page of the
5,000-action campaign answers in under 300 ms (it reads the state's snapshot);
at 20,000 actions each of those four answers, body included, in under 1 s on
either database, half the request time limit (settings.REQUEST_TIME_LIMIT_S).
"""
from __future__ import annotations

import contextlib
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from armylists.rules.campaign import Dice, Refused, Stored, apply, new_campaign, replay, unit_value  # noqa: E402
from armylists.rules.campaign.actions import (  # noqa: E402
    BuyUpgrade,
    Fielded,
    NewUnit,
    PostBattle,
    RandomEvent,
    RecordResult,
    Recruit,
    SellUpgrade,
    StartArmy,
    StartMission,
    UnitResult,
)
from armylists.rules.campaign.model import MissionState  # noqa: E402
from tests.rules.campaign_support import CAMPAIGN, INFANTRY, PARAMS, FirstChoice, starting_roster  # noqa: E402

ARMIES = 6
MISSIONS = 10
LONG_MISSIONS = 965  # some 20,000 actions
LONG_TARGET = "under 1 s (half the request time limit)"


def long_campaign(missions: int = MISSIONS, army_size: int | None = None):
    """The play and its log. After each mission every army buys and sells a sergeant and recruits a unit
    (only while it has fewer than `army_size` units, when given)."""
    start = new_campaign(game="aof-regiments", game_master="gm", params=PARAMS, kind="endless")
    faces = itertools.count()
    state, log = start, []

    def do(action, actor="gm"):
        nonlocal state
        dice = Dice({}, fallback=lambda sides: next(faces) % sides + 1)
        outcome = apply(state, action, rules=CAMPAIGN, actor=actor, dice=dice, choices=FirstChoice())
        state = outcome.state
        log.append(Stored(action, actor, outcome.rolls, outcome.choices))

    for n in range(1, ARMIES + 1):
        do(StartArmy(f"a{n}", f"player{n}", f"Army {n}", "human-empire", starting_roster()))
    for mission in range(1, missions + 1):
        armies = list(state.armies.values())
        # Each army fields its two cheapest units, so a long campaign stays within the difference cap.
        do(StartMission(tuple(Fielded(a.key, tuple(sorted(
            (u.key for u in a.active_units()), key=lambda k, a=a: unit_value(a.units[k], PARAMS))[:2]))
            for a in armies)))
        with contextlib.suppress(Refused):  # an event that needs more than one unit is not recorded here
            do(RandomEvent(mission, round=1, army="a1", units=state.missions[-1].fielded["a1"][:1]))
        do(RecordResult(mission, f"a{mission % ARMIES + 1}"))
        for army in armies:
            fielded = state.missions[-1].fielded[army.key]
            do(PostBattle(mission, army.key, True, tuple(UnitResult(u, casualty=i == 0, killed_units=1)
                                                         for i, u in enumerate(fielded))))
            for action in between_missions(state.armies[army.key], mission, army_size):
                with contextlib.suppress(Refused):  # a refused purchase is part of a real campaign too
                    do(action)
    return start, log


def between_missions(army, mission: int, army_size: int | None) -> list:
    unit = next(iter(sorted(u.key for u in army.active_units())))
    trading = [BuyUpgrade(army.key, unit, "sergeant"), SellUpgrade(army.key, unit, "sergeant")]
    if army_size is not None and len(list(army.active_units())) >= army_size:
        return trading
    return [*trading, Recruit(army.key, NewUnit(f"Recruit {mission}", INFANTRY))]


def campaign_file(log: list, slug: str) -> dict:
    from armylists.rules.campaign.data import to_data

    players = [f"player{n}" for n in range(1, ARMIES + 1)]
    return {"format": "armylists/campaign@1", "slug": slug, "name": slug, "game": "aof-regiments",
            "kind": "endless", "game_master": "gm", "members": ["gm", *players],
            "actions": [{"kind": r.action.kind, "actor": r.actor, "at": "2025-05-17T14:30:00+00:00",
                         "data": to_data(r.action), "rolls": r.rolls, "choices": r.choices} for r in log]}


def setup_database(directory: Path) -> None:
    """A scratch SQLite database; with --postgres, the PostgreSQL one .ci/with-postgres made for the run."""
    if "--postgres" not in sys.argv:
        os.environ["DATABASE_URL"] = f"sqlite:///{directory / 'bench.sqlite3'}"
    elif not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("--postgres: run it through bash .ci/with-postgres, which makes the database")
    os.environ.update(DJANGO_SETTINGS_MODULE="armylists.settings", ALLOWED_HOSTS="testserver")
    for command in (["migrate", "-v0"], ["seed_demo", "-v0"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, check=True, capture_output=True)
    import django

    django.setup()
    from django.db import connection

    print(f"database: {connection.vendor}")


def write_and_import(directory: Path, log: list, slug: str) -> float:
    from armylists.boundary.jsonfile import read_json
    from armylists.campaigns.fileformat import MAX_FILE_BYTES
    from armylists.campaigns.transfer import import_campaign

    path = directory / f"{slug}.json"
    path.write_text(json.dumps(campaign_file(log, slug)))
    began = time.perf_counter()
    # The sample units are priced for the engine tests, not as the demo library sells them.
    import_campaign(read_json(path, MAX_FILE_BYTES), house_rules=True)
    seconds = time.perf_counter() - began
    print(f"import of {len(log)} actions ({path.stat().st_size / 1e6:.1f} MB): {seconds:.2f} s")
    return seconds


def timed_get(client, url: str, what: str, target: str) -> None:
    times, cpu = [], []
    for _ in range(5):
        began, began_cpu = time.perf_counter(), time.process_time()
        response = client.get(url)  # its body is made in the view, so it is timed with it
        times.append(time.perf_counter() - began)
        cpu.append(time.process_time() - began_cpu)
        assert response.status_code == 200, response.status_code
    # CPU time too: on a shared machine the wall clock counts other processes' turns.
    print(f"{what} ({len(response.content) / 1000:,.0f} kB): median {statistics.median(times) * 1000:.0f} ms, "
          f"best {min(times) * 1000:.0f} ms, CPU median {statistics.median(cpu) * 1000:.0f} ms; target {target}")


def import_and_page(directory: Path) -> None:
    setup_database(directory)
    from django.contrib.auth import get_user_model
    from django.test import Client

    for name in ["gm", *(f"player{n}" for n in range(1, ARMIES + 1))]:
        get_user_model().objects.create_user(name)
    seconds = {missions: write_and_import(directory, long_campaign(missions)[1], f"bench-{missions}")
               for missions in (20, 200)}
    print(f"the long import takes {seconds[200] / seconds[20]:.1f} times the short one; target at most 12")
    client = Client()
    client.force_login(get_user_model().objects.get(username="gm"))
    client.get("/campaigns/bench-20/")  # the process's first page loads templates and code: not timed
    for missions in (20, 200):
        timed_get(client, f"/campaigns/bench-{missions}/", f"campaign page at {missions} missions", "under 300 ms")
    long_log(directory, client)


@contextlib.contextmanager
def closed_missions_shared():
    """Playing, `apply` copies the state for every action, every mission in it: a long play took minutes.
    A mission that is over is not changed again by this play, so here the copies share it; the import
    replays the log through the engine as it is."""
    clone = MissionState.clone
    with mock.patch.object(MissionState, "clone", lambda m: m if m.has_result and not m.open else clone(m)):
        yield


def long_log(directory: Path, client) -> None:
    """A campaign of some 20,000 actions (armies of at most 12 units): its pages, its whole log and its file,
    each answered, body included, within the request time limit (settings.REQUEST_TIME_LIMIT_S, 2 s)."""
    began = time.perf_counter()
    with closed_missions_shared():
        _, log = long_campaign(LONG_MISSIONS, army_size=12)
    print(f"{len(log)} actions played in {time.perf_counter() - began:.1f} s")
    write_and_import(directory, log, "bench-long")
    for what, page in (("campaign page", ""), ("army page", "armies/a1/"), ("whole log (text)", "log.txt"),
                       ("campaign file", "file/")):
        timed_get(client, f"/campaigns/bench-long/{page}", f"{what} at {len(log)} actions", LONG_TARGET)
    undo_earlier(client, len(log) - 2)


def undo_earlier(client, number: int) -> None:
    """The game master undoes an action before the last (docs/campaigns.md, "Corrections and undo"): the whole
    log is replayed with the undo, whether it is done or refused (a later action depending on it)."""
    from armylists.campaigns.models import Action

    undos = Action.objects.filter(campaign__slug="bench-long", kind="undo").count
    before, total = undos(), Action.objects.filter(campaign__slug="bench-long").count()
    began, began_cpu = time.perf_counter(), time.process_time()
    response = client.post("/campaigns/bench-long/undo/", {"number": number, "reason": "bench"})
    seconds, cpu = time.perf_counter() - began, time.process_time() - began_cpu
    assert response.status_code == 302, response.status_code
    said = "done" if undos() > before else "refused: a later action depends on it"
    print(f"undo of action {number} of {total} ({said}): {seconds * 1000:.0f} ms, CPU {cpu * 1000:.0f} ms; "
          f"target {LONG_TARGET}")


def main() -> None:
    start, log = long_campaign()
    times = []
    for _ in range(7):
        began = time.perf_counter()
        replay(start, log, rules=CAMPAIGN)
        times.append(time.perf_counter() - began)
    median = statistics.median(times) * 1000
    print(f"{len(log)} actions, {ARMIES} armies, {MISSIONS} missions: replay median {median:.1f} ms "
          f"({median * 1000 / len(log):.0f} µs an action); target under 50 ms")
    with tempfile.TemporaryDirectory() as directory:
        import_and_page(Path(directory))


if __name__ == "__main__":
    main()
