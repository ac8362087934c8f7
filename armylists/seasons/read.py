"""A season's standings from its counted events' standings (armylists/tournament/read.py, `standings_of`), kept in
the cache by the counted events' stamps (`freshness.py`) and read again only when one of them changed."""
from __future__ import annotations

import hashlib
import json
from functools import cached_property

from django.core.cache import cache

from armylists.events.models import Event, Player
from armylists.tournament.read import standings_of

from .freshness import stamps
from .models import Season
from .ranking import EventLine, EventStandings, SeasonLine, season_ranking

# Raise it when what is kept changes shape, so that older copies are not read.
LAYOUT = 1
KEEP_S = 7 * 24 * 3600
# Up to this many lines of events' standings not in the cache are read within a request (some 0.3 s); more, and
# the worker reads them while a page waits (the season of 50 events of 400 players, read at once, takes seconds:
# docs/events.md, "Seasons", "How fast"; a request has 2, settings.REQUEST_TIME_LIMIT_S).
INLINE_LINES = 3_000


class SeasonStandings:
    """The season's counted events (by date), those not counted yet, and the ranking, read when first asked for
    (the page's rows may be found in the cache without it): from the cache, else from the events' standings."""

    def __init__(self, season: Season, counted: list[Event], waiting: list[Event]):
        self.season, self.counted, self.waiting = season, counted, waiting
        self.stamps = stamps([e.pk for e in counted])
        self.key = ranking_key(season, counted, self.stamps)

    @cached_property
    def lines(self) -> list[SeasonLine]:
        lines = cache.get(self.key)
        if lines is None:
            lines = season_ranking(self._events(), scoring=self.season.scoring, best=self.season.best)
            cache.set(self.key, lines, KEEP_S)
        return lines

    @cached_property
    def _event_keys(self) -> dict[int, str]:
        return {e.pk: f"season-event:{LAYOUT}:{e.pk}:{self.stamps[e.pk]}" for e in self.counted}

    @cached_property
    def _kept(self) -> dict[str, list[EventLine]]:
        return cache.get_many(list(self._event_keys.values()))

    def quick(self) -> bool:
        """Whether the ranking is in the cache, or the events' standings still to read are few enough to read now."""
        if cache.has_key(self.key):
            return True
        missing = [pk for pk, key in self._event_keys.items() if key not in self._kept]
        return Player.objects.filter(event__in=missing).count() <= INLINE_LINES if missing else True

    def _events(self) -> list[EventStandings]:
        """Each counted event's standings, kept by its stamp: after one event changed, only it is read again."""
        keys, kept = self._event_keys, self._kept
        found = []
        for order, event in enumerate(self.counted):
            lines = kept.get(keys[event.pk])
            if lines is None:
                lines = event_lines(event)
                cache.set(keys[event.pk], lines, KEEP_S)
            found.append(EventStandings(event.pk, event.starts_at, lines, order))
        return found

    @property
    def event_names(self) -> dict[int, str]:
        return {e.pk: e.name for e in self.counted}


def season_events(season: Season) -> tuple[list[Event], list[Event]]:
    """The season's events by date: those that count (published), and those not counted yet."""
    events = list(season.events.select_related("game").order_by("starts_at", "pk"))
    counted = [e for e in events if e.state == Event.State.PUBLISHED]
    return counted, [e for e in events if e.state != Event.State.PUBLISHED]


def event_lines(event: Event) -> list[EventLine]:
    """The event's standings as the season reads them: each player as their account, with their place and VP."""
    accounts = dict(Player.objects.filter(event=event).values_list("pk", "user_id"))
    return [EventLine(accounts[s.player.pk], s.line.rank, s.line.vp, s.player.display_name)
            for s in standings_of(event)]


def ranking_key(season: Season, counted: list[Event], marks: dict[int, str]) -> str:
    """The season's ranking's key in the cache: how it scores, and each counted event's name, date and stamp."""
    content = [LAYOUT, season.scoring, season.best,
               [(e.pk, e.name, e.starts_at.isoformat(), marks[e.pk]) for e in counted]]
    return f"season:{season.pk}:" + hashlib.sha256(json.dumps(content).encode()).hexdigest()


def season_standings(season: Season) -> SeasonStandings:
    return SeasonStandings(season, *season_events(season))
