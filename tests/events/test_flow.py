"""An event from start to end, through its pages: settings with a ban, two players, a resubmission,
a change of the faction data, the deadline, and publishing."""
from __future__ import annotations

import copy
import datetime as dt

import pytest
from django.urls import reverse

from armylists.events.models import Event, StateChange, Submission
from factions.importer import import_document
from factions.schemas import parse_faction_file

from .conftest import ILLEGAL, KINGDOM, LEGAL, client_for, list_file

pytestmark = pytest.mark.django_db


def create_through_the_form(organiser, **fields):
    data = {"game": "aof-regiments", "name": "Spring Muster", "slug": "", "time_zone": "Europe/London",
            "starts_at": "2026-06-13T10:00", "deadline": "2026-06-12T18:00", "venue": "The Old Hall",
            "set__points_limit": "1000", "set__force_organisation": "true", "set__mixed_armies": "",
            "set__hero_per": "500", "banned_factions": ["orcs"], "banned_units": ["kingdom/giant"], **fields}
    return client_for(organiser).post(reverse("events:create"), data)


def dashboard_rows(client, event, **params):
    response = client.get(reverse("events:dashboard", args=[event.slug]), params)
    assert response.status_code == 200
    return [(r.player.display_name, r.verdict) for r in response.context["table"].rows]


def test_the_whole_event(library, organiser, players, army_list, clock):
    # The organiser creates the event with the game's numbers overridden and a ban.
    response = create_through_the_form(organiser)
    event = Event.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/events/{event.slug}/"
    assert event.settings == {"points_limit": 1000, "force_organisation": True, "hero_per": 500,
                              "banned_factions": ["orcs"], "banned_units": ["kingdom/giant"]}
    olga = client_for(organiser)
    olga.post(reverse("events:state", args=[event.slug]), {"to": "open"})
    invitation = olga.get(event.get_absolute_url()).context["invite_url"]

    # Two players join through the invitation link and submit; one list is illegal.
    alice, bob = (client_for(u) for u in players)
    for client, name in ((alice, "Alice"), (bob, "Bob")):
        assert client.post(invitation, {"display_name": name}).status_code == 302
    own = army_list(players[0], dict(LEGAL, force_organisation=False))
    assert alice.post(reverse("events:submit-list", args=[event.slug]), {"list": own.pk}).status_code == 302
    bad = army_list(players[1], ILLEGAL)
    bob.post(reverse("events:submit-list", args=[event.slug]), {"list": bad.pk})

    # The organiser sees both verdicts, the illegal list first, with the event's own rules applied.
    assert dashboard_rows(olga, event) == [("Bob", "illegal"), ("Alice", "legal")]
    bob_submission = Submission.objects.get(player__display_name="Bob")
    assert bob_submission.codes == ["banned-unit", "too-many-copies", "unit-too-expensive"]
    assert Submission.objects.get(player__display_name="Alice").checked_with["force_organisation"] is True

    # Bob fixes his list and resubmits: both versions are kept, and the change is shown.
    fixed = copy.deepcopy(ILLEGAL)
    fixed["entries"] = [{"id": "e2", "unit": "knights"}, {"id": "e5", "unit": "infantry", "options": ["banner"]}]
    bad.document = fixed
    bad.save()
    bob.post(reverse("events:submit-list", args=[event.slug]), {"list": bad.pk})
    v2 = Submission.objects.get(player__display_name="Bob", version=2)
    assert v2.legal and dashboard_rows(olga, event) == [("Alice", "legal"), ("Bob", "legal")]
    page = olga.get(reverse("events:submission", args=[event.slug, v2.pk]))
    changes = {(c.kind, c.label) for c in page.context["diff"].entries}
    assert changes == {("removed", "Giant"), ("removed", "Knights"), ("added", "Infantrymen")}
    assert (page.context["diff"].points_before, page.context["diff"].points_after) == (980, 255)

    # The faction data changes: Knights now cost 400. The frozen submissions do not move;
    # re-checking reports Alice's list as illegal now, and why.
    changed = copy.deepcopy(KINGDOM)
    changed["factions"][0]["units"][1]["cost"] = 400
    import_document(parse_faction_file(changed))
    alice_v1 = Submission.objects.get(player__display_name="Alice")
    assert alice_v1.legal and alice_v1.points == 320
    recheck = olga.get(reverse("events:recheck", args=[event.slug]))
    results = {r.player.display_name: r for r in recheck.context["results"]}
    assert results["Alice"].verdict_changed and results["Alice"].legal is False and results["Alice"].points == 570
    assert results["Alice"].why == (
        "Knights: cost 150 → 400", "points 320 → 570",
        "now reported: Knights costs 400 points; no unit may cost over 350 (35% of 1000)")
    assert results["Bob"].verdict_changed  # his second version has Knights too
    assert Submission.objects.get(pk=alice_v1.pk).legal is True

    # At the deadline the event locks itself; a late submission is refused and nothing is written.
    clock.set(dt.datetime(2026, 6, 12, 17, 0, tzinfo=dt.UTC))  # 18:00 in London (BST)
    response = alice.post(reverse("events:submit-list", args=[event.slug]), {"list": own.pk}, follow=True)
    assert "Submissions closed at the deadline, 12 Jun 2026, 18:00 BST" in response.content.decode()
    assert Submission.objects.filter(player__display_name="Alice").count() == 1
    event.refresh_from_db()
    assert event.state == "locked"
    assert StateChange.objects.filter(event=event, to_state="locked", by=None).get().at == event.deadline

    # Before publishing, Alice cannot open Bob's list; after, every player sees every list and roster.
    bob_url = reverse("events:submission", args=[event.slug, v2.pk])
    assert alice.get(bob_url).status_code == 404
    olga.post(reverse("events:state", args=[event.slug]), {"to": "published", "confirmed": "yes"})
    assert alice.get(bob_url).status_code == 200
    page = alice.get(event.get_absolute_url())
    assert [p.display_name for p, _ in page.context["published"]] == ["Alice", "Bob"]
    pdf = alice.get(reverse("events:submission-pdf", args=[event.slug, v2.pk]))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert [c.to_state for c in event.state_changes.all()] == ["open", "locked", "published"]


