"""The load test's people, made in the site's database before the run (tests/load/run.py does it).

    python manage.py shell -c "from tests.load.people import make; make(players=50, entrants=80)"

It prints, as JSON, what tests/load/locustfile.py needs: each player's list,
units and logged-in session, the organiser's session and event, and the
attacker's world; and what tests/load/run.py's login rush needs: players with
a password. Sessions are made here, so no password hashing happens during the
run but the rush's logins, which are there to hash. Every person, list and
event here is a sample.
"""
from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.sessions.backends.db import SessionStore
from django.utils import timezone

from armylists.builder import services as builder
from armylists.builder.views.transfer import file_response
from armylists.campaigns import services as campaigns
from armylists.campaigns.demo import SLUG as DEMO_CAMPAIGN
from armylists.campaigns.models import Action, Campaign
from armylists.events import services as events
from armylists.events.models import Event
from armylists.tournament import day
from factions.models import Faction

GAME, FACTION = "aof-regiments", "human-empire"
DEMO = Path(settings.BASE_DIR) / "factions" / "data" / "demo"
# The AoF Regiments lists of the demo event (armylists/events/demo.py): legal, illegal, at the limit.
SUBMITTED = ["lists/aof-regiments-legal.json", "lists/aof-regiments-illegal.json", "event/cleo-v1.json",
             "event/cleo-v2.json", "event/dov.json", "event/eve.json", "event/finn.json"]
EVENT_SETTINGS = {"points_limit": 1500, "force_organisation": True}
RUSH_PASSWORD = "load-rush-password-1500"  # a sample's


