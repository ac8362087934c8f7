"""The event services: states and their log, people, invitations, and frozen submissions."""
from __future__ import annotations

import copy
import datetime as dt
import json
from pathlib import Path

import pytest
from django.urls import reverse

from armylists.boundary.errors import BadInput
from armylists.checking.check import check_document
from armylists.events import services
from armylists.events.frozen import thaw
from armylists.events.models import Event, FrozenError, Note, StateChange, Submission
from armylists.events.pack import submission_sheet
from armylists.printing.service import sheet_for
from factions.importer import import_file
from factions.models import GameSystem, Unit, data_changed
from tests.factories import change_units

from .conftest import ILLEGAL, LEGAL, NOW, client_for, list_file

DEMO = Path(__file__).resolve().parents[2] / "factions" / "data" / "demo"

pytestmark = pytest.mark.django_db
State = Event.State


# --- states and their log ---------------------------------------------------------------


def test_each_change_of_state_is_logged_with_who_and_when(make_event, organiser, clock):
    event = make_event(state=State.DRAFT)
    services.change_state(event=event, to=State.OPEN, by=organiser)
    clock.set(NOW + dt.timedelta(hours=1))
    services.change_state(event=event, to=State.LOCKED, by=organiser)
    log = [(c.from_state, c.to_state, c.by, c.at) for c in StateChange.objects.filter(event=event)]
    assert log == [("draft", "open", organiser, NOW), ("open", "locked", organiser, NOW + dt.timedelta(hours=1))]


@pytest.mark.parametrize("start, to", [(State.DRAFT, State.LOCKED), (State.DRAFT, State.PUBLISHED),
                                       (State.OPEN, State.PUBLISHED), (State.PUBLISHED, State.OPEN)])
def test_states_follow_in_order(make_event, organiser, start, to):
    event = make_event(state=State.DRAFT)
    for step in {State.OPEN: [State.OPEN], State.PUBLISHED: [State.OPEN, State.LOCKED, State.PUBLISHED]}.get(start, []):
        services.change_state(event=event, to=step, by=organiser)
    logged = StateChange.objects.count()
    with pytest.raises(services.Refused, match="cannot become"):
        services.change_state(event=event, to=to, by=organiser)
    assert StateChange.objects.count() == logged and Event.objects.get().state == start


def test_an_open_event_locks_itself_at_the_deadline_once(event, clock):
    clock.set(event.deadline + dt.timedelta(minutes=5))
    services.lock_if_due(event)
    services.lock_if_due(Event.objects.get())
    change = StateChange.objects.get(to_state=State.LOCKED)
    assert change.by is None and change.at == event.deadline and Event.objects.get().state == State.LOCKED


def test_reopening_after_the_deadline_needs_a_new_deadline(event, organiser, clock):
    clock.set(event.deadline)
    services.lock_if_due(event)
    with pytest.raises(services.Refused, match="has passed; move it before reopening"):
        services.change_state(event=event, to=State.OPEN, by=organiser)
    services.update_event(event=event, deadline=event.deadline + dt.timedelta(days=1))
    assert services.change_state(event=event, to=State.OPEN, by=organiser).state == State.OPEN


def test_a_published_event_can_no_longer_be_changed(event, organiser):
    for to in (State.LOCKED, State.PUBLISHED):
        services.change_state(event=event, to=to, by=organiser)
    with pytest.raises(services.Refused, match="published"):
        services.update_event(event=event, name="Renamed")


def test_dates_must_carry_a_time_zone(library, organiser):
    with pytest.raises(services.Refused, match="needs a time zone"):
        services.create_event(creator=organiser, name="Naive", game=library, time_zone="Europe/London",
                              starts_at=dt.datetime(2026, 6, 1), deadline=NOW)
    with pytest.raises(services.Refused, match="not a time zone"):
        services.create_event(creator=organiser, name="Nowhere", game=library, time_zone="Mars/Olympus",
                              starts_at=NOW, deadline=NOW)
    assert Event.objects.count() == 0


def test_addresses_are_unique(make_event):
    assert [make_event().slug for _ in range(3)] == ["spring-muster", "spring-muster-2", "spring-muster-3"]
    with pytest.raises(services.Refused, match="taken"):
        make_event(slug="spring-muster")


# --- people ---------------------------------------------------------------------------------


def test_co_organisers_are_invited_by_username_and_organise_once_they_accept(event, players, organiser):
    alice, bob = players
    services.invite_organiser(event=event, username="alice", by=organiser)
    services.invite_organiser(event=event, username="alice", by=organiser)  # once is enough
    services.invite_organiser(event=event, username="nobody", by=organiser)  # nothing, and nothing said
    assert [o.user.username for o in event.organisers.all()] == ["olga"]
    assert services.answer_organiser_invitation(event=event, user=alice, accept=True)
    assert [o.user.username for o in event.organisers.all()] == ["olga", "alice"]
    services.invite_organiser(event=event, username="alice", by=organiser)  # organises already: no invitation
    assert not services.answer_organiser_invitation(event=event, user=alice, accept=True)
    services.invite_organiser(event=event, username="bob", by=organiser)
    assert services.answer_organiser_invitation(event=event, user=bob, accept=False)
    assert [o.user.username for o in event.organisers.all()] == ["olga", "alice"]
    with pytest.raises(services.Refused, match="creator cannot be removed"):
        services.remove_organiser(event=event, organiser=event.organisers.get(user=organiser))


