"""A small seeded world for the fuzz tests (test_fuzz_*.py): every demo game, a list of each, a campaign with a
mission under way, an event with a submission and a finished judges' pack, a season of that event, and the
people who use them.

alice owns everything, so one account is allowed every URL that WHO says an owner may use: she owns the lists,
is the campaign's game master, both organises and plays in the event, and organises the season. bob is a
campaign member and the event's and the season's co-organiser; newcomer has joined nothing (joining needs
someone who has not joined yet).

`writes_recorded` records which tables a request writes (a refused request must write none);
`check_written` says that what an accepted request wrote is still readable by the same code that reads it back.
"""
from __future__ import annotations

import datetime as dt
import json
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from django.apps import apps
from django.contrib.auth.tokens import default_token_generator
from django.core.files.base import ContentFile
from django.db import connection
from django.db.models import CharField, JSONField, TextField
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from armylists.builder import services as builder_services
from armylists.builder.models import ArmyList
from armylists.campaigns import services as campaign_services
from armylists.campaigns.models import Campaign
from armylists.campaigns.snapshots import load_state
from armylists.checking.listfile import parse_list
from armylists.events import services as event_services
from armylists.events.eventsettings import clean_settings
from armylists.events.models import Event, Pack
from armylists.seasons import services as season_services
from factions.importer import import_file
from factions.models import GameSystem
from tests.campaigns.conftest import starting_units

DEMO = Path(__file__).resolve().parents[2] / "factions" / "data" / "demo"
PASSWORD = "pw-alice-fuzz-123"

# Rows that change whatever the input, by design: logins, sessions, django-axes' count of failed logins
# (a refused login is counted on purpose), the rate and cost limits' tallies (every request counts, a refused
# one too: armylists/ops/tallies.py), and the admin's own log.
UNWATCHED_APPS = {"sessions", "axes", "admin", "contenttypes", "ops"}
# A list's stored verdict is a cache of its check, and its page's shape a cache of its page, each refreshed when
# a page reads a list whose cache is stale.
CACHE_FIELDS = {("builder", "armylist"): {"verdict", "verdict_version", "verdict_data_version", "page_shape"}}


@dataclass
class World:
    users: dict
    lists: dict[str, int]  # game -> the pk of alice's list of it
    campaign: str  # slug
    event: str  # slug
    event_token: str
    campaign_token: str
    submission: int
    co_organiser: int  # bob's Organiser row
    pack: int
    season: str  # slug
    season_co_organiser: int  # bob's SeasonOrganiser row
    armies: dict[str, list[str]] = field(default_factory=dict)  # army key -> its units' keys
    sessions: dict[str, str] = field(default_factory=dict)  # who -> a session logged in as them (test_fuzz_forms)


def seed() -> World:
    for path in sorted(DEMO.glob("*.json")):
        import_file(path)
    from django.contrib.auth import get_user_model
    model = get_user_model()
    users = {"alice": model.objects.create_user("alice", email="alice@example.com", password=PASSWORD),
             "bob": model.objects.create_user("bob"), "newcomer": model.objects.create_user("newcomer")}
    alice, bob = users["alice"], users["bob"]
    lists = {}
    for path in sorted((DEMO / "lists").glob("*-legal.json")):
        army_list = builder_services.import_list(owner=alice, data=json.loads(path.read_text()))
        lists[army_list.game.slug] = army_list.pk

    aof = GameSystem.objects.get(slug="aof-regiments")
    campaign = campaign_services.create_campaign(name="Fuzz Wars", game=aof, game_master=alice, kind="game-limited",
                                                 length=7)
    campaign_services.join_campaign(campaign=campaign, user=bob, token=campaign.invite_token)
    for owner, prefix in ((alice, "Red "), (bob, "Blue ")):
        campaign_services.start_army(campaign=campaign, actor=owner, owner=owner, name=f"{prefix}Host",
                                     faction="human-empire", units=starting_units(aof, prefix))
    campaign_services.perform(campaign=campaign, actor=alice, kind="start-mission",
                              data={"fielded": [{"army": "a1", "units": ["u1", "u2"]},
                                                {"army": "a2", "units": ["u8", "u9"]}]},
                              entered={"a1/objective": [1], "a2/objective": [1]})
    armies = {key: sorted(army.units) for key, army in load_state(campaign).state.armies.items()}

    soon = timezone.now() + dt.timedelta(days=30)
    event = event_services.create_event(creator=alice, name="Fuzz Muster", game=aof, time_zone="Europe/London",
                                        starts_at=soon, deadline=soon - dt.timedelta(days=1),
                                        settings={"points_limit": 2000})
    event = event_services.change_state(event=event, to=Event.State.OPEN, by=alice)
    event_services.invite_organiser(event=event, username="bob", by=alice)
    event_services.answer_organiser_invitation(event=event, user=users["bob"], accept=True)
    co_organiser = event.organisers.get(user=users["bob"])
    player = event_services.join_event(event=event, user=alice, display_name="Alice")
    source = ArmyList.objects.get(pk=lists["aof-regiments"])
    submission = event_services.submit(player=player, data=source.document, source_list=source)
    pack = Pack.objects.create(event=event, requested_by=alice, status=Pack.Status.DONE,
                               pdf=ContentFile(b"%PDF-1.4 fuzz\n", "pack.pdf"))
    season = season_services.create_season(creator=alice, name="Fuzz Season", events=[event], game=aof)
    season_services.invite_organiser(season=season, username="bob", by=alice)
    season_services.answer_organiser_invitation(season=season, user=bob, accept=True)
    return World(users=users, lists=lists, campaign=campaign.slug, event=event.slug,
                 event_token=event.invite_token, campaign_token=campaign.invite_token, submission=submission.pk,
                 co_organiser=co_organiser.pk, pack=pack.pk, season=season.slug,
                 season_co_organiser=season.organisers.get(user=bob).pk, armies=armies)


