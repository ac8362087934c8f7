"""What an event takes in besides lists: display names (no invisible character, no lookalike of another
player's; docs/events.md, "Names") and dates the database and Python can hold, in the event's zone and in
UTC (armylists/events/dates.py). Each refusal is a sentence on its field, and nothing is written."""
from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from armylists.events import services
from armylists.events.models import Event, Player

from .conftest import client_for
from .test_flow import create_through_the_form

pytestmark = pytest.mark.django_db

LOOKALIKES = ["dеmo", "ᴅemo", "DEMO", "ｄｅｍｏ"]  # a Cyrillic е, a small capital ᴅ, a case, fullwidth
HIDDEN = ["de\u200bmo", "\u202eomed", "Bob\u200e", "\u3164"]  # zero-width space, overrides, a Hangul filler


@pytest.fixture
def demo(event, players):
    return services.join_event(event=event, user=players[0], display_name="demo")


@pytest.mark.parametrize("name", LOOKALIKES + HIDDEN)
def test_a_lookalike_or_invisible_display_name_is_refused_at_the_join_page_and_no_player_is_made(
        event, demo, players, name):
    response = client_for(players[1]).post(reverse("events:join", args=[event.invite_token]),
                                           {"display_name": name})
    assert response.status_code == 200
    said = response.context["form"].errors["display_name"][0]
    assert "too like “demo”" in said or "called" in said or "invisible or direction-control character" in said
    assert list(event.players.values_list("display_name", flat=True)) == ["demo"]


@pytest.mark.parametrize("name", LOOKALIKES + HIDDEN)
def test_renaming_to_a_lookalike_or_an_invisible_name_is_refused_and_the_name_kept(event, demo, players, name):
    bob = services.join_event(event=event, user=players[1], display_name="Bob")
    client_for(players[1]).post(reverse("events:player-rename", args=[event.slug]), {"display_name": name})
    bob.refresh_from_db()
    assert bob.display_name == "Bob"


def test_a_player_may_rename_themselves_to_a_lookalike_of_their_own_name(event, demo):
    assert services.rename_player(player=demo, display_name="Demo").display_name == "Demo"


def test_the_refusal_names_the_player_the_name_is_too_like(event, demo, players):
    with pytest.raises(services.Refused, match="“ᴅemo” is too like “demo”, the name of another player"):
        services.join_event(event=event, user=players[1], display_name="ᴅemo")


@pytest.mark.parametrize("name", ["Zoë", "Łukasz", "Ólafur", "Chloé", "山田太郎", "Ольга", "Дмитрий"])
def test_real_names_of_every_script_are_taken(event, demo, players, name):
    assert services.join_event(event=event, user=players[1], display_name=name).display_name == name


def test_a_late_player_invited_under_a_lookalike_name_is_refused_before_any_account_is_looked_up(
        make_event, organiser, players, stranger):
    event = make_event()
    services.join_event(event=event, user=players[0], display_name="demo")
    services.change_state(event=event, to=Event.State.LOCKED, by=organiser)
    for username in ("sam", "nobody-has-this-name"):  # the same answer, whoever has an account
        response = client_for(organiser).post(reverse("tournament:late", args=[event.slug]),
                                              {"username": username, "display_name": "dеmo"}, follow=True)
        said = [str(m) for m in response.context["messages"]]
        assert any("too like “demo”" in m for m in said), said
    assert not event.player_invitations.exists()


# Entered in Etc/GMT+12 (UTC−12), 9999-12-31 23:59 is 10000-01-01 11:59 UTC: PostgreSQL stores it, and Python
# cannot read it back.
PAST_PYTHON = {"time_zone": "Etc/GMT+12", "starts_at": "9999-12-31T23:59", "deadline": "9999-12-31T23:00"}


def test_an_event_whose_utc_date_python_cannot_hold_is_refused_on_its_fields_and_not_stored(library, organiser):
    response = create_through_the_form(organiser, **PAST_PYTHON)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert errors["starts_at"] == ["The date and time must be between the years 1900 and 2999, in the event's "
                                   "time zone and in UTC."]
    assert "submission deadline must be between" in errors["deadline"][0]
    assert not Event.objects.exists()
    assert client_for(organiser).get(reverse("events:index")).status_code == 200


@pytest.mark.parametrize(("zone", "moment"), [("Etc/GMT-14", "0001-01-01T00:00"), ("UTC", "1899-12-31T23:59"),
                                              ("UTC", "3000-01-01T00:00"), ("Etc/GMT+12", "2999-12-31T20:00")])
def test_dates_outside_1900_to_2999_here_or_in_utc_are_refused(library, organiser, zone, moment):
    response = create_through_the_form(organiser, time_zone=zone, starts_at=moment, deadline=moment)
    assert response.status_code == 200 and "between the years 1900 and 2999" in str(response.context["form"].errors)
    assert not Event.objects.exists()


def test_editing_an_event_to_such_a_date_is_refused_and_the_event_kept(event, organiser):
    before = (event.starts_at, event.deadline, event.time_zone)
    response = client_for(organiser).post(reverse("events:edit", args=[event.slug]), {
        "name": event.name, "venue": "", "set__points_limit": "1000", **PAST_PYTHON})
    assert response.status_code == 200 and "starts_at" in response.context["form"].errors
    event.refresh_from_db()
    assert (event.starts_at, event.deadline, event.time_zone) == before
    assert client_for(organiser).get(event.get_absolute_url()).status_code == 200


def test_the_services_refuse_such_a_date_too(library, organiser, event):
    far = dt.datetime(9999, 12, 31, 23, 59, tzinfo=ZoneInfo("Etc/GMT+12"))
    with pytest.raises(services.Refused, match="The date must be between the years 1900 and 2999"):
        services.create_event(creator=organiser, name="Far", game=library, starts_at=far, deadline=far,
                              time_zone="Etc/GMT+12")
    with pytest.raises(services.Refused, match="The deadline must be between"):
        services.update_event(event=event, deadline=far)
    assert Event.objects.count() == 1 and Player.objects.count() == 0


def test_the_edges_of_the_years_are_taken(library, organiser):
    response = create_through_the_form(organiser, time_zone="Pacific/Kiritimati", starts_at="2999-12-31T23:59",
                                       deadline="1900-01-02T00:00")
    assert response.status_code == 302
    event = Event.objects.get()
    assert client_for(organiser).get(event.get_absolute_url()).status_code == 200
