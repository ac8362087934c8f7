"""A season: events its organisers organise, ranked together (docs/events.md, "Seasons").

An event counts once it is published (its standings are public then), with its standings as they stand;
the ranking itself is `ranking.season_ranking`, read from the events' standings (`read.py`), never stored.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from armylists.events.models import NAME_MAX, Event, Invitation
from factions.models import GameSystem

from .ranking import PLACING, SCORINGS

USER = settings.AUTH_USER_MODEL
# docs/events.md, "Seasons": how large a season may be.
EVENTS_MAX = 100
PLAYERS_MAX = 10_000


class Season(models.Model):
    slug = models.SlugField(max_length=64, unique=True)
    name = models.CharField(max_length=NAME_MAX)
    game = models.ForeignKey(GameSystem, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
                             help_text="Blank: events of any game.")
    scoring = models.CharField(max_length=8, choices=list(SCORINGS.items()), default=PLACING)
    best = models.PositiveSmallIntegerField(null=True, blank=True,
                                            help_text="How many of a player's events count; blank: all.")
    events = models.ManyToManyField(Event, blank=True, related_name="+")
    published = models.BooleanField(default=False)
    created_by = models.ForeignKey(USER, on_delete=models.PROTECT, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("seasons:detail", args=[self.slug])

    @property
    def counting(self) -> str:
        """How many of a player's events count, in words."""
        if self.best is None:
            return "every event"
        return f"their best {self.best} event{'s' if self.best != 1 else ''}"


class SeasonOrganiser(models.Model):
    """The season's creator, and the co-organisers they added: all may change it and publish it."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="organisers")
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    is_creator = models.BooleanField(default=False)
    added = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-is_creator", "added"]
        constraints = [models.UniqueConstraint(fields=["season", "user"], name="organiser_once_per_season")]

    def __str__(self) -> str:
        return f"{self.user} organises {self.season}"


class SeasonOrganiserInvitation(Invitation):
    """To co-organise a season, accepted on the person's events page, as an event's co-organisers are."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="organiser_invitations")

    class Meta(Invitation.Meta):
        constraints = [models.UniqueConstraint(fields=["season", "user"], name="season_organiser_invited_once")]

    def __str__(self) -> str:
        return f"{self.user} invited to organise {self.season}"