def reset_link(user) -> tuple[str, str]:
    """The uidb64 and token of a password-reset link for `user` that works now."""
    return urlsafe_base64_encode(force_bytes(user.pk)), default_token_generator.make_token(user)


def _watched_models():
    return [m for m in apps.get_models() if m._meta.app_label not in UNWATCHED_APPS]


# The statements that write, and the table they write to (Django quotes table names on both databases).
WRITE = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"(\w+)"', re.IGNORECASE)
SET_COLUMNS = re.compile(r'"(\w+)"\s*=')


@dataclass
class Writes:
    """The watched models a request wrote to: recorded as its statements run, not found by reading every
    table before and after (which cost more than the request itself)."""

    models: set = field(default_factory=set)

    def __bool__(self) -> bool:
        return bool(self.models)

    def names(self) -> list[str]:
        return sorted(m._meta.label for m in self.models)


def _tables() -> dict[str, tuple]:
    """Each watched table's model, and the columns of its that are a cache (a write only to them is no write)."""
    tables = {}
    for model in _watched_models():
        skip = CACHE_FIELDS.get((model._meta.app_label, model._meta.model_name), set())
        tables[model._meta.db_table] = (model, {model._meta.get_field(name).column for name in skip})
    return tables


@contextmanager
def writes_recorded():
    """Records every INSERT, UPDATE and DELETE the code inside runs on a watched table and that changes a row
    (through Django's execute wrapper, so raw SQL and bulk updates are caught too); a statement that
    matches no row, or an UPDATE that sets only cache columns, is not a write."""
    tables, writes = _tables(), Writes()

    def record(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        match = WRITE.match(sql)
        if not match or match.group(1) not in tables:
            return result
        model, cache_columns = tables[match.group(1)]
        verb = sql.split(None, 1)[0].upper()
        # An INSERT's count of rows is not known before its RETURNING rows are read (SQLite): it always writes.
        if verb != "INSERT" and context["cursor"].rowcount == 0:
            return result
        if verb == "UPDATE" and cache_columns and set(SET_COLUMNS.findall(
                sql[match.end():].split(" WHERE ", 1)[0])) <= cache_columns:
            return result
        writes.models.add(model)
        return result

    with connection.execute_wrapper(record):
        yield writes


def _has_nul(value) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return any(_has_nul(v) for v in value)
    return False


def _fits_its_fields(model) -> None:
    """Every text within its field's max_length, and no NUL anywhere: PostgreSQL refuses both (a 500 there),
    though SQLite, which the suite runs on, stores them."""
    fields = [f for f in model._meta.concrete_fields if isinstance(f, (CharField, TextField, JSONField))]
    for row in model.objects.values_list("pk", *(f.attname for f in fields)):
        for column, value in zip(fields, row[1:], strict=True):
            where = f"{model._meta.label}.{column.name} of row {row[0]}"
            assert not _has_nul(value), f"{where} holds a NUL"
            if column.max_length and isinstance(value, str):
                assert len(value) <= column.max_length, f"{where} is {len(value)} long, over {column.max_length}"


def check_written(writes: Writes) -> None:
    """What was written reads back: every list is still a list file, every campaign's log replays, every
    event's settings are still the game's settings, and every value written fits its field. A half-written or
    out-of-bounds write fails here. Only the models written are read again."""
    for model in writes.models:
        _fits_its_fields(model)
    apps_written = {model._meta.app_label for model in writes.models}
    if "builder" in apps_written:
        for army_list in ArmyList.objects.all():
            parse_list(army_list.document)
    if "campaigns" in apps_written:
        for campaign in Campaign.objects.all():
            load_state(campaign)
    if apps_written & {"events", "tournament"}:
        for event in Event.objects.select_related("game"):
            assert clean_settings(event.game, event.settings) == event.settings, event.slug
