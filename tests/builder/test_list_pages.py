"""My lists, creating a list, renaming, duplicating and deleting."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from armylists.builder.models import ArmyList
from factions.models import Faction, GameSystem

pytestmark = pytest.mark.django_db


def test_my_lists_shows_each_list_with_points_and_a_badge(alice, make_list, other_user):
    make_list("aof-regiments", {"unit": "infantry"}, name="Legal one", points_limit=1000)
    make_list("battleground", {"unit": "knights"}, name="Too few core", points_limit=1000)
    make_list("aof-regiments", name="Not mine", owner=other_user)
    page = alice.get(reverse("builder:lists")).content.decode()
    assert "Legal one" in page and "Too few core" in page and "Not mine" not in page
    assert "100 / 1000" in page and "413 / 1000" in page  # Infantrymen; Hawk Knights
    assert page.count('class="badge legal"') == 1 and page.count('class="badge illegal"') == 1


def test_my_lists_keeps_each_verdict_until_the_list_or_its_unit_data_changes(
        alice, make_list, load_game, django_assert_max_num_queries):
    lists = [make_list("aof-regiments", {"unit": "infantry"}, name=f"OPR {n}") for n in range(3)]
    lists += [make_list("dulce-bellum", {"unit": "militia", "size": "squad"}, name=f"DB {n}") for n in range(3)]
    ArmyList.objects.update(verdict=None)
    # Nothing stored: session, user, count, lists, their documents, then per game its library
    # (the version, factions, units, options, groups, sizes, cards), and each verdict stored.
    with django_assert_max_num_queries(5 + 2 * 7 + 6):
        assert alice.get(reverse("builder:lists")).status_code == 200
    with django_assert_max_num_queries(4):  # every verdict stored: no document, no library, no check
        page = alice.get(reverse("builder:lists")).content.decode()
    assert page.count('data-testid="legal-badge">Legal<') == 6

    # A verdict is never trusted past the list's version, nor past its game's unit data.
    ArmyList.objects.filter(pk=lists[0].pk).update(version=F("version") + 1, document={
        **lists[0].document, "points_limit": 50})
    load_game("dulce-bellum")  # the same file again: the game gets a new data version
    rows = {r["list"].pk: r["verdict"] for r in alice.get(reverse("builder:lists")).context["rows"]}
    assert rows[lists[0].pk]["legal"] is False and rows[lists[0].pk]["points_limit"] == 50
    for army_list in lists[3:]:
        assert ArmyList.objects.get(pk=army_list.pk).verdict_data_version == GameSystem.objects.get(
            slug="dulce-bellum").data_version


def test_my_lists_sorts_by_last_change_and_pages(alice, make_list):
    lists = [make_list("aof-regiments", name=f"List {n:02}") for n in range(30)]
    ArmyList.objects.filter(pk=lists[3].pk).update(updated=timezone.now() + timedelta(minutes=1))
    first = alice.get(reverse("builder:lists")).context
    names = [r["list"].name for r in first["rows"]]
    assert names[0] == "List 03" and names[1] == "List 29" and len(names) == 25
    second = [r["list"].name for r in alice.get(reverse("builder:lists"), {"page": 2}).context["rows"]]
    assert len(second) == 5 and not set(second) & set(names)


def test_creating_a_list_offers_the_games_points_presets(alice, games):
    page = alice.get(reverse("builder:list-create"), {"game": "aof-regiments"}).content.decode()
    for preset in ("750", "1500", "2000"):
        assert f'<option value="{preset}">' in page
    assert 'name="force_organisation"' in page and 'name="mixed_armies"' in page
    assert 'name="regiments"' not in page



@pytest.mark.parametrize("game", ["", "no-such-game"])
def test_a_list_posted_without_a_game_it_knows_says_so_and_creates_nothing(alice, games, game):
    faction = Faction.objects.get(slug="kingdom")
    response = alice.post(reverse("builder:list-create"), {"game": game, "name": "Lost", "faction": faction.pk})
    assert response.status_code == 200
    assert "Choose the game of the list; nothing was saved." in response.content.decode()
    assert not ArmyList.objects.exists()


def test_the_game_choice_asks_without_a_complaint(alice, games):
    assert "nothing was saved" not in alice.get(reverse("builder:list-create")).content.decode()

def test_creating_a_list_with_a_custom_limit(alice, games):
    faction = Faction.objects.get(slug="kingdom")
    response = alice.post(reverse("builder:list-create"), {
        "game": "aof-regiments", "name": "Odd size", "faction": faction.pk, "points_limit": "1234",
        "mixed_armies": "tournament"})
    army_list = ArmyList.objects.get()
    assert response["Location"] == army_list.get_absolute_url()
    assert army_list.document == {"format": "armylists/list@1", "game": "aof-regiments", "faction": "kingdom",
                                  "name": "Odd size", "points_limit": 1234, "entries": [],
                                  "force_organisation": False, "mixed_armies": "tournament"}


def test_a_diskwars_list_has_regiments_and_no_points_limit(alice, games):
    page = alice.get(reverse("builder:list-create"), {"game": "diskwars"}).content.decode()
    assert 'name="points_limit"' not in page and 'name="regiments" value="2"' in page
    faction = Faction.objects.get(slug="empire")
    alice.post(reverse("builder:list-create"), {"game": "diskwars", "name": "Disks", "faction": faction.pk,
                                                "regiments": "3"})
    assert ArmyList.objects.get().document["regiments"] == 3


def test_battleground_lists_buy_command_cards(alice, games):
    faction = Faction.objects.get(slug="hawkshold")
    alice.post(reverse("builder:list-create"), {"game": "battleground", "name": "B", "faction": faction.pk,
                                                "points_limit": "1500", "command_cards": "2"})
    assert ArmyList.objects.get().document["command_cards"] == 2


@pytest.mark.parametrize("points, message", [("lots", "Enter a whole number."), ("0", "greater than or equal to 1")])
def test_a_bad_points_limit_is_a_form_error_and_nothing_is_written(alice, games, points, message):
    faction = Faction.objects.get(slug="kingdom")
    response = alice.post(reverse("builder:list-create"), {
        "game": "aof-regiments", "name": "X", "faction": faction.pk, "points_limit": points})
    assert response.status_code == 200 and message in response.content.decode()
    assert not ArmyList.objects.exists()


def test_a_faction_of_another_game_is_a_form_error(alice, games):
    other = Faction.objects.get(slug="hawkshold")
    response = alice.post(reverse("builder:list-create"), {
        "game": "aof-regiments", "name": "X", "faction": other.pk, "points_limit": "1000"})
    assert "Select a valid choice" in response.content.decode() and not ArmyList.objects.exists()


def test_rename_from_my_lists_returns_there(alice, make_list):
    army_list = make_list("aof-regiments")
    response = alice.post(reverse("builder:list-rename", args=[army_list.pk]),
                          {"name": "Autumn", "next": reverse("builder:lists")})
    assert response["Location"] == reverse("builder:lists")
    assert ArmyList.objects.get().name == "Autumn"


def test_rename_never_redirects_off_site(alice, make_list):
    army_list = make_list("aof-regiments")
    response = alice.post(reverse("builder:list-rename", args=[army_list.pk]),
                          {"name": "Autumn", "next": "https://evil.example/"})
    assert response["Location"] == army_list.get_absolute_url()


@pytest.mark.parametrize("wanted", [":", "a1", "builder:lists", "javascript:alert(1)"])
def test_rename_back_to_anything_but_a_path_goes_to_the_list(alice, make_list, wanted):
    # Found by tests/production/test_fuzz_forms.py: redirect() read "a1" or ":" as a view name (a 500).
    army_list = make_list("aof-regiments")
    response = alice.post(reverse("builder:list-rename", args=[army_list.pk]), {"name": "Autumn", "next": wanted})
    assert response.status_code == 302 and response["Location"] == army_list.get_absolute_url()


def test_an_htmx_rename_updates_the_roster(alice, make_list):
    army_list = make_list("aof-regiments")
    response = alice.post(reverse("builder:list-rename", args=[army_list.pk]), {"name": ""},
                          headers={"HX-Request": "true"})
    assert "Name: This field is required." in response.content.decode()
    response = alice.post(reverse("builder:list-rename", args=[army_list.pk]), {"name": "Autumn"},
                          headers={"HX-Request": "true"})
    assert '<h1 id="list-name">Autumn</h1>' in response.content.decode()


def test_duplicate_opens_the_copy(alice, make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    response = alice.post(reverse("builder:list-duplicate", args=[army_list.pk]))
    copy = ArmyList.objects.exclude(pk=army_list.pk).get()
    assert response["Location"] == copy.get_absolute_url() and copy.document["entries"] == army_list.entries


def test_delete_asks_first(alice, make_list):
    army_list = make_list("aof-regiments")
    url = reverse("builder:list-delete", args=[army_list.pk])
    assert "Delete “Test list”?" in alice.get(url).content.decode() and ArmyList.objects.exists()
    assert alice.post(url)["Location"] == reverse("builder:lists")
    assert not ArmyList.objects.exists()
