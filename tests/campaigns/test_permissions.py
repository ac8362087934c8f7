"""Who may see and change what, on every campaign URL.

Only members see a campaign: for anyone else every campaign URL is a 404
(anonymous visitors are sent to log in first). Members see every army; only
an army's player or the game master changes it (403 for other members).
"""
from __future__ import annotations

import pytest
from django.urls import reverse

from armylists.campaigns.models import Action

from .conftest import play_mission

pytestmark = pytest.mark.django_db

# (URL name, kwargs beyond the campaign slug)
MEMBER_PAGES = [
    ("campaign-detail", {}), ("army-create", {}), ("army-detail", {"key": "a1"}), ("mission-create", {}),
    ("mission-detail", {"number": 1}), ("post-battle", {"number": 1, "key": "a1"}),
]
# POSTs that change alice's army a1: bob (a member) is refused with a 403.
ARMY_CHANGES = [
    ("unit-rename", {"key": "a1", "unit": "u1"}, {"name": "Old Guard"}),
    ("unit-notes", {"key": "a1", "unit": "u1"}, {"notes": "brave"}),
    ("upgrade-buy", {"key": "a1"}, {"unit": "u1", "upgrade": "spears"}),
    ("upgrade-sell", {"key": "a1"}, {"unit": "u1", "upgrade": "spears"}),
    ("unit-recruit", {"key": "a1"}, {"unit": "infantrymen", "name": "Recruits"}),
    ("unit-disband", {"key": "a1", "unit": "u1"}, {}),
    ("army-disband", {"key": "a1"}, {}),
    ("post-battle", {"number": 1, "key": "a1"}, {}),
    ("army-adjust", {"key": "a1"}, {"points": "10", "reason": "typo"}),
    ("unit-traits", {"key": "a1", "unit": "u1"}, {"traits": "agile", "reason": "typo"}),
    ("unit-status", {"key": "a1", "unit": "u1"}, {"status": "dead", "sitting_out": "0", "reason": "typo"}),
]
OWNER_PAGES = [("army-manage", {"key": "a1"})]


def url(campaign, name: str, kwargs: dict) -> str:
    return reverse(f"campaigns:{name}", kwargs={"slug": campaign.slug, **kwargs})


@pytest.fixture
def played(armies, players):
    """Mission 1 played and won by a1; both post-battles still to record."""
    play_mission(armies, players["alice"])
    return armies


@pytest.mark.parametrize("name, kwargs", MEMBER_PAGES + OWNER_PAGES)
def test_members_see_campaign_pages_and_others_get_404(played, client_for, client, name, kwargs):
    target = url(played, name, kwargs)
    assert client_for("alice").get(target).status_code == 200
    assert client_for("carol").get(target).status_code == 404
    assert client.get(target).status_code == 302  # to the login page


@pytest.mark.parametrize("name, kwargs", MEMBER_PAGES)
def test_other_members_see_every_page(played, client_for, name, kwargs):
    assert client_for("bob").get(url(played, name, kwargs)).status_code == 200


@pytest.mark.parametrize("name, kwargs", OWNER_PAGES)
def test_other_members_cannot_open_an_armys_changes(played, client_for, name, kwargs):
    assert client_for("bob").get(url(played, name, kwargs)).status_code == 403


@pytest.mark.parametrize("name, kwargs, data", ARMY_CHANGES)
def test_only_the_player_or_the_game_master_changes_an_army(played, client_for, client, name, kwargs, data):
    target = url(played, name, kwargs)
    before = Action.objects.count()
    assert client_for("carol").post(target, data).status_code == 404
    assert client_for("bob").post(target, data).status_code == 403
    assert client.post(target, data).status_code == 302
    assert Action.objects.count() == before


def test_the_player_changes_their_army(played, client_for):
    response = client_for("alice").post(url(played, "unit-rename", {"key": "a1", "unit": "u1"}), {"name": "Guard"})
    assert response.status_code == 302
    assert Action.objects.last().kind == "rename-unit"


def test_the_game_master_changes_any_army(played, client_for):
    response = client_for("alice").post(url(played, "unit-notes", {"key": "a2", "unit": "u8"}), {"notes": "ok"})
    assert response.status_code == 302
    assert Action.objects.last().payload == {"army": "a2", "unit": "u8", "notes": "ok"}


def test_a_player_cannot_record_another_armys_post_battle(played, client_for):
    assert client_for("bob").post(url(played, "post-battle", {"number": 1, "key": "a1"}), {}).status_code == 403
    assert client_for("bob").post(url(played, "post-battle", {"number": 1, "key": "a2"}), {}).status_code == 302


