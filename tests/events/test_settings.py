"""An event's settings: the game's numbers beside each field; unknown and out-of-range settings refused.

docs/checking.md, Events (and docs/events.md, Settings): list settings replace the list's own, any number of
the game may be overridden by its name, and the bans exist only on events.
"""
from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from armylists.boundary.errors import BadInput
from armylists.events.eventsettings import check_settings, clean_settings, game_settings
from armylists.events.forms import EventForm
from armylists.events.models import Event
from factions.models import GameSystem

from .conftest import client_for

pytestmark = pytest.mark.django_db

FORM = {"name": "Autumn", "time_zone": "Europe/London", "starts_at": "2026-10-10T10:00",
        "deadline": "2026-10-09T20:00", "set__points_limit": "1500"}


def form(game, **data):
    return EventForm({**FORM, **data}, game=game)


def test_each_setting_shows_the_games_own_number(library):
    fields = form(library).fields
    assert fields["set__hero_per"].help_text == "Game: 375"
    assert fields["set__max_unit_percent"].help_text == "Game: 35"
    assert fields["set__heroes_may_join"].help_text == "Game: yes"
    assert fields["set__model_per"].help_text == "Game: none"
    assert fields["set__command_group_scope"].help_text == "Game: unit"
    assert "set__book" not in fields and "set__points_presets" not in fields


def test_a_list_of_budgets_is_one_field_of_comma_separated_numbers(db):
    battleground = GameSystem.objects.get(slug="battleground")
    assert EventForm(game=battleground).fields["set__usual_points_limits"].help_text == (
        "Game: 1500, 2000, 2500 (comma-separated)")
    valid = EventForm({**FORM, "set__usual_points_limits": "1000, 1250"}, game=battleground)
    assert valid.is_valid(), valid.errors
    assert valid.cleaned_data["settings"]["usual_points_limits"] == [1000, 1250]
    invalid = EventForm({**FORM, "set__usual_points_limits": "1000, lots"}, game=battleground)
    assert not invalid.is_valid() and invalid.errors["set__usual_points_limits"] == ["must be a whole number"]


def test_a_table_of_numbers_is_one_field_per_entry(db):
    dulce = GameSystem.objects.get(slug="dulce-bellum")
    fields = EventForm(game=dulce).fields
    assert fields["set__unlocks_required__rare"].help_text == "Game: 3"
    valid = EventForm({**FORM, "set__unlocks_required__rare": "4"}, game=dulce)
    assert valid.is_valid(), valid.errors
    assert valid.cleaned_data["settings"]["unlocks_required"] == {"common": 0, "irregular": 0, "uncommon": 2, "rare": 4}


def test_blank_settings_keep_the_games_numbers_and_the_lists_own_choices(library):
    valid = form(library)
    assert valid.is_valid(), valid.errors
    assert valid.cleaned_data["settings"] == {"points_limit": 1500}


@pytest.mark.parametrize("field, value, message", [
    ("set__hero_per", "0", "must be from 1 to 1,000,000"),
    ("set__max_unit_percent", "101", "must be from 0 to 100"),
    ("set__unit_per", "10000000", "must be from 1 to 1,000,000"),
    ("set__join_max_tough", "-1", "must be from 0 to 1,000,000"),
    ("set__points_limit", "0", "greater than or equal to 1"),
    ("set__points_limit", "1000001", "less than or equal to 1000000"),
])
def test_an_out_of_range_setting_is_refused_on_its_field(library, field, value, message):
    invalid = form(library, **{field: value})
    assert not invalid.is_valid()
    assert message in " ".join(invalid.errors[field])


def test_an_unknown_setting_is_refused_with_a_message(library):
    invalid = form(library, set__hero_pr="500")
    assert not invalid.is_valid()
    assert invalid.errors["__all__"] == ["“hero_pr” is not a setting of Age of Fantasy: Regiments."]


def test_a_setting_of_another_game_is_refused(db):
    battleground = GameSystem.objects.get(slug="battleground")
    invalid = EventForm({**FORM, "set__hero_per": "500"}, game=battleground)
    assert not invalid.is_valid() and "“hero_per” is not a setting" in invalid.errors["__all__"][0]


