"""The tournament day of an event: its scoring, rounds, tables and results, drops, late players, and its log.

A round's tables are its pairings; a table's result is entered by one of its
players and confirmed by the other, or entered (and corrected) by an
organiser. Every change an organiser makes is written to the log, which is
append-only (docs/events.md, "The tournament day").
"""
from __future__ import annotations

from django.conf import settings
from django.db import models

from armylists.events.models import DISPLAY_NAME_MAX, Event, Player

from .scoring import DEFAULTS

USER = settings.AUTH_USER_MODEL
ROUNDS_MAX = 20
VP_MAX = 100
DESTRUCTION_MAX = 1_000_000
REASON_MAX = 300


class Tournament(models.Model):
    """The event's scoring: made from the game's guidelines (or the same defaults) when first needed."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="tournament")
    rounds = models.PositiveSmallIntegerField(default=DEFAULTS["rounds"])
    win_vp = models.PositiveSmallIntegerField(default=DEFAULTS["win"])
    tie_vp = models.PositiveSmallIntegerField(default=DEFAULTS["tie"])
    loss_vp = models.PositiveSmallIntegerField(default=DEFAULTS["loss"])
    bye_vp = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Blank: a win's VP.")
    tiebreakers = models.JSONField(default=list)
    sideboards = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"Scoring of {self.event}"


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField(help_text="The seed of the random order of equals: the same seed, the same pairing.")
    paired_at = models.DateTimeField()
    paired_by = models.ForeignKey(USER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="round_once_per_event")]

    def __str__(self) -> str:
        return f"Round {self.number}"


class Table(models.Model):
    """One pairing of a round; `second` is empty for a bye. The result is the first player's view of it."""

    class Outcome(models.TextChoices):
        FIRST = "first", "First player won"
        SECOND = "second", "Second player won"
        TIE = "tie", "Tie"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    first = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Player, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    outcome = models.CharField(max_length=6, choices=Outcome, blank=True)
    first_destruction = models.PositiveIntegerField(default=0)
    second_destruction = models.PositiveIntegerField(default=0)
    # Who entered the result that waits for their opponent; empty once confirmed, or when an organiser entered it.
    entered_by = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    confirmed = models.BooleanField(default=False)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="table_number_once_per_round")]

    def __str__(self) -> str:
        return f"{self.round}, table {self.number}"

    @property
    def is_bye(self) -> bool:
        return self.second_id is None

    @property
    def done(self) -> bool:
        return self.is_bye or self.confirmed


class Dropped(models.Model):
    """A player left the event: no more pairings from `from_round` on; their results are kept."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="dropped")
    from_round = models.PositiveSmallIntegerField()

    def __str__(self) -> str:
        return f"{self.player} dropped from round {self.from_round}"


class LateEntry(models.Model):
    """A player an organiser added after the lock: paired from `from_round` on, with or without a list."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="late_entry")
    from_round = models.PositiveSmallIntegerField()

    def __str__(self) -> str:
        return f"{self.player} joined late, from round {self.from_round}"


class LateInvitation(models.Model):
    """A late player's invitation as an organiser sent it, until it is answered or withdrawn: the username as
    typed, whether or not anyone has it, so the organisers see what they sent (a typo among them) and the page
    still tells nobody who has an account. The invitation the person answers is the events' `PlayerInvitation`,
    made only where the username is someone's."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="late_invitations")
    username = models.CharField(max_length=150)
    display_name = models.CharField(max_length=DISPLAY_NAME_MAX)
    sent = models.DateTimeField()
    sent_by = models.ForeignKey(USER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["sent", "pk"]
        constraints = [models.UniqueConstraint(fields=["event", "username"], name="late_invitation_once")]

    def __str__(self) -> str:
        return f"{self.username} invited to play late in {self.event} as {self.display_name}"


class LogEntry(models.Model):
    """One change of the day, in words (append-only)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="tournament_log")
    at = models.DateTimeField()
    by = models.ForeignKey(USER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    text = models.TextField()

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return self.text

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ValueError("The tournament log is append-only.")
        super().save(*args, **kwargs)


class SideboardSet(models.Model):
    """A player's sideboard lists for one frozen main submission; submitting again adds a new set (append-only).

    AoF Regiments, Sideboard Lists (optional): one main list and up to three sideboard lists, each checked
    combined with the main list. Each list is frozen like a submission: its document and unit data.
    """

    submission = models.ForeignKey("events.Submission", on_delete=models.CASCADE, related_name="sideboard_sets")
    version = models.PositiveIntegerField()
    submitted = models.DateTimeField()
    main_points = models.IntegerField(null=True, blank=True)
    main_violations = models.JSONField(default=list, help_text="The main list's share of the game size.")

    class Meta:
        ordering = ["submission", "version"]
        constraints = [models.UniqueConstraint(fields=["submission", "version"], name="sideboard_set_version")]

    def __str__(self) -> str:
        return f"Sideboards v{self.version} of {self.submission}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ValueError("Sideboard lists are frozen; submit them again instead.")
        super().save(*args, **kwargs)


class Sideboard(models.Model):
    """One frozen sideboard list, with the check of the main list combined with it."""

    set = models.ForeignKey(SideboardSet, on_delete=models.CASCADE, related_name="lists")
    slot = models.PositiveSmallIntegerField()
    list_name = models.CharField(max_length=300, blank=True)
    document = models.JSONField()
    library = models.JSONField()
    points = models.IntegerField(null=True, blank=True)
    combined_legal = models.BooleanField()
    combined_points = models.IntegerField(null=True, blank=True)
    violations = models.JSONField(default=list, help_text="The combination's, and the sideboard list's share.")
    list_fingerprint = models.CharField(max_length=64)

    class Meta:
        ordering = ["set", "slot"]
        constraints = [models.UniqueConstraint(fields=["set", "slot"], name="sideboard_slot_once")]

    def __str__(self) -> str:
        return f"Sideboard {self.slot} of {self.set}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ValueError("A sideboard list is frozen.")
        super().save(*args, **kwargs)