@pytest.mark.parametrize("name, kwargs, data", [
    ("mission-result", {"number": 1}, {"winner": "a1"}),
    ("mission-event", {"number": 1}, {"round": "1", "number": "65", "army": "a1"}),
])
def test_only_the_missions_players_or_the_game_master_record_it(armies, players, make_user, client_for, client,
                                                                 name, kwargs, data):
    from armylists.campaigns import services
    services.perform(campaign=armies, actor=players["alice"], kind="start-mission",
                     data={"fielded": [{"army": "a1", "units": ["u1"]}, {"army": "a2", "units": ["u8"]}]})
    target = url(armies, name, kwargs)
    assert client_for("carol").post(target, data).status_code == 404
    assert client.post(target, data).status_code == 302
    services.join_campaign(campaign=armies, user=players["carol"], token=armies.invite_token)
    assert client_for("carol").post(target, data).status_code == 403
    assert client_for("bob").post(target, data).status_code == 302
    assert Action.objects.last().kind in ("record-result", "random-event")


def test_creating_a_mission_needs_membership(armies, client_for):
    data = {"army": ["a1", "a2"], "units-a1": ["u1"], "units-a2": ["u8"]}
    assert client_for("carol").post(url(armies, "mission-create", {}), data).status_code == 404
    assert client_for("bob").post(url(armies, "mission-create", {}), data).status_code == 302
    assert Action.objects.last().kind == "start-mission"


def test_only_the_game_master_renews_the_invitation(armies, client_for):
    target = url(armies, "campaign-invite-renew", {})
    token = armies.invite_token
    assert client_for("carol").post(target).status_code == 404
    assert client_for("bob").post(target).status_code == 403
    armies.refresh_from_db()
    assert armies.invite_token == token
    assert client_for("alice").post(target, {"confirmed": "yes"}).status_code == 302
    armies.refresh_from_db()
    assert armies.invite_token != token


def test_joining_by_invitation(armies, client_for):
    join = reverse("campaigns:campaign-join", args=[armies.invite_token])
    assert client_for("carol").get(url(armies, "campaign-detail", {})).status_code == 404
    assert client_for("carol").get(join).status_code == 200
    assert client_for("carol").post(join).status_code == 302
    assert client_for("carol").get(url(armies, "campaign-detail", {})).status_code == 200
    assert client_for("carol").get(reverse("campaigns:campaign-join", args=["not-the-token"])).status_code == 404


def test_the_campaign_list_shows_only_my_campaigns(armies, client_for):
    assert armies.name.encode() in client_for("bob").get(reverse("campaigns:campaign-index")).content
    assert armies.name.encode() not in client_for("carol").get(reverse("campaigns:campaign-index")).content


def test_starting_an_army_is_a_members_own(armies, client_for, players):
    from armylists.campaigns import services
    services.join_campaign(campaign=armies, user=players["carol"], token=armies.invite_token)
    target = url(armies, "army-create", {}) + "?faction=human-empire"
    response = client_for("carol").post(target, {"name": "Green Host", "faction": "human-empire",
                                                 "count-infantrymen": "6", "count-captain": "1"})
    assert response.status_code == 302
    assert armies.armies.get(key="a3").owner == players["carol"]


JUNK = {"unit": "u9999", "upgrade": "../../etc", "name": "x" * 500, "notes": "y" * 5000, "die": "7",
        "points": "1e9", "reason": "", "status": "zombie", "sitting_out": "-1", "traits": "flying",
        "winner": "a99", "conceded": ["a99"], "number": "17", "army": ["a99", "a1"], "units-a1": ["u999"],
        "casualty-u1": "on", "units-u1": "999999", "dice-u1": "9 9 x", "count-infantrymen": "many"}


@pytest.mark.parametrize("name, kwargs, data", ARMY_CHANGES + [
    ("mission-result", {"number": 1}, {}), ("mission-event", {"number": 1}, {}), ("mission-create", {}, {}),
    ("army-create", {}, {}), ("campaign-invite-renew", {}, {})])
def test_junk_from_the_owner_is_refused_with_a_message_never_an_error(played, client_for, name, kwargs, data):
    response = client_for("alice").post(url(played, name, kwargs), JUNK)
    assert response.status_code in (200, 302), response.status_code


@pytest.mark.parametrize("name", ["campaign-index", "campaign-create"])
def test_the_campaign_list_and_form_need_a_login(client, name):
    assert client.get(reverse(f"campaigns:{name}")).status_code == 302
