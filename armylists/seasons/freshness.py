"""When an event's standings change: a stamp per event, in the cache, replaced by every write that can change them.

The season page is kept in the cache by its counted events' stamps (`read.py`): reading 50 events' standings
takes far longer than the page may (docs/events.md, "Seasons", "How fast"), so they are read again only when
one of them changed. What an event's standings are made of (armylists/tournament/read.py, `standings_of`):
its players and their names, their submissions and late entries, drops, rounds and tables, and its scoring.
A write to any of them drops the event's stamp once the transaction commits; the next reader makes a new one,
so nothing read before the change is found under it. Writes that bypass signals (`update()`, `bulk_create`)
are covered by what comes with them: a round's tables are created with their round, and an event's state is
read with the season itself, not stamped.
"""
from __future__ import annotations

import secrets

from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save

from armylists.events.models import Player, Submission
from armylists.tournament.models import Dropped, LateEntry, Round, Table, Tournament

# How each model that feeds the standings names its event.
EVENT_OF = {
    Player: lambda p: p.event_id,
    Submission: lambda s: Player.objects.filter(pk=s.player_id).values_list("event_id", flat=True).first(),
    Dropped: lambda d: Player.objects.filter(pk=d.player_id).values_list("event_id", flat=True).first(),
    LateEntry: lambda late: Player.objects.filter(pk=late.player_id).values_list("event_id", flat=True).first(),
    Round: lambda r: r.event_id,
    Table: lambda t: Round.objects.filter(pk=t.round_id).values_list("event_id", flat=True).first(),
    Tournament: lambda t: t.event_id,
}


def stamp_key(event_id: int) -> str:
    return f"season-stamp:{event_id}"


def stamps(event_ids: list[int]) -> dict[int, str]:
    """Each event's stamp: the one kept, or a new one for an event changed (or forgotten by the cache) since."""
    keys = {stamp_key(pk): pk for pk in event_ids}
    found = {keys[k]: v for k, v in cache.get_many(list(keys)).items()}
    for pk in event_ids:
        if pk not in found:
            cache.add(stamp_key(pk), secrets.token_hex(8))
            found[pk] = cache.get(stamp_key(pk)) or secrets.token_hex(8)
    return found


def changed(event_id: int | None) -> None:
    if event_id is not None:
        transaction.on_commit(lambda: cache.delete(stamp_key(event_id)))


def _written(sender, instance, **kwargs) -> None:
    changed(EVENT_OF[sender](instance))


def connect() -> None:
    for model in EVENT_OF:
        post_save.connect(_written, sender=model, dispatch_uid=f"season-stamp-save-{model.__name__}")
        post_delete.connect(_written, sender=model, dispatch_uid=f"season-stamp-delete-{model.__name__}")
