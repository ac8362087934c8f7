"""Published events played by the same people, through the events' and the tournament day's services."""
from __future__ import annotations

import copy
import datetime as dt
import random

import pytest

from armylists.events import services
from armylists.events.models import Event
from armylists.tournament import day, results
from tests.tournament import conftest as tournament

LEGAL = tournament.LEGAL
clock, library, organiser, stranger, make_event = (tournament.clock, tournament.library, tournament.organiser,
                                                   tournament.stranger, tournament.make_event)


@pytest.fixture
def people(django_user_model):
    """Twelve accounts that play across events."""
    return [django_user_model.objects.create_user(f"person{i}") for i in range(12)]


def play(event: Event, organiser, outcomes: list[tuple[str, int, int]]) -> None:
    """One round paired and played: each table's (winner, first's, second's destruction points) in order."""
    round_ = day.pair_next_round(event=event, by=organiser, seed=7)
    for table, (winner, d1, d2) in zip(round_.tables.filter(second__isnull=False).select_related("first", "second"),
                                       outcomes, strict=False):
        who = {"first": table.first, "second": table.second, "tie": None}[winner]
        results.organiser_result(table=table, winner=who, first_destruction=d1, second_destruction=d2, by=organiser)


@pytest.fixture
def played(make_event, organiser, clock):
    """An event of the given people (each named as `names` says, else by their username capitalised), played
    for `rounds` rounds with the results `rng` draws (every table a win of its first player by default),
    `drop` players dropped after round 1, then published unless `publish` is false."""
    days = iter(range(1, 1000))

    def played_(people, *, rounds: int = 2, rng: random.Random | None = None, drop=(), names=None,
                publish: bool = True, name: str | None = None, starts: dt.datetime | None = None, **fields) -> Event:
        number = next(days)
        starts = starts or dt.datetime(2026, 6, 13, tzinfo=dt.UTC) + dt.timedelta(days=number)
        event = make_event(name=name or f"Round-up {number}", starts_at=starts, deadline=starts, **fields)
        by_user = {}
        for person in people:
            shown = (names or {}).get(person, person.username.capitalize())
            player = services.join_event(event=event, user=person, display_name=shown)
            services.submit(player=player, data=copy.deepcopy(LEGAL))
            by_user[person] = player
        event = services.change_state(event=event, to=Event.State.LOCKED, by=organiser)
        for number in range(1, rounds + 1):
            tables = len(people) // 2
            outcomes = [(rng.choice(["first", "second", "tie"]), rng.randrange(0, 3) * 100, rng.randrange(0, 3) * 100)
                        if rng else ("first", 100, 0) for _ in range(tables)]
            play(event, organiser, outcomes)
            if number == 1:
                for person in drop:
                    day.drop_player(event=event, player=by_user[person], by=organiser)
        if publish:
            event = services.change_state(event=event, to=Event.State.PUBLISHED, by=organiser)
        return event
    return played_


@pytest.fixture
def client_for():
    return tournament.client_for
