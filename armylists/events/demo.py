"""The demo event (`demo-event`): run by the demo user, with six sample players and their lists.

Every player and list here is a sample. Between them they show what an
organiser meets: a legal list, an illegal one (which also uses a banned
faction) with a note from the organiser, a list resubmitted with a change,
and a list at exactly the points limit, which any rise in the cost of one of
its units would make illegal when the event is re-checked. The event is left
locked, ready for its first round (docs/events.md, "The tournament day").
"""
from __future__ import annotations

import datetime as dt
from pathlib import Path
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from armylists.checking.listsources import list_sources
from factions.models import GameSystem

from . import services
from .models import Event

DEMO_EVENT = "demo-event"
DEMO = Path(settings.BASE_DIR) / "factions" / "data" / "demo"
ZONE = "Europe/London"
# (username, display name, list files submitted in turn; paths below factions/data/demo).
# Ada and Bram submit the example lists of the event's game, legal and illegal.
EXAMPLES = [
    ("demo-ada", "Ada (sample player)", "legal"),
    ("demo-bram", "Bram (sample player)", "illegal"),
]
PLAYERS = [
    ("demo-cleo", "Cleo (sample player)", ["event/cleo-v1.json", "event/cleo-v2.json"]),
    ("demo-dov", "Dov (sample player)", ["event/dov.json"]),
    ("demo-eve", "Eve (sample player)", ["event/eve.json"]),
    ("demo-finn", "Finn (sample player)", ["event/finn.json"]),
]
NOTE = ("Please fix: 5 heroes where 4 are allowed, 4 units of Skeletons where 3 are allowed, "
        "and the Rift Lord: Rift Daemons are banned at this event.")


def _at(days: int, hour: int) -> dt.datetime:
    """`hour` o'clock in the event's time zone, `days` from today there."""
    zone = ZoneInfo(ZONE)
    day = timezone.localdate(timezone=zone) + dt.timedelta(days=days)
    return dt.datetime.combine(day, dt.time(hour), tzinfo=zone)


def _read(relative: str):
    (source,) = list_sources([str(DEMO / relative)])
    return source.read()


@transaction.atomic
def seed_demo_event(organiser, password: str | None = None) -> Event:
    """The demo event, made once; running it again changes nothing. The sample players log in with `password`
    (the demo's), so a newcomer can try the players' side of the day; without one nobody logs in as them."""
    existing = Event.objects.filter(slug=DEMO_EVENT).first()
    if existing:
        return existing
    game = GameSystem.objects.get(slug=_read(PLAYERS[0][2][0])["game"])  # the game of the demo players' lists
    event = services.create_event(
        creator=organiser, slug=DEMO_EVENT, name="Demo Spring Muster (sample event)",
        game=game, time_zone=ZONE, venue="The Old Drill Hall (sample venue)",
        starts_at=_at(21, 10), deadline=_at(20, 18),
        # Force organisation for every list, as AoF Regiments' Tournament Guidelines require.
        settings={"points_limit": 1500, "force_organisation": True, "banned_factions": ["rift-daemons"]})
    services.change_state(event=event, to=Event.State.OPEN, by=organiser)
    examples = [(user, name, [f"lists/{game.slug}-{kind}.json"]) for user, name, kind in EXAMPLES]
    for username, display_name, files in examples + PLAYERS:
        user, created = get_user_model().objects.get_or_create(username=username)
        if created:
            user.set_password(password) if password else user.set_unusable_password()
            user.save()
        player = services.join_event(event=event, user=user, display_name=display_name)
        for relative in files:
            submission = services.submit(player=player, data=_read(relative))
        if not submission.legal:
            services.set_note(submission=submission, text=NOTE, by=organiser)
    # Locked by hand before its deadline, so that a new organiser can pair round 1 at once.
    return services.change_state(event=event, to=Event.State.LOCKED, by=organiser)


def summary(event: Event, organiser: str) -> str:
    """The line `seed_demo` and `seed_demo_event` print once the demo event is there."""
    return f"Event '{event.slug}' ({event.name}): organised by '{organiser}', {event.players.count()} players."
