"""The only code that writes events, their people and their submissions.

Each function takes keyword arguments, checks what it is asked against the
event's state, writes in one transaction and returns what it wrote. A request
that cannot be done raises `Refused` (one sentence for the user) or `BadInput`
(a list file or a setting that is not well formed) and writes nothing.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.text import slugify

from armylists.boundary.names import lookalike, name_fault
from armylists.builder.models import ArmyList
from armylists.builder.services import BadInput
from armylists.rules.refused import Refused
from armylists.web.slugs import unique_slug
from factions.models import GameSystem

from .dates import date_fault
from .eventsettings import clean_settings
from .frozen import frozen_fields
from .models import (
    DISPLAY_NAME_MAX,
    NOTE_MAX,
    VERSIONS_MAX,
    Event,
    Note,
    Organiser,
    OrganiserInvitation,
    Player,
    StateChange,
    Submission,
    new_invite_token,
)

__all__ = ["BadInput", "Refused"]

State = Event.State
# Which state may follow which, by hand. Locking also happens by itself at the deadline.
TRANSITIONS = {
    State.DRAFT: (State.OPEN,),
    State.OPEN: (State.DRAFT, State.LOCKED),
    State.LOCKED: (State.OPEN, State.PUBLISHED),
    State.PUBLISHED: (),
}


def now() -> datetime:
    """The clock every rule about the deadline reads; tests move it."""
    return timezone.now()


def in_zone(moment: datetime, event: Event) -> str:
    return timezone.localtime(moment, event.zone).strftime("%d %b %Y, %H:%M %Z").lstrip("0")


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise Refused(f"“{name}” is not a time zone (use a name such as Europe/London).") from None


def _aware(moment: datetime, field: str) -> datetime:
    """An event's date or deadline as it may be stored: aware, and within the years `dates` allows."""
    if timezone.is_naive(moment):
        raise Refused(f"The {field} needs a time zone.")
    if fault := date_fault(moment):
        raise Refused(f"The {field} {fault}.")
    return moment


def _free_slug(name: str, wanted: str | None) -> str:
    base = slugify(wanted or name)[:56].strip("-") or "event"
    if wanted and Event.objects.filter(slug=base).exists():
        raise Refused(f"The address “{base}” is taken by another event.")
    return unique_slug(base, Event.objects.all())


@transaction.atomic
def create_event(*, creator, name: str, game: GameSystem, starts_at: datetime, time_zone: str,
                 deadline: datetime, venue: str = "", settings: dict[str, Any] | None = None,
                 slug: str | None = None) -> Event:
    """A draft event, run by its creator; the settings are checked before anything is written."""
    _zone(time_zone)
    event = Event.objects.create(
        slug=_free_slug(name, slug), name=name.strip(), game=game, time_zone=time_zone, venue=venue.strip(),
        starts_at=_aware(starts_at, "date"), deadline=_aware(deadline, "deadline"),
        settings=clean_settings(game, settings or {}), created_by=creator)
    Organiser.objects.create(event=event, user=creator, is_creator=True)
    return event


EDITABLE = ("name", "starts_at", "time_zone", "venue", "deadline", "settings")


@transaction.atomic
def update_event(*, event: Event, **changes: Any) -> Event:
    """Change the event's details or settings; once the lists are published the record is final."""
    if event.state == State.PUBLISHED:
        raise Refused("The lists are published; the event can no longer be changed.")
    unknown = set(changes) - set(EDITABLE)
    if unknown:
        raise Refused(f"Not a detail of an event: {', '.join(sorted(unknown))}.")
    if "time_zone" in changes:
        _zone(changes["time_zone"])
    if "settings" in changes:
        changes["settings"] = clean_settings(event.game, changes["settings"])
    for field, said in (("starts_at", "date"), ("deadline", "deadline")):
        if field in changes:
            _aware(changes[field], said)
    for field, value in changes.items():
        setattr(event, field, value.strip() if isinstance(value, str) else value)
    event.save(update_fields=list(changes))
    return event


def _log(event: Event, to: str, by, at: datetime) -> None:
    StateChange.objects.create(event=event, from_state=event.state, to_state=to, by=by, at=at)


@transaction.atomic
def change_state(*, event: Event, to: str, by) -> Event:
    """Open, lock, reopen or publish by hand; each change is logged with who and when."""
    event = lock_if_due(event)
    if to not in TRANSITIONS.get(event.state, ()):
        raise Refused(f"An event that is {event.get_state_display().lower()} cannot become "
                      f"{State(to).label.lower() if to in State.values else to}.")
    moment = now()
    if to == State.OPEN and moment >= event.deadline:
        raise Refused(f"The deadline ({in_zone(event.deadline, event)}) has passed; move it before reopening.")
    _log(event, to, by, moment)
    Event.objects.filter(pk=event.pk).update(state=to)
    event.state = to
    return event


def lock_if_due(event: Event) -> Event:
    """An open event past its deadline locks itself; logged at the deadline, by nobody.

    Done when the event is next read (there is no scheduler); the conditional
    update makes sure two requests at once log it once.
    """
    if event.state != State.OPEN or now() < event.deadline:
        return event
    with transaction.atomic():
        if Event.objects.filter(pk=event.pk, state=State.OPEN).update(state=State.LOCKED):
            _log(event, State.LOCKED, None, event.deadline)
    event.state = State.LOCKED
    return event


