"""Random events on the mission page, one a round (AoF Regiments, Campaign Rules: Play Mission, "Random Events":
one die at the beginning of each round; a mission has the standard rules' 4 rounds), the game master's undo of any
entry of the log, and the round kept by the campaign file (docs/campaigns.md, "Random events" and "Corrections and
undo")."""
from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from armylists.campaigns import services
from armylists.campaigns.models import Action, Campaign
from armylists.campaigns.snapshots import load_state
from armylists.campaigns.transfer import export_campaign, import_campaign

from .test_pages import messages_of

pytestmark = pytest.mark.django_db

CRITICAL_MESSAGE = "65"  # "immediately gets 1 VP"


@pytest.fixture
def mission(armies, players):
    """Mission 1 set up, Red Host (a1) v Blue Host (a2), its result not recorded yet."""
    services.perform(campaign=armies, actor=players["alice"], kind="start-mission",
                     data={"fielded": [{"army": "a1", "units": ["u1"]}, {"army": "a2", "units": ["u8"]}]},
                     entered={"a1/objective": [1], "a2/objective": [1]})
    return armies


def post_event(client, campaign, **fields):
    data = {"number": CRITICAL_MESSAGE, "army": "a1", "achieved": "on", **fields}
    return client.post(reverse("campaigns:mission-event", args=[campaign.slug, 1]), data, follow=True)


def vp(campaign, army="a1") -> int:
    return load_state(campaign).state.armies[army].vp


def test_the_form_asks_for_the_round_and_offers_only_rounds_without_an_event(mission, client_for):
    page = reverse("campaigns:mission-detail", args=[mission.slug, 1])
    post_event(client_for("bob"), mission, round="2")
    html = client_for("bob").get(page).content.decode()
    assert 'name="round" required data-testid="event-round"' in html
    assert '<option value="2" disabled>2 (had its event)</option>' in html
    assert '<option value="4">4</option>' in html and '<option value="5"' not in html
    assert "a mission has 4 rounds" in html


def test_a_second_event_in_a_round_is_refused_on_the_page_and_nothing_is_stored(mission, client_for):
    """The issue: Critical Message posted seven times took an army from 2 VP to 9. Random Events: one a round."""
    client = client_for("bob")
    assert "1 VP" in messages_of(post_event(client, mission, round="1"))[0]
    count = mission.actions.count()
    response = post_event(client, mission, round="1")
    assert response.status_code == 200
    assert messages_of(response) == [
        "Nothing was changed: mission 1 already has its random event of round 1: one die is rolled at the beginning "
        "of each round, so a round has one event at most (AoF Regiments, Campaign Rules: Play Mission: Random Events)"]
    assert mission.actions.count() == count and vp(mission) == 1  # the first counts; the second is not stored


@pytest.mark.parametrize("round, problem", [("", "Round: This field is required."),
                                            ("5", "Round: Ensure this value is less than or equal to 4."),
                                            ("0", "Round: Ensure this value is greater than or equal to 1."),
                                            ("two", "Round: Enter a whole number.")])
def test_a_missing_or_impossible_round_is_a_form_error(mission, client_for, round, problem):
    count = mission.actions.count()
    response = post_event(client_for("bob"), mission, round=round)
    assert messages_of(response) == [f"Nothing was changed. {problem}"]
    assert mission.actions.count() == count


def test_events_before_and_after_the_result_until_the_armys_post_battle(mission, players, client_for):
    client = client_for("alice")
    post_event(client, mission, round="1")
    services.perform(campaign=mission, actor=players["alice"], kind="record-result",
                     data={"mission": 1, "winner": "a2"})
    post_event(client, mission, round="2")
    assert vp(mission) == 2
    services.perform(campaign=mission, actor=players["alice"], kind="post-battle", data={"mission": 1, "army": "a1"},
                     entered={"u1/*": [6]})
    response = post_event(client, mission, round="3")
    assert "Red Host's post-battle is already recorded for mission 1" in messages_of(response)[0]
    post_event(client, mission, round="3", army="a2")
    assert (vp(mission), vp(mission, "a2")) == (2, 2 + 1)


