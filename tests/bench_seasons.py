"""Benchmark a season's page: 2,000 players across 50 published events, from a warm cache and from a cold one.

Run by hand (pytest does not collect it):

    .venv/bin/python tests/bench_seasons.py [PLAYERS EVENTS]

Each event has a fifth of the season's players (so each plays about ten events), four rounds of random results
written in bulk, and is published. As deployed (a worker), it prints the time of the season page with nothing
in the cache (the page that waits while the worker reads the events' standings), of the worker's reading and
ranking, of the page from a warm cache (the median of 20), and after one event's result changed (that event's
standings read again within the request). Target (docs/events.md, "Seasons", "How fast"): the page of
2,000 players and 50 events under 200 ms from a warm cache.
"""
from __future__ import annotations

import datetime as dt
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_events import setup_database  # noqa: E402

PLAYERS, EVENTS, ROUNDS = 2_000, 50, 4


def make_events(players: int, events: int, rng: random.Random) -> list:
    """`events` published events of the same `players` accounts, written in bulk, with four rounds played."""
    from django.contrib.auth import get_user_model
    from django.forms.models import model_to_dict
    from django.utils import timezone

    from armylists.events import services
    from armylists.events.demo import DEMO_EVENT
    from armylists.events.models import Event, Player, Submission
    from armylists.tournament.models import Round, Table

    organiser = get_user_model().objects.get(username="demo")
    template = Submission.objects.filter(player__event__slug=DEMO_EVENT).first()
    fields = {k: v for k, v in model_to_dict(template).items() if k not in ("id", "player", "source_list")}
    users = get_user_model().objects.bulk_create(get_user_model()(username=f"season-{i}") for i in range(players))
    made, start = [], timezone.now() - dt.timedelta(days=2 * events)
    for number in range(events):
        event = services.create_event(creator=organiser, name=f"Round-up {number + 1}", game=template.player.event.game,
                                      time_zone="Europe/London", starts_at=start + dt.timedelta(days=2 * number),
                                      deadline=start + dt.timedelta(days=2 * number), settings={"points_limit": 1500})
        chosen = rng.sample(users, players // 5)
        people = Player.objects.bulk_create(Player(event=event, user=u, display_name=f"{u.username} ({number})")
                                            for u in chosen)
        Submission.objects.bulk_create(Submission(player=p, **fields) for p in people)
        for round_number in range(1, ROUNDS + 1):
            round_ = Round.objects.create(event=event, number=round_number, seed=round_number, paired_at=start)
            order = [p.pk for p in people]
            rng.shuffle(order)
            Table.objects.bulk_create(
                Table(round=round_, number=i // 2 + 1, first_id=order[i], second_id=order[i + 1], confirmed=True,
                      outcome=rng.choice(["first", "second", "tie"]), first_destruction=rng.randrange(0, 1500, 5),
                      second_destruction=rng.randrange(0, 1500, 5)) for i in range(0, len(order) - 1, 2))
        Event.objects.filter(pk=event.pk).update(state=Event.State.PUBLISHED)
        made.append(event)
    return made


def timed(client, url: str, status: int = 200) -> float:
    started = time.perf_counter()
    answer = client.get(url)
    took = time.perf_counter() - started
    assert answer.status_code == status, answer.status_code
    return took


def main() -> None:
    players, events = (int(a) for a in sys.argv[1:3]) if len(sys.argv) > 2 else (PLAYERS, EVENTS)
    os.environ["TASKS_WORKER"] = "true"  # as deployed: a season too large to read in a request waits for the worker
    with tempfile.TemporaryDirectory() as directory:
        setup_database(Path(directory))
        from django.contrib.auth import get_user_model
        from django.core.cache import cache
        from django.test import Client

        from armylists.seasons.read import season_standings
        from armylists.seasons.services import create_season
        from armylists.tournament.models import Table

        rng = random.Random(43)
        made = make_events(players, events, rng)
        organiser = get_user_model().objects.get(username="demo")
        season = create_season(creator=organiser, name="Bench league", events=made, best=8)
        season.published = True
        season.save()
        cache.clear()
        client, url = Client(), season.get_absolute_url()
        cold = timed(client, url, status=202)
        started = time.perf_counter()
        season_standings(season).lines  # noqa: B018 - what the worker's task does: read and rank into the cache
        worker = time.perf_counter() - started
        warm = statistics.median(timed(client, url) for _ in range(20))
        table = Table.objects.filter(round__event=made[-1]).first()
        table.outcome = "tie" if table.outcome != "tie" else "first"
        table.save()  # outside a transaction: the event's stamp is dropped at once
        changed = timed(client, url)
        lines = client.get(url).text.count('data-testid="season-line"')
        from armylists.seasons.read import event_lines
        started = time.perf_counter()
        event_lines(made[0])
        one = time.perf_counter() - started
        print(f"{lines:,} players, {events} events of {players // 5} players each, {ROUNDS} rounds:")
        print(f"  the season page from a cold cache: {cold * 1000:.0f} ms (202: the page that waits for the worker)")
        print(f"  the worker reading every event's standings and ranking the season: {worker * 1000:.0f} ms")
        print(f"  the season page from a warm cache: {warm * 1000:.1f} ms (median of 20; target under 200 ms)")
        print(f"  after one result changed: {changed * 1000:.0f} ms (that event's standings read again, "
              f"{one * 1000:.0f} ms, and the season ranked)")


if __name__ == "__main__":
    main()
