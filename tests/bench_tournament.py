"""Benchmark the tournament day: pairing a round and drawing the standings for 100, 1,000 and 5,000 players.

Run by hand (pytest does not collect it):

    .venv/bin/python tests/bench_tournament.py [PLAYERS ...]

For each size it pairs round 1 (random) and then three rounds by standing,
each after random results, and prints the time of each pairing (the service,
as the page's button and `pair_round` run it: queries, pairing and writing
the tables), of the standings (the two queries and the ranking, and the
whole page), of the wall sheets' PDFs (the request's answer, and the
rendering) and, at the first result of the day and half-way through rounds 1
and 4, of a standings poll from a page at the version before one result was
confirmed (its bytes and rows, and the server's time and CPU: docs/events.md,
"Polling"). Targets on a 2-core machine: pairing 1,000 players under 2 s,
their standings under 200 ms, every request under 2 s.
"""
from __future__ import annotations

import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_events import setup_database  # noqa: E402

SIZES = (100, 1_000, 5_000)


def make_event(players: int):
    """A locked event of `players` players, each with a copy of one frozen submission (written in bulk)."""
    import datetime as dt

    from django.contrib.auth import get_user_model
    from django.forms.models import model_to_dict
    from django.utils import timezone

    from armylists.events import services
    from armylists.events.demo import DEMO_EVENT
    from armylists.events.models import Event, Player, Submission

    organiser = get_user_model().objects.get(username="demo")
    now = timezone.now()
    template = Submission.objects.filter(player__event__slug=DEMO_EVENT).first()
    event = services.create_event(creator=organiser, name=f"Bench {players}", game=template.player.event.game,
                                  time_zone="Europe/London", starts_at=now + dt.timedelta(days=2),
                                  deadline=now + dt.timedelta(days=1), settings={"points_limit": 1500})
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"bench-{players}-{i}") for i in range(players))
    people = Player.objects.bulk_create(Player(event=event, user=u, display_name=f"Player {i:04}")
                                        for i, u in enumerate(users))
    fields = {k: v for k, v in model_to_dict(template).items() if k not in ("id", "player", "source_list")}
    Submission.objects.bulk_create(Submission(player=p, **fields) for p in people)
    services.change_state(event=event, to=Event.State.OPEN, by=organiser)
    return services.change_state(event=event, to=Event.State.LOCKED, by=organiser)


def play(round_, rng: random.Random, tables: list | None = None) -> None:
    """Random results for the round's tables (or `tables`), confirmed, written in bulk (not in the day's log)."""
    from armylists.tournament.models import Table

    tables = list(round_.tables.filter(second__isnull=False)) if tables is None else tables
    for t in tables:
        t.outcome = rng.choice(["first", "second", "tie"])
        t.first_destruction, t.second_destruction = rng.randrange(0, 1500, 5), rng.randrange(0, 1500, 5)
        t.confirmed = True
    Table.objects.bulk_update(tables, ["outcome", "first_destruction", "second_destruction", "confirmed"],
                              batch_size=500)


def standings_times(event, runs: int = 5) -> tuple[float, float]:
    from django.test import Client
    from django.urls import reverse

    from armylists.tournament.read import standings_of

    computed = []
    for _ in range(runs):
        started = time.perf_counter()
        standings_of(event)
        computed.append(time.perf_counter() - started)
    client = Client()
    client.force_login(event.created_by)
    url = reverse("tournament:standings", args=[event.slug])
    page = []
    for _ in range(3):
        started = time.perf_counter()
        assert client.get(url).status_code == 200
        page.append(time.perf_counter() - started)
    return statistics.median(computed), statistics.median(page)


