"""The only code that writes seasons: making and changing one, publishing it, and its co-organisers.

As the events' services do, each function checks what it is asked, writes in one transaction and raises
`Refused` with one sentence, writing nothing, when it cannot be done (docs/events.md, "Seasons").
"""
from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.text import slugify

from armylists.events.models import Event, Organiser, Player
from armylists.rules.refused import Refused
from armylists.web.slugs import unique_slug
from factions.models import GameSystem

from .models import EVENTS_MAX, PLAYERS_MAX, Season, SeasonOrganiser, SeasonOrganiserInvitation
from .ranking import SCORINGS

__all__ = ["Refused"]


def organisers_of(season: Season | None, user) -> list[int]:
    """The users whose events the season may take: its organisers (the user alone, for a new season)."""
    if season is None:
        return [user.pk]
    return list(season.organisers.values_list("user_id", flat=True))


def eligible_events(user_ids: Iterable[int], game: GameSystem | None = None):
    """The events any of these users organise (of `game`, when it is given), latest first."""
    events = Event.objects.filter(pk__in=Organiser.objects.filter(user_id__in=list(user_ids)).values("event_id"))
    return events.filter(game=game) if game is not None else events


def _checked_events(events: list[Event], organisers: list[int], game: GameSystem | None) -> list[Event]:
    if len(events) > EVENTS_MAX:
        raise Refused(f"A season has at most {EVENTS_MAX} events; {len(events)} were given.")
    allowed = set(eligible_events(organisers).values_list("pk", flat=True))
    for event in events:
        if event.pk not in allowed:
            raise Refused(f"“{event.name}” is not an event the season's organisers organise.")
        if game is not None and event.game_id != game.pk:
            raise Refused(f"“{event.name}” is an event of {event.game.name}, not of {game.name}.")
    players = Player.objects.filter(event__in=events).values("user_id").distinct().count()
    if players > PLAYERS_MAX:
        raise Refused(f"A season has at most {PLAYERS_MAX:,} players; these events have {players:,}.")
    return events


def _checked(name: str, scoring: str, best: int | None) -> str:
    name = " ".join(name.split())
    if not name:
        raise Refused("A season needs a name.")
    if scoring not in SCORINGS:
        raise Refused(f"“{scoring}” is not a scoring of seasons: choose {' or '.join(SCORINGS)}.")
    if best is not None and not 1 <= best <= EVENTS_MAX:
        raise Refused(f"The number of events that count is from 1 to {EVENTS_MAX} (blank: all of them).")
    return name


def _free_slug(name: str, wanted: str | None) -> str:
    base = slugify(wanted or name)[:56].strip("-") or "season"
    if wanted and Season.objects.filter(slug=base).exists():
        raise Refused(f"The address “{base}” is taken by another season.")
    return unique_slug(base, Season.objects.all())


@transaction.atomic
def create_season(*, creator, name: str, events: list[Event], game: GameSystem | None = None,
                  scoring: str = "placing", best: int | None = None, slug: str | None = None) -> Season:
    """A season of the creator's events, not yet public."""
    name = _checked(name, scoring, best)
    events = _checked_events(events, [creator.pk], game)
    season = Season.objects.create(slug=_free_slug(name, slug), name=name, game=game, scoring=scoring, best=best,
                                   created_by=creator)
    SeasonOrganiser.objects.create(season=season, user=creator, is_creator=True)
    season.events.set(events)
    return season


@transaction.atomic
def update_season(*, season: Season, name: str, events: list[Event], game: GameSystem | None, scoring: str,
                  best: int | None) -> Season:
    """The season's details and events; a published season may change too (its page shows the new ranking)."""
    season.name = _checked(name, scoring, best)
    events = _checked_events(events, organisers_of(season, None), game)
    season.game, season.scoring, season.best = game, scoring, best
    season.save(update_fields=["name", "game", "scoring", "best"])
    season.events.set(events)
    return season


@transaction.atomic
def publish(*, season: Season) -> Season:
    if season.published:
        raise Refused("The season is public already.")
    season.published = True
    season.save(update_fields=["published"])
    return season


@transaction.atomic
def invite_organiser(*, season: Season, username: str, by) -> None:
    """Invites the user of that name, if there is one and they do not organise the season yet; says nothing
    either way, so that the form cannot be used to find out who has an account (as an event's)."""
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None or SeasonOrganiser.objects.filter(season=season, user=user).exists():
        return
    SeasonOrganiserInvitation.objects.get_or_create(season=season, user=user, defaults={"invited_by": by})


@transaction.atomic
def answer_organiser_invitation(*, season: Season, user, accept: bool) -> bool:
    """Accepts (the user organises the season from now on) or declines; False if no invitation waited."""
    deleted, _ = SeasonOrganiserInvitation.objects.filter(season=season, user=user).delete()
    if deleted and accept:
        SeasonOrganiser.objects.get_or_create(season=season, user=user)
    return bool(deleted)


@transaction.atomic
def remove_organiser(*, season: Season, organiser: SeasonOrganiser) -> None:
    if organiser.is_creator:
        raise Refused("The season's creator cannot be removed.")
    organiser.delete()