def test_nothing_is_saved_when_a_setting_is_refused(library, organiser):
    response = client_for(organiser).post(reverse("events:create"), {**FORM, "game": "aof-regiments",
                                                                    "set__hero_per": "0"})
    assert response.status_code == 200 and Event.objects.count() == 0
    assert "must be from 1 to 1,000,000" in response.content.decode()


@pytest.mark.parametrize("given, path, message", [
    ({"hero_pr": 500}, "hero_pr", "is not a setting of Age of Fantasy: Regiments"),
    ({"hero_per": "500"}, "hero_per", "must be a whole number"),
    ({"hero_per": True}, "hero_per", "must be a whole number"),
    ({"heroes_may_join": "no"}, "heroes_may_join", "must be true or false"),
    ({"command_group_scope": "legion"}, "command_group_scope", "must be one of unit, army"),
    ({"mixed_armies": "anything"}, "mixed_armies", "must be"),
    ({"command_cards": 2}, "command_cards", "is not a setting"),
    ({"banned_factions": ["elves"]}, "banned_factions[0]", "no faction 'elves' in Age of Fantasy: Regiments"),
    ({"banned_units": ["kingdom/dragons"]}, "banned_units[0]", "no unit 'dragons' in faction 'kingdom'"),
    ({"banned_units": ["kingdom"]}, "banned_units[0]", "no unit '' in faction 'kingdom'"),
    ({"banned_units": "kingdom/knights"}, "banned_units", "must be a list of at most 500 slugs"),
    ({"banned_factions": ["orcs"] * 501}, "banned_factions", "must be a list of at most 500 slugs"),
])
def test_the_settings_service_names_the_setting_it_refuses(library, given, path, message):
    with pytest.raises(BadInput) as refused:
        clean_settings(library, given)
    assert refused.value.path == path and message in refused.value.message


def test_a_points_limit_of_five_thousand_digits_is_refused_at_once(library):
    with pytest.raises(BadInput, match="points_limit"):
        clean_settings(library, {"points_limit": 10**5000})


def test_bans_are_stored_sorted_and_once(library):
    assert clean_settings(library, {"banned_units": ["orcs/boyz", "kingdom/giant", "orcs/boyz"]}) == {
        "banned_units": ["kingdom/giant", "orcs/boyz"]}


def test_every_game_offers_its_own_numbers(db):
    names = {g.slug: [s.name for s in game_settings(g)] for g in GameSystem.objects.all()}
    assert names["battleground"] == ["core_per", "elite_per", "command_card_cost", "mercenaries_allowed",
                                     "max_mercenary_factions", "usual_points_limits", "hand_limit"]
    assert "joined_hero_in_unit_cost" in names["aof-regiments"] and "default_mixed_armies" in names["aof-skirmish"]
    assert "max_copies" in names["diskwars"] and "granting_rarities" in names["dulce-bellum"]


def test_a_check_gets_the_games_numbers_with_the_events_on_top(library):
    settings = check_settings(library, {"hero_per": 500, "points_limit": 1000})
    assert settings["hero_per"] == 500 and settings["copies_per"] == 750 and settings["points_limit"] == 1000
    assert "book" not in settings and "points_presets" not in settings


def test_a_wall_clock_time_that_does_not_exist_in_the_events_time_zone_is_refused(library):
    """Clocks in London jump from 01:00 to 02:00 on 29 March 2026: 01:30 never happens there."""
    invalid = form(library, starts_at="2026-03-30T10:00", deadline="2026-03-29T01:30")
    assert not invalid.is_valid()
    assert "couldn’t be interpreted in time zone Europe/London" in invalid.errors["deadline"][0]
    valid = form(library, starts_at="2026-03-30T10:00", deadline="2026-03-29T01:30", time_zone="UTC")
    assert valid.is_valid(), valid.errors


def test_the_form_shows_an_events_dates_in_its_own_time_zone(make_event):
    event = make_event(time_zone="America/New_York", starts_at=dt.datetime(2026, 6, 13, 14, 0, tzinfo=dt.UTC),
                       deadline=dt.datetime(2026, 6, 12, 22, 0, tzinfo=dt.UTC))
    shown = EventForm(game=event.game, event=event)
    assert shown["deadline"].value() == dt.datetime(2026, 6, 12, 18, 0)  # 18:00 in New York (EDT)
    assert 'value="2026-06-12T18:00"' in str(shown["deadline"])