def test_the_game_master_undoes_an_entry_in_the_middle_of_the_log(mission, players, client_for):
    post_event(client_for("bob"), mission, round="1")  # the VP entered by mistake
    wrong = mission.actions.get(kind="random-event").number
    play_result = services.perform(campaign=mission, actor=players["alice"], kind="record-result",
                                   data={"mission": 1, "winner": "a1"})
    assert play_result.state.armies["a1"].vp == 1 + 2
    target = reverse("campaigns:campaign-undo", args=[mission.slug])
    assert client_for("bob").post(target, {"number": wrong, "reason": "mine"}).status_code == 403
    count = mission.actions.count()
    response = client_for("alice").post(target, {"number": wrong, "reason": "posted twice"}, follow=True)
    assert messages_of(response) == [f"Action {wrong} is undone (posted twice)"]
    assert mission.actions.count() == count + 1 and vp(mission) == 2
    assert Action.objects.get(campaign=mission, number=wrong).kind == "random-event"  # append-only
    html = response.content.decode()
    assert f'<li value="{wrong}" class="undone" data-testid="undone">' in html
    # The round is free again, and the log replays to the same state from nothing.
    post_event(client_for("bob"), mission, round="1", army="a2")
    kept = load_state(mission).state
    mission.snapshot.delete()
    assert load_state(mission).state.armies == kept.armies and vp(mission, "a2") == 1


def test_an_undo_a_later_entry_depends_on_is_refused_naming_it(armies, players, aof, client_for):
    from .conftest import recruit_after_a_mission
    recruit_after_a_mission(armies, players, aof, "Merlin")
    recruit = armies.actions.get(kind="recruit").number
    services.perform(campaign=armies, actor=players["alice"], kind="rename-unit",
                     data={"army": "a1", "unit": "u15", "name": "Morgana"})
    count = armies.actions.count()
    response = client_for("alice").post(reverse("campaigns:campaign-undo", args=[armies.slug]),
                                        {"number": recruit, "reason": "wrong unit"}, follow=True)
    [message] = messages_of(response)
    assert message.startswith(f"Nothing was changed: action {count} (rename unit) no longer holds without action "
                              f"{recruit}: ")
    assert message.endswith(f"undo action {count} first (an action that later actions depend on is undone after "
                            "them)")
    assert armies.actions.count() == count


def test_the_campaign_file_keeps_each_events_round(mission, players, client_for):
    post_event(client_for("bob"), mission, round="3")
    exported = export_campaign(mission)
    [event] = [a for a in exported["actions"] if a["kind"] == "random-event"]
    assert event["data"]["round"] == 3
    copy = import_campaign(json.loads(json.dumps(exported)), slug="copy")
    assert load_state(copy).state.missions[0].event_rounds == {3}
    assert export_campaign(copy)["actions"] == exported["actions"]


def test_an_older_file_without_rounds_imports_each_event_in_the_next_free_round(mission, players):
    """docs/campaigns.md, "Random events": a file written before events named their round."""
    exported = export_campaign(mission)
    old = [{"kind": "random-event", "actor": "bob", "at": "2025-05-17T14:30:00+00:00",
            "data": {"mission": 1, "army": "a1"}, "rolls": {"event": [6, 5]}, "choices": {}}
           for _ in range(7)]  # the seven Critical Messages, posted before rounds were asked for
    exported["actions"] += old
    copy = import_campaign(exported, slug="older")
    state = load_state(copy).state
    assert state.missions[0].event_rounds == {1, 2, 3, 4} and state.armies["a1"].vp == 4  # not 7
    summaries = list(copy.actions.filter(kind="random-event").values_list("summary", flat=True))
    assert [s.split(":")[0] for s in summaries[:4]] == ["round 1", "round 2", "round 3", "round 4"]
    assert summaries[4].startswith("random event not counted")


def test_a_second_event_in_a_round_in_a_file_is_refused_by_the_import_command_and_nothing_stored(mission, tmp_path):
    """The command that writes events (import_campaign) exits 2 with the sentence, naming the action."""
    document = export_campaign(mission)
    event = {"kind": "random-event", "actor": "bob", "at": "2025-05-17T14:30:00+00:00",
             "data": {"mission": 1, "round": 2, "army": "a1"}, "rolls": {"event": [6, 5]}, "choices": {}}
    document["actions"] += [event, event]
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(document))
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("import_campaign", str(path), "--as", "twice", stderr=err)
    assert exit_.value.code == 2
    assert (f"actions[{len(document['actions']) - 1}]: random-event is refused: mission 1 already has its random "
            "event of round 2") in err.getvalue()
    assert not Campaign.objects.filter(slug="twice").exists()