def session_of(user) -> str:
    """A logged-in session for `user`, as the login form would make it."""
    session = SessionStore()
    session.update({SESSION_KEY: str(user.pk), HASH_SESSION_KEY: user.get_session_auth_hash(),
                    BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend"})
    session.create()
    return session.session_key


def make_players(count: int, faction: Faction) -> list:
    """One player per simulated user, each with an empty list of `faction` to build."""
    units = list(faction.units.order_by("position").values_list("slug", flat=True))
    players = []
    for n in range(count):
        user = get_user_model().objects.create(username=f"player{n}")
        army_list = builder.create_list(owner=user, name=f"Deadline list {n}", game=faction.game, faction=faction,
                                        settings={"points_limit": 2000, "force_organisation": True})
        players.append((user, {"list": army_list.pk, "session": session_of(user), "units": units,
                               "faction": faction.slug}))
    return players


def make_event(entrants: list, faction: Faction, organiser=None, name: str = "Load test muster") -> dict:
    """An event open for submissions until tomorrow evening, each entrant's list submitted (the demo event's
    lists in turn), and its organiser; re-checking is open to organisers in every state."""
    organiser = organiser or get_user_model().objects.create(username="organiser")
    tomorrow = timezone.now() + dt.timedelta(days=1)
    event = events.create_event(creator=organiser, name=f"{name} (sample event)", game=faction.game,
                                time_zone="Europe/London", starts_at=tomorrow + dt.timedelta(days=1),
                                deadline=tomorrow, settings=EVENT_SETTINGS)
    events.change_state(event=event, to=event.State.OPEN, by=organiser)
    for n, user in enumerate(entrants):
        player = events.join_event(event=event, user=user, display_name=f"Entrant {n} (sample player)")
        document = json.loads((DEMO / SUBMITTED[n % len(SUBMITTED)]).read_text(encoding="utf-8"))
        events.submit(player=player, data=document)
    return {"session": session_of(organiser), "event": event.slug, "entrants": len(entrants)}


def shared_long_list(owner, faction: Faction, entries: int) -> dict:
    """A shared list of `entries` entries (the most a list may have: docs/checking.md): its share token, and its
    list file as a download gives it (what the flood sends to /api/check)."""
    units = list(faction.units.order_by("position").values_list("slug", flat=True))
    document = {"format": "armylists/list@1", "game": GAME, "faction": faction.slug, "name": "Long (sample)",
                "points_limit": 2000, "entries": [{"id": f"e{n}", "unit": units[n % len(units)]}
                                                  for n in range(entries)]}
    army_list = builder.set_sharing(army_list=builder.import_list(owner=owner, data=document), shared=True)
    return {"token": army_list.share_token, "file": file_response(army_list).content.decode()}


def long_campaign(actions: int) -> dict:
    """The demo campaign grown to `actions` actions by its game master: the same note, again and again
    (copies of one action row, summary included, as the web would have made them)."""
    campaign = Campaign.objects.get(slug=DEMO_CAMPAIGN)
    game_master = campaign.game_master
    campaigns.perform(campaign=campaign, actor=game_master, kind="set-notes",
                      data={"army": "a1", "unit": "u1", "notes": "Held the ford (sample note)."})
    last = Action.objects.filter(campaign=campaign).order_by("-number").first()
    Action.objects.bulk_create(Action(campaign=campaign, number=n, kind=last.kind, army=last.army, actor=game_master,
                                      payload=last.payload, rolls=last.rolls, choices=last.choices, at=last.at,
                                      summary=last.summary)
                               for n in range(last.number + 1, actions + 1))
    return {"session": session_of(game_master), "campaign": campaign.slug, "army": "a1", "unit": "u1"}


def make_attacker(faction: Faction, entrants: list, entries: int, actions: int) -> dict:
    """Everything the attacker uses: a long shared list, a long campaign it is a member of, and an event
    of its own with lists submitted, whose judges' pack it asks for in a loop."""
    attacker = get_user_model().objects.create(username="attacker")
    event = make_event(entrants, faction, organiser=attacker, name="Attacker's muster")
    return {**shared_long_list(attacker, faction, entries), "event": event["event"], "session": event["session"],
            "campaign": long_campaign(actions)}


def make_rushers(count: int) -> dict:
    """`count` players with a password and no session, for the login rush: the password hashed once for all
    (each login verifies it all the same, as tests/bench_logins.py makes its players)."""
    stored = make_password(RUSH_PASSWORD)
    users = get_user_model().objects.bulk_create(get_user_model()(username=f"rusher{n}", password=stored)
                                                 for n in range(count))
    return {"usernames": [user.username for user in users], "password": RUSH_PASSWORD}


def make(players: int, entrants: int, entries: int = 1000, actions: int = 5000, rushers: int = 20) -> None:
    """`players` players building lists; an event with `entrants` submitted lists (the players first, then
    people who only submitted), and its organiser; the attacker's world (`make_attacker`); `rushers` players
    who log in during the run."""
    faction = Faction.objects.get(game__slug=GAME, slug=FACTION)
    building = make_players(players, faction)
    others = [get_user_model().objects.create(username=f"entrant{n}") for n in range(max(0, entrants - players))]
    entering = [user for user, _ in building][:entrants] + others
    print(json.dumps({"players": [player for _, player in building],
                      "organiser": make_event(entering, faction),
                      "attacker": make_attacker(faction, entering[:20], entries, actions),
                      "rushers": make_rushers(rushers)}))


def make_day(players: int, spectators: int) -> None:
    """The event day of tests/load/rush.py: an event of `players` players with their lists submitted, locked,
    published (its standings public, as spectators read them) and round 1 paired; a logged-in session for each
    player and for the organiser. Prints, as JSON, what tests/load/eventday.py needs."""
    faction = Faction.objects.get(game__slug=GAME, slug=FACTION)
    users = [get_user_model().objects.create(username=f"day-player{n}") for n in range(players)]
    made = make_event(users, faction, name="Event day")
    event = Event.objects.get(slug=made["event"])
    organiser = event.organisers.get().user
    events.change_state(event=event, to=Event.State.LOCKED, by=organiser)
    event = events.change_state(event=event, to=Event.State.PUBLISHED, by=organiser)
    tables = day.pair_next_round(event=event, by=organiser, seed=1).tables.select_related("first", "second")
    sessions = {user.pk: session_of(user) for user in users}
    print(json.dumps({
        "event": event.slug, "organiser": made["session"], "spectators": spectators,
        "tables": [{"pk": t.pk, "first": sessions[t.first.user_id],
                    "second": sessions[t.second.user_id] if t.second_id else None} for t in tables]}))