def test_renewing_the_invitation_changes_the_link(event):
    old = event.invite_token
    assert services.renew_invitation(event=event).invite_token != old
    assert not Event.objects.filter(invite_token=old).exists()


def test_display_names_are_unique_in_an_event_whatever_their_case(event, players):
    services.join_event(event=event, user=players[0], display_name="  The   Duke ")
    assert event.players.get().display_name == "The Duke"
    with pytest.raises(services.Refused, match="Another player of this event is called “the duke”"):
        services.join_event(event=event, user=players[1], display_name="the duke")
    bob = services.join_event(event=event, user=players[1], display_name="Bob")
    with pytest.raises(services.Refused, match="Another player"):
        services.rename_player(player=bob, display_name="THE DUKE")
    with pytest.raises(services.Refused, match="at most 60"):
        services.rename_player(player=bob, display_name="x" * 61)


def test_joining_twice_keeps_one_player(event, players):
    first = services.join_event(event=event, user=players[0], display_name="Alice")
    assert services.join_event(event=event, user=players[0], display_name="Other") == first


# --- submissions ----------------------------------------------------------------------------


def test_a_submission_is_frozen_with_the_fingerprints_its_roster_prints(event, joined, army_list, players):
    own = army_list(players[0], LEGAL)
    submission = services.submit(player=joined[0], data=own.document, source_list=own)
    sheet = sheet_for(own.document)
    assert (submission.list_fingerprint, submission.data_fingerprint) == (sheet.list_fingerprint,
                                                                          sheet.data_fingerprint)
    assert set(submission.library["factions"]["kingdom"]["units"]) == {"infantry", "captain", "knights"}
    assert (submission.legal, submission.points, submission.points_limit, submission.version) == (True, 320, 1000, 1)
    assert submission.submitted == NOW and submission.faction_name == "Kingdom"


def test_later_edits_of_the_list_or_the_units_change_nothing_frozen(event, joined, army_list, players):
    own = army_list(players[0], LEGAL)
    submission = services.submit(player=joined[0], data=own.document, source_list=own)
    own.document = list_file({"unit": "giant"})
    own.save()
    Unit.objects.filter(slug="knights").update(name="Heavy Knights")
    change_units(Unit.objects.filter(slug="knights"), cost=999)
    data_changed(event.game_id)
    frozen = Submission.objects.get(pk=submission.pk)
    checked = thaw(frozen, event.game)
    assert checked.report.points == 320 and checked.report.legal
    assert [e.unit.name for e in checked.army.entries] == ["Infantrymen", "Captain", "Knights"]
    assert frozen.document == submission.document and frozen.library == submission.library


def test_a_submission_cannot_be_changed_once_saved(event, joined):
    submission = services.submit(player=joined[0], data=copy.deepcopy(LEGAL))
    submission.legal = False
    with pytest.raises(FrozenError):
        submission.save()
    assert Submission.objects.get().legal is True


def test_every_version_is_kept(event, joined):
    for data in (LEGAL, ILLEGAL, LEGAL):
        services.submit(player=joined[0], data=copy.deepcopy(data))
    assert [(s.version, s.legal) for s in joined[0].submissions.all()] == [(1, True), (2, False), (3, True)]


@pytest.mark.parametrize("data, error", [
    (list_file({"unit": "dragon"}), "entries[0].unit: no unit 'dragon' in faction 'kingdom'"),
    ({"format": "armylists/list@1"}, "game: missing; expected one of"),
    (dict(LEGAL, game="battleground", faction="hawkshold"),
     "this list is for another game (Battleground Fantasy Warfare)"),
])
def test_a_list_that_cannot_be_checked_for_the_event_writes_nothing(event, joined, data, error):
    with pytest.raises((BadInput, services.Refused)) as refused:
        services.submit(player=joined[0], data=data)
    assert error in str(refused.value) and Submission.objects.count() == 0


def test_submissions_wait_for_the_event_to_open(make_event, players):
    event = make_event(state=State.DRAFT)
    player = services.join_event(event=event, user=players[0], display_name="Alice")
    with pytest.raises(services.Refused, match="not open for submissions yet"):
        services.submit(player=player, data=copy.deepcopy(LEGAL))


def test_only_your_own_list_can_be_submitted(event, joined, army_list, players):
    bobs = army_list(players[1], LEGAL)
    with pytest.raises(services.Refused, match="your own lists"):
        services.submit(player=joined[0], data=bobs.document, source_list=bobs)