@transaction.atomic
def invite_organiser(*, event: Event, username: str, by) -> None:
    """Invites the user of that name, if there is one and they do not organise the event yet; says
    nothing either way, so that the form cannot be used to find out who has an account."""
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None or Organiser.objects.filter(event=event, user=user).exists():
        return
    OrganiserInvitation.objects.get_or_create(event=event, user=user, defaults={"invited_by": by})


@transaction.atomic
def answer_organiser_invitation(*, event: Event, user, accept: bool) -> bool:
    """Accepts (the user organises the event from now on) or declines the user's invitation; False if
    there was none."""
    deleted, _ = OrganiserInvitation.objects.filter(event=event, user=user).delete()
    if deleted and accept:
        Organiser.objects.get_or_create(event=event, user=user)
    return bool(deleted)


@transaction.atomic
def remove_organiser(*, event: Event, organiser: Organiser) -> None:
    if organiser.is_creator:
        raise Refused("The event's creator cannot be removed.")
    organiser.delete()


@transaction.atomic
def renew_invitation(*, event: Event) -> Event:
    """A new invitation link; the old one stops working at once."""
    event.invite_token = new_invite_token()
    event.save(update_fields=["invite_token"])
    return event


def valid_display_name(name: str) -> str:
    """The name as it will be shown, its spaces collapsed; refused if empty, too long, or holding a character
    nobody sees (armylists.boundary.names)."""
    name = " ".join(name.split())
    if not name:
        raise Refused("A display name cannot be empty.")
    if len(name) > DISPLAY_NAME_MAX:
        raise Refused(f"A display name has at most {DISPLAY_NAME_MAX} characters.")
    if fault := name_fault(name):
        raise Refused(f"A display name {fault}.")
    return name


def refuse_taken_name(event: Event, name: str, player: Player | None = None) -> None:
    """Refused when another player of the event (not `player`) is called `name`, whatever its case, or a name
    it reads like (docs/events.md, "Names")."""
    others = Player.objects.filter(event=event)
    if player is not None:
        others = others.exclude(pk=player.pk)
    other = lookalike(name, others.values_list("display_name", flat=True).iterator(chunk_size=2000))
    if other is None:
        return
    if other.casefold() == name.casefold():
        raise Refused(f"Another player of this event is called “{name}”; choose another display name.")
    raise Refused(f"“{name}” is too like “{other}”, the name of another player of this event; "
                  "choose another display name.")


@transaction.atomic
def join_event(*, event: Event, user, display_name: str, late: bool = False) -> Player:
    """`late`: a late player of the day, whom an organiser invited (tournament's day.py), who joins even once
    the lists are published; through the invitation link nobody does."""
    if event.state == State.PUBLISHED and not late:
        raise Refused("The lists of this event are published; it takes no more players.")
    existing = Player.objects.filter(event=event, user=user).first()
    if existing:
        return existing
    name = valid_display_name(display_name)
    refuse_taken_name(event, name)
    try:
        with transaction.atomic():
            return Player.objects.create(event=event, user=user, display_name=name)
    except IntegrityError:  # the same name, or the same player, a moment ago in another request
        raise Refused(f"“{name}” was taken a moment ago, or you have joined already; please try again.") from None


@transaction.atomic
def rename_player(*, player: Player, display_name: str) -> Player:
    name = valid_display_name(display_name)
    refuse_taken_name(player.event, name, player)
    player.display_name = name
    try:
        with transaction.atomic():
            player.save(update_fields=["display_name"])
    except IntegrityError:
        raise Refused(f"“{name}” was taken a moment ago; choose another display name.") from None
    return player


def _open_for_submissions(event: Event) -> None:
    event = lock_if_due(event)
    if event.state == State.LOCKED or event.state == State.PUBLISHED:
        raise Refused(f"Submissions closed at the deadline, {in_zone(event.deadline, event)}.")
    if event.state != State.OPEN:
        raise Refused("The event is not open for submissions yet.")


def submit(*, player: Player, data: Any, source_list: ArmyList | None = None) -> Submission:
    """Freeze a list as the player's next version; legal or not, it is kept (warn, never block)."""
    event = player.event
    _open_for_submissions(event)
    if source_list is not None and source_list.owner_id != player.user_id:
        raise Refused("Only your own lists can be submitted.")
    try:
        fields = frozen_fields(event, data)
    except ValueError as error:
        raise Refused(f"The event's settings no longer fit {event.game.name} ({error}); "
                      "ask the organisers to fix them.") from None
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player.pk).first()
        _open_for_submissions(Event.objects.get(pk=event.pk))
        latest = player.submissions.aggregate(n=Max("version"))["n"] or 0
        if latest >= VERSIONS_MAX:
            raise Refused(f"You have submitted {VERSIONS_MAX} versions, the most one player may; your latest "
                          "counts. Ask the organisers if you must change it again.")
        try:
            return Submission.objects.create(player=player, version=latest + 1, submitted=now(),
                                             source_list=source_list, **fields)
        except IntegrityError:
            raise Refused("Another submission arrived at the same moment; please try again.") from None


@transaction.atomic
def set_note(*, submission: Submission, text: str, by, private: str = "") -> Note | None:
    """The organisers' notes on a submission, the player's (`text`) and their own (`private`);
    both empty removes them."""
    text, private = text.strip(), private.strip()
    if len(text) > NOTE_MAX or len(private) > NOTE_MAX:
        raise Refused(f"A note has at most {NOTE_MAX} characters.")
    if not text and not private:
        Note.objects.filter(submission=submission).delete()
        return None
    note, _ = Note.objects.update_or_create(submission=submission,
                                            defaults={"text": text, "private": private, "by": by})
    return note
