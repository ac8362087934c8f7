"""What the day's commands share: finding the event and one of its players by the names people use."""
from __future__ import annotations

from django.core.management.base import CommandError

from armylists.boundary.commands import BAD_INPUT
from armylists.events.models import Event, Player


def event_named(slug: str) -> Event:
    event = Event.objects.select_related("game").filter(slug=slug).first()
    if event is None:
        raise CommandError(f"no event '{slug}'", returncode=BAD_INPUT)
    return event


def player_named(event: Event, name: str) -> Player:
    """A player by their display name in the event (as `recheck_event` prints it), whatever its case."""
    player = Player.objects.filter(event=event, display_name__iexact=" ".join(name.split())).first()
    if player is None:
        raise CommandError(f"no player '{name}' in {event.slug}", returncode=BAD_INPUT)
    return player
