"""Campaigns: who plays, and the append-only log of everything that happened.

The log (`Action`) is the truth: replaying it through the campaign rules gives
every army's units, XP, traits, VP and bank (see `state.load_state`). The
ledger (`LedgerEntry`) is written with the action that made each entry and is
never changed; the bank is its sum. Army and unit rows are an index of the log
(names, owners, who is still in the army) for permissions, URLs and the
unique-name rule. Nothing here stores a value or a balance.
"""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone

from factions.models import GameSystem

NAME_MAX = 120
SLUG_MAX = 60
SUMMARY_MAX = 400


def new_invite_token() -> str:
    return secrets.token_urlsafe(18)


class AppendOnly(models.Model):
    """A row that is written once and never changed."""

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ValueError(f"{type(self).__name__} rows are append-only")
        super().save(*args, **kwargs)


class CampaignRules(models.Model):
    """A game system's campaign numbers and tables, from its package's campaign rules (campaigns/gamerules.py)."""

    game = models.OneToOneField(GameSystem, on_delete=models.CASCADE, related_name="campaign_rules")
    params = models.JSONField(help_text="Campaign numbers and tables: XP per level, costs, rewards, dice tables.")

    class Meta:
        verbose_name_plural = "campaign rules"

    def __str__(self) -> str:
        return f"Campaign rules of {self.game}"


class Campaign(models.Model):
    KINDS = [("game-limited", "Game-limited"), ("point-limited", "Point-limited"),
             ("time-limited", "Time-limited"), ("endless", "Endless")]

    slug = models.SlugField(max_length=SLUG_MAX, unique=True)
    name = models.CharField(max_length=NAME_MAX)
    game = models.ForeignKey(GameSystem, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=20, choices=KINDS, default="game-limited")
    parallel_play = models.BooleanField(default=False)
    late_joiners = models.BooleanField(default=False)
    permadeath = models.BooleanField(default=True, help_text="Off: dead units sit out D3 matches instead.")
    overrides = models.JSONField(default=dict, blank=True,
                                 help_text="House rules: campaign numbers that differ from the book's, by name.")
    game_master = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    invite_token = models.CharField(max_length=40, unique=True, default=new_invite_token)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("campaigns:campaign-detail", args=[self.slug])


class Membership(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    joined = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["joined"]
        constraints = [models.UniqueConstraint(fields=["campaign", "user"], name="one_membership_per_user")]

    def __str__(self) -> str:
        return f"{self.user} in {self.campaign}"


class CampaignArmy(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="armies")
    key = models.CharField(max_length=12)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    name = models.CharField(max_length=NAME_MAX)

    class Meta:
        ordering = ["campaign", "pk"]
        verbose_name_plural = "campaign armies"
        constraints = [models.UniqueConstraint(fields=["campaign", "key"], name="army_key_unique_in_campaign"),
                       models.UniqueConstraint(fields=["campaign", "owner"], name="one_army_per_player")]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("campaigns:army-detail", args=[self.campaign.slug, self.key])


class CampaignUnit(models.Model):
    army = models.ForeignKey(CampaignArmy, on_delete=models.CASCADE, related_name="units")
    key = models.CharField(max_length=12)
    name = models.CharField(max_length=NAME_MAX)
    unit = models.CharField(max_length=200, help_text="The unit's slug in its faction.")
    faction = models.CharField(max_length=200)
    active = models.BooleanField(default=True, help_text="Off once dead or disbanded.")

    class Meta:
        ordering = ["army", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["army", "key"], name="unit_key_unique_in_army"),
            # AoF Regiments, Campaign Rules: Preparation: every unit of an army has a unique name.
            models.UniqueConstraint(Lower("name"), "army", condition=models.Q(active=True),
                                    name="unit_name_unique_in_army"),
        ]

    def __str__(self) -> str:
        return self.name


class Action(AppendOnly):
    """One thing that happened, in order: what was decided, by whom, and the dice and choices it used."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="actions")
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=30)
    army = models.ForeignKey(CampaignArmy, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    payload = models.JSONField(default=dict)
    rolls = models.JSONField(default=dict, blank=True)
    choices = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(default=timezone.now)
    # What the action did, in words, as the log shows it: written with the action, like a ledger note.
    summary = models.CharField(max_length=SUMMARY_MAX, blank=True, default="")

    class Meta:
        ordering = ["campaign", "number"]
        constraints = [models.UniqueConstraint(fields=["campaign", "number"], name="action_number_unique")]

    def __str__(self) -> str:
        return f"{self.campaign} #{self.number} {self.kind}"


class LedgerEntry(AppendOnly):
    """A change to an army's points bank, made by one action; the bank is the sum of these."""

    army = models.ForeignKey(CampaignArmy, on_delete=models.CASCADE, related_name="ledger")
    action = models.ForeignKey(Action, on_delete=models.CASCADE, related_name="ledger")
    amount = models.IntegerField()
    reason = models.CharField(max_length=20)
    note = models.CharField(max_length=400)

    class Meta:
        ordering = ["army", "pk"]
        verbose_name_plural = "ledger entries"

    def __str__(self) -> str:
        return f"{self.army}: {self.amount:+d} ({self.note})"


class PendingRolls(models.Model):
    """Dice Muster rolled for an action that is waiting for a player's choice (a level-up's trait), kept here
    until the action is saved or the game master discards them: asked again (a reload, the form sent once
    more, the choice page left and come back to) the action takes these dice, never new ones, so nobody can
    roll again until they like the result. `form` names the action's page (its URL)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="+")
    form = models.CharField(max_length=300)
    rolls = models.JSONField(default=dict)
    rolled = models.DateTimeField(default=timezone.now)
    # The form's fields as sent ({name: [values]}): the action's page offers the choice again from them, and a
    # form sent with other values is refused rather than given these dice (views/common.py, `act`).
    posted = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["campaign", "form"], name="pending_rolls_once_per_form")]

    def __str__(self) -> str:
        return f"Dice rolled for {self.form}"


class Snapshot(models.Model):
    """The state replaying a campaign's log gave, kept so a page need not replay the whole log.

    Derived, never a second truth: `key` fingerprints everything the state depends on (the
    engine's code, the campaign rules and settings, the last action); a snapshot whose key differs
    is stale and rebuilt from the log, and deleting every snapshot loses nothing.
    """

    campaign = models.OneToOneField(Campaign, on_delete=models.CASCADE, related_name="snapshot")
    key = models.CharField(max_length=64)
    state = models.BinaryField()
    # The snapshot before it (the state before the last action), which an undo goes back to.
    previous_key = models.CharField(max_length=64, blank=True, default="")
    previous = models.BinaryField(null=True)

    def __str__(self) -> str:
        return f"Snapshot of {self.campaign}"
