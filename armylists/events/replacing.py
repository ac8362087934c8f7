"""What replacing a faction by a book would change for events (factions/signals.py, `replacing`)."""
from __future__ import annotations

from factions.signals import lacks_units, naming

from .models import Event, Submission


def events_broken(sender, *, game: str, faction: str, kept: set[str], **kwargs) -> list[str]:
    """Events not yet published with submissions of the faction naming units the book does not bring: their
    submissions stay frozen, but a re-check against today's data would find those units missing."""
    events = set()
    for name, document in (Submission.objects.filter(player__event__game__slug=game, faction=faction)
                           .exclude(player__event__state=Event.State.PUBLISHED)
                           .values_list("player__event__name", "document").iterator()):
        if lacks_units(document, faction, kept):
            events.add(name)
    return [naming(len(events), "events have submissions a re-check would find broken", sorted(events))] \
        if events else []
