"""Tournament events: who runs them, who plays, and the lists they submitted.

A submission is frozen: it keeps a copy of the list document, of the unit data
the list used (`Library.snapshot()`) and of the settings it was checked with,
and the check's verdict at that moment. Nothing changes it afterwards; a
player who resubmits adds a new version. Re-checking an event computes new
verdicts on the side and never writes them here.
"""
from __future__ import annotations

import secrets
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist
from django.db import models
from django.db.models.functions import Lower
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.urls import reverse

from armylists.builder.models import ArmyList
from armylists.printing.files import pdf_storage
from factions.models import GameSystem

NAME_MAX = 200
DISPLAY_NAME_MAX = 60
# Read here: inside Event, "settings" is a field.
USER = settings.AUTH_USER_MODEL
NOTE_MAX = 2000
# A player's versions of their list in one event (docs/events.md): enough for every fix, not a flood.
VERSIONS_MAX = 50


def new_invite_token() -> str:
    return secrets.token_urlsafe(18)


class Event(models.Model):
    class State(models.TextChoices):
        DRAFT = "draft", "Draft"
        OPEN = "open", "Open for submissions"
        LOCKED = "locked", "Locked"
        PUBLISHED = "published", "Lists published"

    slug = models.SlugField(max_length=64, unique=True)
    name = models.CharField(max_length=NAME_MAX)
    game = models.ForeignKey(GameSystem, on_delete=models.PROTECT, related_name="+")
    # Aware datetimes (stored in UTC); entered and shown in the event's own time zone.
    starts_at = models.DateTimeField("date and time")
    time_zone = models.CharField(max_length=64, help_text="An IANA time zone name, e.g. Europe/London.")
    venue = models.CharField(max_length=NAME_MAX, blank=True)
    deadline = models.DateTimeField("submission deadline")
    settings = models.JSONField(
        default=dict, blank=True,
        help_text="The organiser's settings on top of the game's numbers (see docs/events.md).")
    state = models.CharField(max_length=10, choices=State, default=State.DRAFT)
    invite_token = models.CharField(max_length=32, unique=True, default=new_invite_token)
    created_by = models.ForeignKey(USER, on_delete=models.PROTECT, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_at", "name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("events:detail", args=[self.slug])

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.time_zone)

    @property
    def points_limit(self) -> int | None:
        return self.settings.get("points_limit")


class Organiser(models.Model):
    """The event's creator, and the co-organisers they added: all may see and change everything."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="organisers")
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    is_creator = models.BooleanField(default=False)
    added = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-is_creator", "added"]
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="organiser_once_per_event")]

    def __str__(self) -> str:
        return f"{self.user} organises {self.event}"


class Invitation(models.Model):
    """An invitation to someone with an account, which they accept or decline on their events page.

    Made only for an existing username, but the form that makes it answers alike either way, and pending
    invitations are shown to nobody but the person invited: the form tells no one who has an account.
    """

    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    invited_by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    invited = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["invited"]


class OrganiserInvitation(Invitation):
    """To co-organise an event (views/events.py)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="organiser_invitations")

    class Meta(Invitation.Meta):
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="organiser_invited_once")]

    def __str__(self) -> str:
        return f"{self.user} invited to organise {self.event}"


class PlayerInvitation(Invitation):
    """To play in an event under way, as a late player (tournament's views/organiser.py): nobody becomes a
    player without saying yes."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="player_invitations")
    display_name = models.CharField(max_length=DISPLAY_NAME_MAX)

    class Meta(Invitation.Meta):
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="player_invited_once")]

    def __str__(self) -> str:
        return f"{self.display_name} invited to play in {self.event}"


class Player(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    display_name = models.CharField(max_length=DISPLAY_NAME_MAX)
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="player_once_per_event"),
            models.UniqueConstraint(Lower("display_name"), "event", name="display_name_unique_in_event"),
        ]

    def __str__(self) -> str:
        return self.display_name


class StateChange(models.Model):
    """The event's log: every change of state, who made it and when (append-only)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="state_changes")
    from_state = models.CharField(max_length=10, choices=Event.State)
    to_state = models.CharField(max_length=10, choices=Event.State)
    # Empty when the event locked itself at its deadline.
    by = models.ForeignKey(USER, null=True, blank=True, on_delete=models.SET_NULL,
                           related_name="+")
    at = models.DateTimeField()

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.event}: {self.from_state} → {self.to_state}"


