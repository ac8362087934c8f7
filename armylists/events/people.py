"""Who is in an event, and what each player last submitted: read in a fixed number of queries."""
from __future__ import annotations

from django.db.models import OuterRef, Subquery
from django.db.models.functions import Lower

from .models import Event, Player, Submission

# The frozen copies are large; the dashboard reads only the verdicts.
FROZEN_DATA = ("document", "library", "checked_with")


def latest_submissions(event: Event, *, frozen_data: bool = False) -> list[tuple[Player, Submission | None]]:
    """Every player of the event by display name, with their latest submission (None before any)."""
    latest = Submission.objects.filter(player=OuterRef("pk")).order_by("-version").values("pk")[:1]
    players = list(Player.objects.filter(event=event).select_related("user")
                   .annotate(latest_id=Subquery(latest)).order_by(Lower("display_name")))
    submissions = Submission.objects.filter(pk__in=[p.latest_id for p in players if p.latest_id])
    submissions = submissions.select_related("note")
    if not frozen_data:
        submissions = submissions.defer(*FROZEN_DATA)
    by_id = {s.pk: s for s in submissions}
    rows = []
    for player in players:
        submission = by_id.get(player.latest_id)
        if submission is not None:
            submission.player = player
        rows.append((player, submission))
    return rows
