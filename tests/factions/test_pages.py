"""Browsing the library: every page answers, and a faction page's queries do not grow with its units."""
from __future__ import annotations

import pytest
from django.core.management import call_command
from django.urls import reverse

from factions.importer import import_document
from factions.models import Faction, GameSystem, Unit
from factions.schemas import parse_faction_file

pytestmark = pytest.mark.django_db




@pytest.fixture
def demo_library():
    call_command("seed_demo", verbosity=0)


def big_faction(count: int) -> Faction:
    units = [{"slug": f"unit-{i}", "name": f"Unit {i}", "cost": 10 + i, "models": 5, "hero": i % 7 == 0,
              "rules": ["Tough(3)"] if i % 5 == 0 else [], "stats": {"quality": "4+", "defense": "5+"},
              "option_groups": [{"slug": "weapons", "name": "Weapons"}],
              "options": [{"slug": "spears", "name": "Spears", "cost": 5, "group": "weapons", "scope": "all_models"},
                          {"slug": "banner", "name": "Banner", "cost": 5, "command": "banner"}]}
             for i in range(count)]
    import_document(parse_faction_file({"format": "armylists/factions@1", "game": "aof-regiments",
                                        "factions": [{"slug": "horde", "name": "Horde", "units": units}]}))
    return Faction.objects.get(slug="horde")


def test_the_home_page_lists_the_five_games(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    for game in GameSystem.objects.all():
        assert game.name in response.content.decode()
    assert GameSystem.objects.count() == 5


def test_a_game_page_shows_its_construction_numbers_in_plain_words(client):
    response = client.get(reverse("factions:game-detail", args=["aof-regiments"]))
    text = response.content.decode()
    assert "1 hero per 375 points" in text and "35%" in text and "1 unit per 150 points" in text


def test_every_game_faction_and_unit_page_answers_without_error(client, demo_library):
    assert Unit.objects.exists()
    for game in GameSystem.objects.all():
        assert client.get(game.get_absolute_url()).status_code == 200
    for faction in Faction.objects.select_related("game"):
        assert client.get(faction.get_absolute_url()).status_code == 200
    for unit in Unit.objects.select_related("faction__game"):
        response = client.get(unit.get_absolute_url())
        assert response.status_code == 200, unit


def test_a_unit_card_says_what_an_options_cost_buys_and_what_it_replaces(client):
    """As its game says (docs/faction-file.md, "AoF Regiments and AoF Skirmish", "Weapons and what options
    replace"): the library names no option field of a game."""
    unit = {"slug": "warband", "name": "Warband", "cost": 100, "models": 10,
            "options": [{"slug": "spears", "name": "Spears", "cost": 5, "scope": "all_models",
                         "replaces": [{"weapon": "Hand Weapons"}]},
                        {"slug": "banner", "name": "Banner", "cost": 5, "scope": "model", "command": "banner"}]}
    import_document(parse_faction_file({"format": "armylists/factions@1", "game": "aof-regiments",
                                        "factions": [{"slug": "horde", "name": "Horde", "units": [unit]}]}))
    page = client.get(reverse("factions:unit-detail", args=["aof-regiments", "horde", "warband"])).content.decode()
    assert "Spears <span class=\"muted\">+5 pts · all models · replaces Hand Weapons</span>" in page
    assert "Banner <span class=\"muted\">+5 pts</span>" in page


def test_unknown_games_factions_and_units_are_not_found(client):
    assert client.get("/games/chess/").status_code == 404
    assert client.get("/games/aof-regiments/nobody/").status_code == 404
    assert client.get("/games/aof-regiments/nobody/no-unit/").status_code == 404


@pytest.mark.parametrize("count", [5, 50])
def test_a_faction_page_runs_the_same_few_queries_for_5_or_50_units(client, django_assert_max_num_queries, count):
    faction = big_faction(count)
    with django_assert_max_num_queries(8):
        response = client.get(faction.get_absolute_url())
    assert response.content.decode().count('class="card unit-card"') == count


def test_the_faction_page_filters_by_search_and_kind_and_answers_htmx_with_the_cards_only(client):
    faction = big_faction(20)
    response = client.get(faction.get_absolute_url(), {"q": "Unit 1", "filter": "hero:yes"},
                          headers={"HX-Request": "true"})
    text = response.content.decode()
    assert "<html" not in text and 'id="unit-cards"' in text
    shown = {u.name for u in Unit.objects.filter(details__hero=True, name__startswith="Unit 1")}
    assert text.count('class="card unit-card"') == len(shown) and all(name in text for name in shown)
