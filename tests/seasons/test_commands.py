"""`make_season` and `season_standings` (docs/events.md, "Seasons", "From the command line")."""
from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from armylists.seasons.models import Season
from factions.models import GameSystem

pytestmark = pytest.mark.django_db


def run(capsys, *args) -> list[str]:
    call_command(*args)
    return capsys.readouterr().out.splitlines()


def test_make_season_then_its_standings_one_object_a_player_in_order(played, people, organiser, capsys):
    one = played(people[:4], names={people[0]: "Ada"})
    two = played(people[:2], names={people[0]: "Ada L."})
    said = run(capsys, "make_season", "club-league", "--name", "Club league", "--events", one.slug, two.slug,
               "--best", "2", "--organiser", organiser.username)
    assert said == ["Season “Club league” (club-league) made with 2 events; publish it on its page."]
    season = Season.objects.get(slug="club-league")
    assert (season.best, season.scoring, season.published) == (2, "placing", False)
    lines = [json.loads(line) for line in run(capsys, "season_standings", "club-league", "--json")]
    assert [list(line) for line in lines] == [["rank", "player", "score", "events", "vp"]] * 4
    assert [line["rank"] for line in lines] == sorted(line["rank"] for line in lines)
    assert sorted(line["events"] for line in lines) == [1, 1, 2, 2]
    assert "Ada L." in {line["player"] for line in lines}  # named as in their latest counted event
    text = run(capsys, "season_standings", "club-league")
    assert len(text) == 4 and text[0].startswith("1. ")


@pytest.mark.parametrize("case", ["unknown", "not theirs", "other game"])
def test_make_season_refuses_and_stores_nothing(case, played, people, organiser, stranger, capsys):
    event = played(people[:2])
    events, who, extra = [event.slug], organiser.username, []
    if case == "unknown":
        events.append("no-such-event")
    elif case == "not theirs":
        who = stranger.username
    else:
        GameSystem.objects.create(slug="other-game", name="Other Game")
        extra = ["--game", "other-game"]
    with pytest.raises(CommandError) as refused:
        call_command("make_season", "league", "--name", "League", "--events", *events, "--organiser", who, *extra)
    assert refused.value.returncode == 2
    sentence = {"unknown": "no event 'no-such-event'; nothing was stored",
                "not theirs": f"“{event.name}” is not an event the season's organisers organise. Nothing was stored.",
                "other game": f"“{event.name}” is an event of {event.game.name}, not of Other Game. Nothing was "
                              "stored."}[case]
    assert str(refused.value) == sentence
    assert not Season.objects.exists()


def test_an_unknown_season_exits_2(capsys):
    with pytest.raises(CommandError, match="no season 'nowhere'") as refused:
        call_command("season_standings", "nowhere")
    assert refused.value.returncode == 2


def test_vp_scoring_from_the_command_line(played, people, organiser, capsys):
    event = played(people[:4])
    run(capsys, "make_season", "vp-league", "--name", "VP league", "--events", event.slug, "--scoring", "vp",
        "--organiser", organiser.username)
    lines = [json.loads(line) for line in run(capsys, "season_standings", "vp-league", "--json")]
    assert all(line["score"] == line["vp"] for line in lines)
