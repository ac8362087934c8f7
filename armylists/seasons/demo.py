"""The demo season (`demo-league`): the demo user's sample league of the demo event, published.

The demo event is locked, not published, so the season lists it as not yet counted: publish the event's lists
(after a round or more of its tournament day) and the season ranks its players (docs/events.md, "Seasons").
"""
from __future__ import annotations

from django.db import transaction

from armylists.events.models import Event

from . import services
from .models import Season

DEMO_SEASON = "demo-league"


@transaction.atomic
def seed_demo_season(organiser, event: Event) -> Season:
    """Made once; running it again changes nothing."""
    existing = Season.objects.filter(slug=DEMO_SEASON).first()
    if existing:
        return existing
    season = services.create_season(creator=organiser, name="Demo League (sample season)", events=[event],
                                    game=event.game, best=3, slug=DEMO_SEASON)
    return services.publish(season=season)