class FrozenError(Exception):
    """A submission is never changed once saved."""


class Submission(models.Model):
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="submissions")
    version = models.PositiveIntegerField()
    submitted = models.DateTimeField()
    # Where it came from; the copy below is what counts, whatever happens to the list later.
    source_list = models.ForeignKey(ArmyList, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    list_name = models.CharField(max_length=300, blank=True)
    faction = models.CharField(max_length=64)
    faction_name = models.CharField(max_length=NAME_MAX)
    document = models.JSONField(help_text="The list as an armylists/list@1 file.")
    library = models.JSONField(help_text="Library.snapshot() of every unit the list uses.")
    checked_with = models.JSONField(help_text="The game's numbers and the event's settings of the check.")
    legal = models.BooleanField()
    points = models.IntegerField(null=True, blank=True)
    points_limit = models.IntegerField(null=True, blank=True)
    violations = models.JSONField(default=list)
    # A unit of the list was made up for the demo (docs/faction-file.md, Units): frozen with the list.
    sample_data = models.BooleanField(default=False)
    list_fingerprint = models.CharField(max_length=64)
    data_fingerprint = models.CharField(max_length=64)

    class Meta:
        ordering = ["player", "version"]
        constraints = [models.UniqueConstraint(fields=["player", "version"], name="submission_version_unique")]

    def __str__(self) -> str:
        return f"{self.player} v{self.version}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise FrozenError("A submission is frozen; submit a new version instead.")
        super().save(*args, **kwargs)

    @property
    def errors(self) -> list[dict]:
        return [v for v in self.violations if v["severity"] == "error"]

    @property
    def warnings(self) -> list[dict]:
        return [v for v in self.violations if v["severity"] != "error"]

    @property
    def codes(self) -> list[str]:
        return [v["code"] for v in self.violations]

    def _note(self, field: str) -> str:
        try:
            return getattr(self.note, field)
        except ObjectDoesNotExist:
            return ""

    @property
    def note_text(self) -> str:
        """The note its player reads."""
        return self._note("text")

    @property
    def private_note_text(self) -> str:
        """The organisers' note among themselves: never shown to the player."""
        return self._note("private")


class Note(models.Model):
    """The organisers' notes on one submission: `text` shown to its player ("please fix: ..."),
    `private` to the organisers only ("talked to them at the desk")."""

    submission = models.OneToOneField(Submission, on_delete=models.CASCADE, related_name="note")
    text = models.TextField(max_length=NOTE_MAX, blank=True)
    private = models.TextField(max_length=NOTE_MAX, blank=True)
    by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return self.text


class Pack(models.Model):
    """The judges' PDF pack: every player's latest roster, built by a background task."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Waiting for a worker"
        RUNNING = "running", "Building"
        DONE = "done", "Ready"
        FAILED = "failed", "Failed"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="packs")
    requested_by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL,
                                     related_name="+")
    requested = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=10, choices=Status, default=Status.QUEUED)
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    # A file in the storage `pdfs` (armylists/printing/files.py), not bytes in the database; deleted with its row.
    pdf = models.FileField(storage=pdf_storage, upload_to="judges-packs/", blank=True, editable=False)
    problem = models.TextField(blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    # The worker's last sign of life while building it: a pack silent for long is marked failed (pack.py).
    alive = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-requested"]

    def __str__(self) -> str:
        return f"Pack for {self.event} ({self.status})"

    @property
    def pending(self) -> bool:
        return self.status in (self.Status.QUEUED, self.Status.RUNNING)

    @property
    def percent(self) -> int:
        return 100 if not self.total else min(100, self.done * 100 // self.total)


@receiver(post_delete, sender=Pack)
def _delete_the_packs_file(sender, instance: Pack, **kwargs) -> None:
    """An older pack replaced, or its event deleted: its file goes too, so the storage holds only live packs."""
    if instance.pdf:
        instance.pdf.delete(save=False)
