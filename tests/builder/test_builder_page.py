"""The builder page: every change is an htmx POST answered with the roster alone; without
JavaScript the same forms post and redirect back."""
from __future__ import annotations

import json

import pytest
from django.urls import reverse

from armylists.builder.controls import entry_state
from armylists.builder.models import ArmyList
from armylists.games.registry import game_home

from .conftest import htmx

pytestmark = pytest.mark.django_db


def detail(army_list):
    return reverse("builder:list-detail", args=[army_list.pk])


def stored(army_list) -> dict:
    return ArmyList.objects.get(pk=army_list.pk).document


def test_the_page_shows_units_the_list_points_and_the_badge(alice, make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry", "options": ["spears"]}, points_limit=1000)
    page = alice.get(detail(army_list)).content.decode()
    for marker in ('id="unit-picker"', 'id="roster"', 'id="points-bar"', 'id="violations"', 'id="entry-e1"',
                   'data-testid="add-captain"', "Download list file"):
        assert marker in page
    assert '<strong data-testid="points">110</strong>' in page and ">1000<" in page
    assert "Legal" in page


def test_an_htmx_add_returns_the_summary_and_the_new_entry_only(alice, make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    response = htmx(alice, reverse("builder:list-entry-add", args=[army_list.pk]),
                    {"unit": "knights", "list_version": "1"})
    body = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in body and body.lstrip().startswith("<title>Test list · Muster</title>")
    # Infantrymen 100 + Knights 150 = 250
    assert '<strong data-testid="points">250</strong>' in body and 'id="list-summary"' in body
    assert '<div hx-swap-oob="afterend:#entry-e1"><article id="entry-e2"' in body
    assert 'id="entry-e1"' not in body and 'id="unit-picker"' not in body and 'id="entries"' not in body
    assert [e["unit"] for e in stored(army_list)["entries"]] == ["infantry", "knights"]


def test_an_htmx_edit_from_a_page_of_an_older_version_answers_the_whole_list(alice, make_list):
    """A stale tab (its page shows version 1 while the list is at 2) gets every entry again, and
    a notice of what changed in between."""
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    url = reverse("builder:list-entry-add", args=[army_list.pk])
    htmx(alice, url, {"unit": "knights", "list_version": "1"})
    body = htmx(alice, url, {"unit": "captain", "list_version": "1"}).content.decode()
    assert 'id="entries" hx-swap-oob="true"' in body and 'id="entry-e1"' in body
    assert 'data-testid="stale"' in body and "Added Knights" in body


def test_without_javascript_an_add_redirects_back_to_the_page(alice, make_list):
    army_list = make_list("aof-regiments")
    response = alice.post(reverse("builder:list-entry-add", args=[army_list.pk]), {"unit": "knights"})
    assert response.status_code == 302 and response["Location"] == detail(army_list) + "#entry-e1"
    assert alice.get(response["Location"]).status_code == 200


@pytest.mark.parametrize("size", [5, 40])
def test_adding_an_entry_runs_a_fixed_number_of_queries_whatever_the_list_size(
        alice, make_list, django_assert_max_num_queries, size):
    army_list = make_list("aof-regiments", *[{"unit": "infantry", "options": ["spears", "banner"]}] * size,
                          points_limit=20000)
    url = reverse("builder:list-entry-add", args=[army_list.pk])
    with django_assert_max_num_queries(15):
        response = htmx(alice, url, {"unit": "captain"})
    assert f'id="entry-e{size + 1}"' in response.content.decode()


@pytest.mark.parametrize("size", [5, 40])
def test_the_page_runs_a_fixed_number_of_queries_whatever_the_list_size(
        alice, make_list, django_assert_max_num_queries, size):
    army_list = make_list("aof-regiments", *[{"unit": "infantry"}] * size, points_limit=20000)
    with django_assert_max_num_queries(11):
        assert alice.get(detail(army_list)).status_code == 200


def post_entry(client, army_list, entry_id, **fields):
    """Post an entry form the way the page would, with `was` from the stored entry."""
    entry = next(e for e in stored(army_list)["entries"] if e["id"] == entry_id)
    was = entry_state(entry, game_home(army_list.game.slug).files.entry_fields)
    data = {"was": json.dumps(was), "name": entry.get("name", ""), **fields}
    return htmx(client, reverse("builder:list-entry-update", args=[army_list.pk, entry_id]), data)


def test_choosing_options_updates_the_entry_and_the_points(alice, make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    body = post_entry(alice, army_list, "e1", **{"group-weapons": "halberds", "option-banner": "on",
                                                 "option-veteran": "2", "combined": "on"}).content.decode()
    assert stored(army_list)["entries"][0]["options"] == ["halberds", "banner", "veteran", "veteran"]
    # Combined Infantrymen 2 × 100 + halberds for all 20 models 2 × 15 + one banner 5 + two veterans 2 × 5 = 245
    assert '<strong data-testid="points">245</strong>' in body


def forms(client, army_list, *entry_ids) -> str:
    """The entries' options forms, as the page fetches them when their panels open."""
    return "".join(client.get(reverse("builder:list-entry-form", args=[army_list.pk, i])).content.decode()
                   for i in entry_ids)


def test_the_form_offers_radios_for_pick_one_groups_checkboxes_and_counts(alice, make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"}, {"unit": "captain"})
    page = forms(alice, army_list, "e1", "e2")
    assert 'type="radio" id="entry-e1-group-weapons-halberds" name="group-weapons" value="halberds"' in page
    assert 'type="checkbox" id="entry-e1-option-banner" name="option-banner"' in page
    assert 'type="number" id="entry-e1-option-veteran" name="option-veteran"' in page
    assert 'name="joined_to"' in page and 'name="combined"' in page


def test_a_group_that_must_be_chosen_offers_no_none(alice, make_list):
    army_list = make_list("aof-regiments", {"unit": "levies", "options": ["bows"]}, {"unit": "infantry"})
    page = forms(alice, army_list, "e1", "e2")
    assert 'id="entry-e1-group-arms-none"' not in page and 'id="entry-e2-group-weapons-none"' in page
    assert "Arms (choose one)" in page


def test_joining_a_hero_to_a_unit(alice, make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"}, {"unit": "captain"})
    post_entry(alice, army_list, "e2", joined_to="e1")
    assert stored(army_list)["entries"][1] == {"id": "e2", "unit": "captain", "joined_to": "e1"}


def test_sizes_in_dulce_bellum(alice, make_list):
    army_list = make_list("dulce-bellum", {"unit": "militia", "size": "squad"}, {"unit": "runesmith", "size": "single"})
    post_entry(alice, army_list, "e1", size="company", **{"option-shields": "on"})
    entries = stored(army_list)["entries"]
    assert entries[0] == {"id": "e1", "unit": "militia", "size": "company", "options": ["shields"]}
    # Spells are picked from a grimoire: tests/builder/test_spells.py.


def test_diskwars_regiments_and_command_cards(alice, make_list):
    army_list = make_list("diskwars", {"unit": "general"}, {"unit": "swordsmen"})
    post_entry(alice, army_list, "e2", regiment="e1")
    body = htmx(alice, reverse("builder:list-command-cards", args=[army_list.pk]),
                {"cards": ["steady"], "was": "[]"}).content.decode()
    assert stored(army_list)["entries"][1]["regiment"] == "e1"
    assert stored(army_list)["command_cards"] == ["steady"]
    assert "Regiment of General" in body and "2 of 6 recruitment points used, 4 left" in body


def test_battleground_mercenaries_are_shown_apart(alice, make_list):
    army_list = make_list("battleground", {"unit": "militia"}, {"unit": "pikes", "faction": "freeblades"})
    page = alice.get(detail(army_list)).content.decode()
    assert "Mercenaries: Freeblades" in page and "Core units" in page


def test_a_violation_about_the_whole_list_is_shown_once_above_it_with_its_rule(alice, make_list):
    """Too many heroes (AoF Regiments, Force Organisation (Optional): "Only 1 hero per 375pts") is about
    the list: shown once, naming its entries, not repeated on each hero's card."""
    army_list = make_list("aof-regiments", {"unit": "captain"}, {"unit": "wizard"}, points_limit=375)
    page = alice.get(detail(army_list)).content.decode()
    assert page.count('data-code="too-many-heroes"') == 1 and 'href="#entry-e1"' in page
    assert "AoF Regiments" in page and 'data-testid="violation-rule"' in page
    assert 'class="entry card flagged' not in page and "Not legal" in page


def test_a_violation_of_one_entry_is_shown_on_that_entry_with_its_rule(alice, make_list):
    """A hero joins only a unit of several models (AoF Regiments, Special Rules Reference: Hero)."""
    army_list = make_list("aof-regiments", {"unit": "knights"}, {"unit": "captain"},
                          {"unit": "wizard", "joined_to": "e2"})
    page = alice.get(detail(army_list)).content.decode()
    assert 'data-code="invalid-join"' not in page, "not among the list-wide problems"
    assert 'data-testid="entry-flags"' in page and "a hero only joins a unit of several models" not in page
    assert "heroes only join units that are not heroes" in page and 'data-testid="entry-problems"' in page


def test_list_settings_change_the_limit_and_merge_with_other_settings(alice, make_list):
    army_list = make_list("aof-regiments", {"unit": "knights"}, points_limit=1500)
    was = json.dumps({"points_limit": 1500, "force_organisation": True, "mixed_armies": "free"})
    body = htmx(alice, reverse("builder:list-settings", args=[army_list.pk]),
                {"was": was, "points_limit": "100", "force_organisation": "on", "mixed_armies": "free"}).content
    assert stored(army_list)["points_limit"] == 100  # the 150-point Knights are over it
    assert b'data-code="points-over-limit"' in body


@pytest.mark.parametrize("url_name, data, message", [
    ("list-entry-add", {"unit": "dragon"}, "There is no unit “dragon” in Kingdom"),
    ("list-entry-add", {"unit": "infantry", "faction": "elves"}, "no faction “elves”"),
    ("list-entry-add", {"unit": "infantry", "size": "horde"}, "Infantrymen cannot be taken at size “horde”"),
    ("list-settings", {"points_limit": "lots"}, "Points limit: Enter a whole number."),
    ("list-command-cards", {"cards": ["steady"]}, "lists do not choose command cards by name."),
    ("list-entry-update", {"option-veteran": "many"}, "Enter a whole number."),
    ("list-entry-update", {"group-weapons": "wings"}, "Select a valid choice."),
    ("list-entry-update", {"was": "not json"}, "Enter a valid JSON."),
])
def test_bad_input_is_a_message_in_the_panel_and_nothing_is_written(alice, make_list, url_name, data, message):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    args = [army_list.pk, "e1"] if url_name == "list-entry-update" else [army_list.pk]
    response = htmx(alice, reverse(f"builder:{url_name}", args=args), data)
    body = response.content.decode()
    assert response.status_code == 200 and 'data-testid="notice"' in body
    assert message in body
    assert ArmyList.objects.get(pk=army_list.pk).version == 1


def test_command_cards_posted_to_a_battleground_list_are_refused_not_a_server_error(alice, make_list):
    # Found by tests/production/test_fuzz_forms.py: a Battleground list's `command_cards` is the number of
    # cards bought, not chosen (Battleground, Setting Up a Game: Build Army), which the Diskwars picks form
    # could not read.
    army_list = make_list("battleground", {"unit": "militia"}, command_cards=2)
    response = htmx(alice, reverse("builder:list-command-cards", args=[army_list.pk]), {"cards": ["steady"]})
    assert response.status_code == 200 and "lists do not choose command cards by name." in response.content.decode()
    assert ArmyList.objects.get(pk=army_list.pk).version == 1


def test_without_javascript_bad_input_is_a_message_after_the_redirect(alice, make_list):
    army_list = make_list("aof-regiments")
    response = alice.post(reverse("builder:list-entry-add", args=[army_list.pk]), {"unit": "dragon"}, follow=True)
    assert "There is no unit “dragon”" in response.content.decode()
    assert stored(army_list)["entries"] == []


def test_the_unit_picker_searches_filters_and_switches_faction(alice, make_list):
    army_list = make_list("aof-regiments")
    headers = {"HX-Request": "true", "HX-Target": "unit-picker"}
    body = alice.get(detail(army_list), {"q": "kni"}, headers=headers).content.decode()
    assert "<html" not in body and 'data-unit="knights"' in body and 'data-unit="infantry"' not in body
    body = alice.get(detail(army_list), {"hero": "yes"}, headers=headers).content.decode()
    assert 'data-unit="captain"' in body and 'data-unit="knights"' not in body
    body = alice.get(detail(army_list), {"faction": "orcs"}, headers=headers).content.decode()
    assert 'data-unit="boyz"' in body and 'name="faction" value="orcs"' in body


def test_dulce_bellum_offers_no_faction_switcher(alice, make_list):
    army_list = make_list("dulce-bellum")
    assert 'data-testid="picker-faction"' not in alice.get(detail(army_list)).content.decode()


def test_entry_edit_urls_are_those_django_reverses(alice, make_list):
    odd = "Front_rank-1"  # every kind of character an entry id may hold (docs/list-file.md, Entries: Entry ids)
    army_list = make_list("aof-regiments", {"id": odd, "unit": "infantry"}, {"unit": "knights"})
    page = alice.get(detail(army_list)).content.decode() + forms(alice, army_list, odd)
    for name in ("update", "remove", "duplicate", "move"):
        assert f'hx-post="{reverse(f"builder:list-entry-{name}", args=[army_list.pk, odd])}"' in page
    assert f'hx-get="{reverse("builder:list-entry-form", args=[army_list.pk, odd])}"' in page
    htmx(alice, reverse("builder:list-entry-remove", args=[army_list.pk, odd]))
    assert [e["unit"] for e in stored(army_list)["entries"]] == ["knights"]


def test_name_inputs_stop_where_the_list_file_does(alice, make_list):
    """Names are at most 200 characters, a list's and an entry's (docs/list-file.md and docs/faction-file.md,
    Bounds)."""
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    page = alice.get(detail(army_list)).content.decode() + forms(alice, army_list, "e1")
    assert 'maxlength="200" required data-testid="list-name-input"' in page
    assert 'name="name" value="" maxlength="200"' in page


@pytest.mark.parametrize("url_name", ["list-settings", "list-entry-update", "list-command-cards"])
def test_a_page_state_with_a_number_json_cannot_read_is_refused(alice, make_list, url_name):
    # Found by tests/production/test_fuzz_forms.py: json.loads raises ValueError, not JSONDecodeError, for a
    # number of more than 4,300 digits, and Django's JSONField let it through (a 500).
    game, unit = ("diskwars", "swordsmen") if url_name == "list-command-cards" else ("aof-regiments", "infantry")
    army_list = make_list(game, {"unit": unit})
    args = [army_list.pk, "e1"] if url_name == "list-entry-update" else [army_list.pk]
    response = htmx(alice, reverse(f"builder:{url_name}", args=args), {"was": "9" * 5000})
    assert response.status_code == 200 and "Enter a valid JSON." in response.content.decode()
    assert ArmyList.objects.get(pk=army_list.pk).version == 1
