"""Who may see and do what in an event.

Every event view starts with `event_access`: a stranger (neither organiser nor
player) gets a 404, as if the event did not exist; a player asking for what
only organisers may see or do gets a 403. Reading an event also locks it when
its deadline has passed.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.http import Http404

from .models import Event, Organiser, Player, Submission
from .services import lock_if_due


@dataclass(frozen=True)
class Access:
    event: Event
    organiser: Organiser | None
    player: Player | None

    @property
    def is_organiser(self) -> bool:
        return self.organiser is not None

    @property
    def published(self) -> bool:
        return self.event.state == Event.State.PUBLISHED

    def require_organiser(self) -> None:
        if not self.is_organiser:
            raise PermissionDenied("Only the event's organisers may do this.")

    def require_player(self) -> Player:
        if self.player is None:
            raise PermissionDenied("Only the event's players may do this.")
        return self.player

    def may_see(self, submission: Submission) -> bool:
        """Organisers see everything; players their own, and everyone's once the lists are published."""
        if submission.player.event_id != self.event.pk:
            return False
        return self.is_organiser or self.published or (self.player is not None
                                                        and submission.player_id == self.player.pk)


def event_access(user, slug: str) -> Access:
    if not getattr(user, "is_authenticated", False):
        raise Http404("No such event.")
    event = Event.objects.select_related("game").filter(slug=slug).first()
    if event is None:
        raise Http404("No such event.")
    organiser = Organiser.objects.filter(event=event, user=user).first()
    player = Player.objects.filter(event=event, user=user).first()
    if organiser is None and player is None:
        raise Http404("No such event.")
    for member in (organiser, player):
        if member is not None:
            member.event = event
    return Access(lock_if_due(event), organiser, player)


def submission_or_404(access: Access, pk: int) -> Submission:
    """A submission of this event that this person may see; anything else is a 404."""
    submission = Submission.objects.select_related("player").filter(pk=pk, player__event=access.event).first()
    if submission is None or not access.may_see(submission):
        raise Http404("No such submission.")
    return submission