def bench(players: int) -> None:
    from armylists.tournament.day import pair_next_round

    event = make_event(players)
    rng = random.Random(players)
    for number in range(1, 5):
        started = time.perf_counter()
        round_ = pair_next_round(event=event, by=None, seed=number)
        took = time.perf_counter() - started
        print(f"{players:>5} players: pairing round {number}: {took:.3f} s")
        if number == 1:
            poll_figures(event, round_, players, rng, played=0)
        if number in (1, 4):
            poll_figures(event, round_, players, rng, played=0.5)
        play(round_, rng)
    computed, page = standings_times(event)
    print(f"{players:>5} players: standings after 4 rounds: {computed * 1000:.0f} ms computed "
          f"(2 queries and the ranking), {page * 1000:.0f} ms the whole page")
    if players <= WALL_MAX:
        wall_times(event, players)


POLLED = re.compile(r'hx-get="([^"]*seen=[^"]*)"')
POLL_HEADERS = {"HX-Request": "true", "HX-Target": "standings"}


def poll_figures(event, round_, players: int, rng: random.Random, played: float, runs: int = 5) -> None:
    """With the `played` share of the round's tables confirmed, an organiser's standings page is opened; the
    next table sends its result and the other player confirms it; the page's poll then brings what changed: its
    bytes, rows, and the server's time and CPU (this process's: the test client answers in it)."""
    from django.test import Client
    from django.urls import reverse

    from armylists.tournament import results

    tables = list(round_.tables.filter(second__isnull=False).order_by("number"))
    rng.shuffle(tables)
    done = int(len(tables) * played)
    play(round_, rng, tables[:done])
    table = tables[done]
    client = Client()
    client.force_login(event.created_by)
    page = client.get(reverse("tournament:standings", args=[event.slug])).content.decode()
    address = POLLED.search(page).group(1).replace("&amp;", "&")
    results.enter(table=table, player=table.first, said="win", mine=300, theirs=120)
    results.confirm(table=table, player=table.second)
    walls, cpus = [], []
    for _ in range(runs):
        started, cpu = time.perf_counter(), time.process_time()
        answer = client.get(address, headers=POLL_HEADERS)
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
    rows = answer.content.count(b'data-testid="standing"')
    print(f"{players:>5} players: round {round_.number}, {done} tables confirmed, a standings poll after table "
          f"{table.number}'s result: "
          f"{len(answer.content) / 1024:.1f} KB, {rows} of {players} rows (the page: {len(page) / 1024:.1f} KB); "
          f"{statistics.median(walls) * 1000:.0f} ms, {statistics.median(cpus) * 1000:.0f} ms of CPU")


WALL_MAX = 1_000  # the wall sheets of larger events are not timed (their rendering takes a minute)


def wall_times(event, players: int) -> None:
    """The wall sheets as an organiser asks for them: the request's answer (rendered within it when short, else
    the waiting page, the worker rendering it), and the worker's rendering, each sheet, after 4 rounds."""
    from django.core.cache import cache
    from django.test import Client
    from django.urls import reverse

    from armylists.tournament.printable import wall_sheet

    client = Client()
    client.force_login(event.created_by)
    for name, kind, args in (("standings-pdf", "standings", []), ("round-pdf", "round", [4])):
        sheet = wall_sheet(event, kind, *args)
        cache.delete(sheet.key)
        started = time.perf_counter()
        answer = client.get(reverse(f"tournament:{name}", args=[event.slug, *args]))
        asked = time.perf_counter() - started
        started = time.perf_counter()
        pdf = sheet.render()
        rendered = time.perf_counter() - started
        print(f"{players:>5} players: {kind} PDF: the request answered {answer.status_code} in {asked * 1000:.0f} ms"
              f" (202: the waiting page); rendering {rendered:.2f} s, {len(pdf) // 1024} KB")


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or SIZES
    os.environ["TASKS_WORKER"] = "true"  # as deployed: a long sheet waits in the queue for the worker
    with tempfile.TemporaryDirectory() as directory:
        setup_database(Path(directory))
        for players in sizes:
            bench(players)


if __name__ == "__main__":
    main()
