"""The events' fixtures, and a locked event whose players have all submitted, ready for its first round."""
from __future__ import annotations

import copy
import itertools

import pytest

from armylists.events import services
from armylists.events.models import Event
from tests.events import conftest as events

# The events' fixtures, for these tests too.
ILLEGAL, LEGAL, client_for = events.ILLEGAL, events.LEGAL, events.client_for
clock, library, organiser, players, stranger = events.clock, events.library, events.organiser, events.players, \
    events.stranger
make_event, event, joined, army_list = events.make_event, events.event, events.joined, events.army_list

USERS = itertools.count()
NAMES = ("Ada", "Bram", "Cleo", "Dov", "Eve", "Finn", "Gus", "Hal")


@pytest.fixture
def ready(make_event, organiser, django_user_model):
    """A locked event of `n` players (8 by default), each with a submitted list (one illegal: still paired)."""
    def ready_(n: int = 8) -> Event:
        event = make_event()
        for i in range(n):
            name = NAMES[i] if i < len(NAMES) else f"Player {i + 1}"
            user = django_user_model.objects.create_user(f"player{next(USERS)}")
            player = services.join_event(event=event, user=user, display_name=name)
            services.submit(player=player, data=copy.deepcopy(ILLEGAL if i == 1 else LEGAL))
        return services.change_state(event=event, to=Event.State.LOCKED, by=organiser)
    return ready_