def test_the_event_settings_replace_the_lists_own(make_event, players):
    """The list says 5000 points and no force organisation; the event says 1000 and forces it on
    ("Force lists must follow Force Org. rules", AoF Regiments, Tournament Guidelines: The Armies)."""
    event = make_event(settings={"points_limit": 1000, "force_organisation": True})
    player = services.join_event(event=event, user=players[0], display_name="Alice")
    heroes = list_file(*[{"unit": "captain"}] * 3, points_limit=5000, force_organisation=False)
    submission = services.submit(player=player, data=heroes)
    assert submission.points_limit == 1000 and submission.codes == ["too-many-heroes", "too-many-copies"]
    assert submission.document["points_limit"] == 5000  # the player's document is kept as it was


def test_notes_are_set_changed_and_removed(event, joined, organiser):
    submission = services.submit(player=joined[0], data=copy.deepcopy(ILLEGAL))
    services.set_note(submission=submission, text="Please fix: the Giant is over 35%.", by=organiser)
    services.set_note(submission=submission, text="Please fix: too many Knights.", by=organiser)
    assert Note.objects.get().text == "Please fix: too many Knights."
    with pytest.raises(services.Refused, match="at most 2000"):
        services.set_note(submission=submission, text="x" * 2001, by=organiser)
    services.set_note(submission=submission, text="  ", by=organiser)
    assert not Note.objects.exists()


def test_the_frozen_check_matches_a_fresh_check_of_the_same_data(event, joined):
    submission = services.submit(player=joined[0], data=copy.deepcopy(ILLEGAL))
    fresh = check_document(copy.deepcopy(ILLEGAL), overrides={"points_limit": 1000})
    assert [v.as_dict() for v in fresh.report.violations] == submission.violations


def test_a_diskwars_list_keeps_the_command_cards_of_a_faction_it_has_no_unit_of(organiser, players, db):
    """Command cards are looked up in every faction of the game (docs/list-file.md, Top-level fields)."""
    import_file(DEMO / "diskwars.json")
    diskwars = GameSystem.objects.get(slug="diskwars")
    event = services.create_event(creator=organiser, name="Disks", game=diskwars, time_zone="UTC",
                                  starts_at=NOW + dt.timedelta(days=9), deadline=NOW + dt.timedelta(days=8))
    services.change_state(event=event, to=State.OPEN, by=organiser)
    player = services.join_event(event=event, user=players[0], display_name="Alice")
    data = json.loads((DEMO / "lists" / "diskwars-legal.json").read_text())
    data["entries"] = [e for e in data["entries"] if not e.get("faction")]  # High Elves only
    data["regiments"] = 1
    assert "steady-advance" in data["command_cards"]  # an Empire card
    submission = services.submit(player=player, data=data)
    with_cards = {slug for slug, f in submission.library["factions"].items() if f["command_cards"]}
    assert with_cards == {"high-elves", "empire"}
    assert submission.library["factions"]["empire"]["units"] == {}
    sheet = submission_sheet(submission, event)
    assert (sheet.list_fingerprint, sheet.data_fingerprint) == (submission.list_fingerprint,
                                                                submission.data_fingerprint)
    assert sheet.data_fingerprint == sheet_for(data).data_fingerprint


def test_frozen_data_that_no_longer_reads_is_shown_not_a_server_error(event, joined, organiser):
    """If Muster's rules ever stop reading a frozen list, its page still shows the frozen verdict."""
    submission = services.submit(player=joined[0], data=copy.deepcopy(LEGAL))
    broken = dict(submission.document, entries=[{"id": "e1", "unit": "dragon"}])
    Submission.objects.filter(pk=submission.pk).update(document=broken)  # as a rules change would see it
    olga = client_for(organiser)
    page = olga.get(reverse("events:submission", args=[event.slug, submission.pk]))
    assert page.status_code == 200 and "no unit &#x27;dragon&#x27;" in page.content.decode()
    pdf = olga.get(reverse("events:submission-pdf", args=[event.slug, submission.pk]))
    assert pdf.status_code == 409 and pdf["Content-Type"] == "text/plain; charset=utf-8"
    olga.post(reverse("events:pack-start", args=[event.slug]))
    assert event.packs.get().problem.startswith("RuntimeError: the roster of Alice cannot be printed")


def test_my_events_shows_an_event_past_its_deadline_as_locked(event, organiser, clock):
    clock.set(event.deadline)
    page = client_for(organiser).get(reverse("events:index"))
    assert [e.state for e in page.context["events"]] == [State.LOCKED]
    assert StateChange.objects.filter(to_state=State.LOCKED, by=None).count() == 1


def test_meta_is_kept_unchanged_through_import_and_submission(joined, players, army_list):
    """docs/list-file.md, `meta`: carried unchanged through import, export and submission."""
    meta = {"event": "Spring Muster", "tags": ["casual"], "nested": {"a": [1, None]}}
    own = army_list(players[0], {**LEGAL, "meta": meta})
    submission = services.submit(player=joined[0], data=own.document, source_list=own)
    assert submission.document["meta"] == meta