def test_the_deadline_is_the_wall_clock_time_of_the_events_time_zone(library, organiser, players, army_list, clock):
    """Entered as 09:00 in Auckland (NZST, UTC+12), the deadline is 21:00 UTC the evening before."""
    create_through_the_form(organiser, time_zone="Pacific/Auckland", starts_at="2026-05-02T09:00",
                            deadline="2026-05-01T09:00", banned_factions=[], banned_units=[])
    event = Event.objects.get()
    assert event.deadline == dt.datetime(2026, 4, 30, 21, 0, tzinfo=dt.UTC)
    clock.set(dt.datetime(2026, 4, 20, tzinfo=dt.UTC))
    client_for(organiser).post(reverse("events:state", args=[event.slug]), {"to": "open"})
    alice = client_for(players[0])
    alice.post(reverse("events:join", args=[event.invite_token]), {"display_name": "Alice"})
    own = army_list(players[0], LEGAL)
    submit = reverse("events:submit-list", args=[event.slug])

    # On 30 April at 20:59 UTC it is still the morning of 1 May, 08:59, in Auckland: accepted.
    clock.set(dt.datetime(2026, 4, 30, 20, 59, tzinfo=dt.UTC))
    alice.post(submit, {"list": own.pk})
    # A minute later it is 09:00 in Auckland, though still 30 April in London and UTC: refused.
    clock.set(dt.datetime(2026, 4, 30, 21, 0, tzinfo=dt.UTC))
    page = alice.post(submit, {"list": own.pk}, follow=True).content.decode()
    assert "Submissions closed at the deadline, 1 May 2026, 09:00 NZST" in page
    assert Submission.objects.count() == 1
    assert "1 May 2026, 09:00 NZST" in alice.get(event.get_absolute_url()).content.decode()


def test_a_list_of_a_banned_faction_is_illegal_for_the_event_only(make_event, joined, army_list, players):
    event = make_event(name="No Orcs", settings={"points_limit": 1000, "banned_factions": ["orcs"]})
    player = event.players.create(user=players[0], display_name="Alice")
    orcs = army_list(players[0], list_file({"unit": "boyz"}, {"unit": "warboss"}, faction="orcs"))
    client_for(players[0]).post(reverse("events:submit-list", args=[event.slug]), {"list": orcs.pk})
    submission = player.submissions.get()
    assert submission.codes == ["banned-faction"] and not submission.legal
    message = submission.violations[0]["message"]
    # The faction is named as the boundary gives it to the engine (its name once resolve passes factions).
    assert message.startswith("Orc Boyz and Warboss are from ") and message.endswith(
        ", a faction this event does not allow")


@pytest.mark.parametrize("wanted", ["a1", "1.5", "9" * 40, "\x00", ""])
def test_submitting_something_that_is_no_list_number_is_refused_and_writes_nothing(joined, players, wanted):
    # Found by tests/production/test_fuzz_forms.py: a "list" that was not a number reached the query (a 500).
    event = joined[0].event
    response = client_for(players[0]).post(reverse("events:submit-list", args=[event.slug]), {"list": wanted},
                                           follow=True)
    assert "Nothing was submitted: Choose one of your lists." in response.content.decode()
    assert not Submission.objects.exists()


@pytest.mark.parametrize("game", ["", "no-such-game"])
def test_an_event_posted_without_a_game_it_knows_says_so_and_creates_nothing(organiser, game):
    response = create_through_the_form(organiser, game=game)
    assert response.status_code == 200
    assert "Choose the game the event plays; nothing was saved." in response.content.decode()
    assert not Event.objects.exists()


def test_a_recheck_says_what_changed_in_words():
    """Settings and unit fields by their names, values as words: no Python value, no key."""
    from armylists.events.recheck import data_changes, settings_changes

    assert settings_changes({"points_limit": 1500, "force_organisation": None},
                            {"points_limit": 2000, "force_organisation": True}) == [
        "setting force organisation: none → yes", "setting points limit: 1500 → 2000"]
    frozen = {"factions": {"kingdom": {"units": {"knights": {"name": "Knights", "model_count": 5, "hero": False}}}}}
    today = {"factions": {"kingdom": {"units": {"knights": {"name": "Knights", "model_count": 3, "hero": True}}}}}
    assert data_changes(frozen, today) == ["Knights: hero no → yes, model count 5 → 3"]
