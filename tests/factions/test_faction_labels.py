"""Two factions of one name, a sample one and an Army Forge book imported beside it, are told apart wherever
a faction is offered or named beside others: the New list menu, the library, an event's bans and its
dashboard's filter (factions/models.py, `Faction.label`)."""
from __future__ import annotations

import datetime as dt
import html

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from armylists.events import dashboard
from armylists.events import services as event_services
from armylists.events.eventsettings import ban_names
from factions.armyforge import read_army_forge
from factions.models import Faction, faction_labels
from tests.factories import demo, list_file, make_event, make_faction

from .armyforge_book import book

pytestmark = pytest.mark.django_db

SAMPLE, BOOK = "Human Empire (sample)", "Human Empire (Army Forge 3.5.2)"


@pytest.fixture
def game():
    game = make_faction(demo("aof-regiments"))
    read_army_forge(book(name="Human Empire"), "aof-regiments", "a test book").write()
    return game


def test_two_of_one_name_are_told_apart_by_where_each_came_from_and_the_others_keep_their_name(game):
    labels = faction_labels(game.factions.all())
    assert sorted(labels.values()) == sorted([SAMPLE, BOOK, "Cursed Dead (sample faction)",
                                             "Rift Daemons (sample faction)"])
    assert Faction.objects.get(game=game, slug="human-empire").label == SAMPLE


def test_the_new_list_menu_the_library_and_an_events_form_tell_them_apart(game, django_user_model):
    client = Client()
    client.force_login(django_user_model.objects.create_user("someone"))
    for address in (reverse("builder:list-create") + "?game=aof-regiments",
                    reverse("factions:game-detail", args=["aof-regiments"]),
                    reverse("events:create") + "?game=aof-regiments"):
        page = html.unescape(client.get(address).text)
        assert SAMPLE in page and BOOK in page, address


def test_an_events_bans_in_words_tell_them_apart(game):
    bans = ban_names(game, {"banned_factions": ["human-empire", "human-empire-army-forge"]})
    assert bans["factions"] == [SAMPLE, BOOK]


def test_an_events_dashboard_filter_tells_two_submitted_factions_of_one_name_apart(game, django_user_model):
    organiser = django_user_model.objects.create_user("olga")
    soon = timezone.now() + dt.timedelta(days=2)
    event = make_event(organiser, game, starts_at=soon, deadline=soon - dt.timedelta(days=1))
    for i, faction in enumerate(("human-empire", "human-empire-army-forge")):
        player = event_services.join_event(event=event, user=django_user_model.objects.create_user(f"p{i}"),
                                           display_name=f"Player {i}")
        event_services.submit(player=player, data=list_file(faction=faction, points_limit=1000))
    assert sorted(name for _, name in dashboard.table(event).factions) == [BOOK, SAMPLE]
