"""Benchmark an event of 200 submissions: the dashboard, re-checking all of them, and the judges' pack.

Run by hand (pytest does not collect it):

    .venv/bin/python tests/bench_events.py [PLAYERS]

It prints one figure a line. Targets on a 2-core machine: the dashboard's
queries do not grow with the number of players, and re-checking 200
submissions takes under 5 s.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "factions" / "data" / "demo"
LISTS = [DEMO / "lists" / "aof-regiments-legal.json", DEMO / "lists" / "aof-regiments-illegal.json",
         *sorted((DEMO / "event").glob("*.json"))]


def setup_database(directory: Path) -> None:
    os.environ.update(DATABASE_URL=f"sqlite:///{directory / 'bench.sqlite3'}",
                      DJANGO_SETTINGS_MODULE="armylists.settings", ALLOWED_HOSTS="testserver")
    for command in (["migrate", "-v0"], ["seed_demo", "-v0"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, check=True, capture_output=True)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def make_event(players: int):
    import datetime as dt

    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from armylists.events import services
    from armylists.events.models import Event
    from factions.models import GameSystem

    organiser = get_user_model().objects.get(username="demo")
    now = timezone.now()
    game = GameSystem.objects.get(slug="aof-regiments")
    event = services.create_event(creator=organiser, name=f"Bench {players}", game=game,
                                  time_zone="Europe/London", starts_at=now + dt.timedelta(days=2),
                                  deadline=now + dt.timedelta(days=1),
                                  settings={"points_limit": 1500, "force_organisation": True})
    services.change_state(event=event, to=Event.State.OPEN, by=organiser)
    documents = [json.loads(path.read_text()) for path in LISTS]
    started = time.perf_counter()
    for i in range(players):
        user, _ = get_user_model().objects.get_or_create(username=f"bench-{players}-{i}")
        player = services.join_event(event=event, user=user, display_name=f"Player {i:03}")
        services.submit(player=player, data=documents[i % len(documents)])
    return event, time.perf_counter() - started


def dashboard(event, runs: int = 5) -> tuple[int, float]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    client = Client()
    client.force_login(event.created_by)
    url = reverse("events:dashboard", args=[event.slug])
    client.get(url)
    times = []
    for _ in range(runs):
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            assert client.get(url).status_code == 200
            times.append(time.perf_counter() - started)
    return len(queries), statistics.median(times)


def recheck(event, runs: int = 3) -> float:
    from armylists.events.recheck import recheck_event

    times = []
    for _ in range(runs):
        started = time.perf_counter()
        results = recheck_event(event)
        times.append(time.perf_counter() - started)
    assert len(results) == event.players.count()
    return statistics.median(times)


def pack(event) -> tuple[float, int]:
    from armylists.events.models import Pack
    from armylists.events.pack import run_pack

    row = Pack.objects.create(event=event, requested_by=event.created_by)
    started = time.perf_counter()
    run_pack(row.pk)
    elapsed = time.perf_counter() - started
    row.refresh_from_db()
    assert row.status == Pack.Status.DONE and row.done == row.total
    return elapsed, len(bytes(row.pdf))


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    with tempfile.TemporaryDirectory() as tmp:
        setup_database(Path(tmp))
        small, _ = make_event(20)
        event, submitting = make_event(players)
        few_queries, _ = dashboard(small)
        queries, seconds = dashboard(event)
        print(f"submit {players} lists (freeze and check each): {submitting:.2f} s")
        print(f"dashboard queries: {queries} for {players} players, {few_queries} for 20")
        print(f"dashboard {players} players: {seconds * 1000:.0f} ms")
        print(f"recheck {players} submissions: {recheck(event):.2f} s")
        elapsed, size = pack(event)
        print(f"pdf pack {players} rosters: {elapsed:.1f} s ({size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
