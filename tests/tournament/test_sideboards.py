"""Sideboard lists (AoF Regiments, Sideboard Lists, optional): a main list of up to 70% of the game size, up to
three sideboard lists of up to 30% each, and every main + sideboard combination following the usual rules."""
from __future__ import annotations

import copy
import re

import pytest
from django.urls import reverse

from armylists.events import services
from armylists.games.registry import game_home
from armylists.tournament import day
from armylists.tournament.models import Sideboard
from armylists.tournament.sideboards import combined, latest_set, submit_sideboards
from tests.events.conftest import list_file

from .conftest import LEGAL, client_for

pytestmark = pytest.mark.django_db

KNIGHTS = list_file({"unit": "knights"}, name="More knights")  # 150 points: within 30% of 1000
TWO_KNIGHTS = list_file({"unit": "knights"}, {"unit": "knights"}, name="Two knights")  # 300: at the share
GIANT = list_file({"unit": "giant"}, name="Giant")  # 530: over the share, and too expensive for one unit


@pytest.fixture
def sideboarded(event, joined, organiser, army_list):
    day.save_scoring(event=event, by=organiser, sideboards=True)
    services.submit(player=joined[0], data=copy.deepcopy(LEGAL))  # 320 points, one unit of knights
    return joined[0]


def codes(sideboard: Sideboard) -> list[str]:
    return [v["code"] for v in sideboard.violations]


def test_each_combination_is_checked_and_says_what_it_breaks(sideboarded, army_list, players):
    lists = [army_list(players[0], data) for data in (KNIGHTS, TWO_KNIGHTS, GIANT)]
    made = submit_sideboards(player=sideboarded, lists=lists)
    knights, two, giant = made.lists.all()
    assert knights.combined_legal and knights.combined_points == 470 and knights.violations == []
    # Within its share, but three units of knights at 1000 points are one too many.
    assert not two.combined_legal and codes(two) == ["too-many-copies"]
    assert not giant.combined_legal and codes(giant)[0] == "sideboard-over-share"
    assert "more than 30% of the game size (300)" in giant.violations[0]["message"]
    assert made.main_violations == []  # 320 points is within 70% of 1000


def test_a_main_list_over_its_share_is_reported(event, joined, organiser, army_list, players):
    day.save_scoring(event=event, by=organiser, sideboards=True)
    big = list_file({"unit": "infantry"}, {"unit": "knights"}, {"unit": "knights"}, {"unit": "captain"},
                    {"unit": "infantry"}, {"unit": "infantry"}, {"unit": "infantry"}, name="Big main")  # 760 points
    services.submit(player=joined[0], data=big)
    made = submit_sideboards(player=joined[0], lists=[army_list(players[0], KNIGHTS)])
    assert [v["code"] for v in made.main_violations] == ["main-list-over-share"]
    # Every combination built on it is illegal too, and says why (AoF Regiments, Sideboard Lists: "up to 70%").
    (combination,) = made.lists.all()
    assert not combination.combined_legal and codes(combination)[0] == "main-list-over-share"


def test_each_combination_keeps_its_line_with_its_verdict_and_name(event, joined, organiser, army_list, players):
    day.save_scoring(event=event, by=organiser, sideboards=True)
    big = list_file({"unit": "infantry"}, {"unit": "knights"}, {"unit": "knights"}, {"unit": "captain"},
                    {"unit": "infantry"}, {"unit": "infantry"}, {"unit": "infantry"}, name="Big main")  # 760 points
    services.submit(player=joined[0], data=big)
    submit_sideboards(player=joined[0], lists=[army_list(players[0], KNIGHTS), army_list(players[0], KNIGHTS)])
    page = client_for(organiser).get(reverse("tournament:day", args=[event.slug])).text
    lines = re.findall(r'data-testid="sideboard-combination">(.*?)</li>', page, re.S)
    assert len(lines) == 2
    for slot, line in enumerate(lines, start=1):
        assert "Not legal" in line and f"Main list + sideboard {slot}" in line and "Legal<" not in line
        assert "The main list costs 760 points, more than 70% of the game size (700)" in line


def test_at_most_three_own_lists_and_only_when_the_event_uses_them(event, joined, organiser, army_list, players):
    services.submit(player=joined[0], data=copy.deepcopy(LEGAL))
    with pytest.raises(day.Refused, match="does not use sideboard lists"):
        submit_sideboards(player=joined[0], lists=[army_list(players[0], KNIGHTS)])
    day.save_scoring(event=event, by=organiser, sideboards=True)
    with pytest.raises(day.Refused, match="one to 3"):
        submit_sideboards(player=joined[0], lists=[army_list(players[0], KNIGHTS) for _ in range(4)])
    with pytest.raises(day.Refused, match="your own lists"):
        submit_sideboards(player=joined[0], lists=[army_list(players[1], KNIGHTS)])


def test_the_sets_are_frozen_and_a_new_one_is_added(sideboarded, army_list, players):
    first = submit_sideboards(player=sideboarded, lists=[army_list(players[0], KNIGHTS)])
    with pytest.raises(ValueError):
        first.lists.get().save()
    second = submit_sideboards(player=sideboarded, lists=[army_list(players[0], GIANT)])
    assert (first.version, second.version) == (1, 2) and latest_set(sideboarded) == second
    assert first.lists.get().document["entries"][0]["unit"] == "knights"


def test_a_sideboard_entry_whose_id_the_main_list_uses_is_renamed():
    main = list_file({"unit": "infantry"}, {"unit": "captain", "joined_to": "e1"})
    side = list_file({"unit": "infantry"}, {"unit": "captain", "joined_to": "e1"})
    ids = [(e["id"], e.get("joined_to")) for e in combined(main, side, game_home(main["game"]))["entries"]]
    assert ids == [("e1", None), ("e2", "e1"), ("sideboard-e1", None), ("sideboard-e2", "sideboard-e1")]


def test_the_player_submits_from_the_day_page(sideboarded, army_list, players, event):
    chosen = army_list(players[0], KNIGHTS)
    client = client_for(players[0])
    page = client.get(f"/events/{event.slug}/day/").text
    assert "Your sideboard lists" in page and chosen.name in page
    response = client.post(f"/events/{event.slug}/day/sideboards/", {"lists": [chosen.pk]}, follow=True)
    assert "every combination is legal" in response.text
    assert "Main list + sideboard 1" in response.text
