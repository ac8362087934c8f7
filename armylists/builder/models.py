"""Players' saved lists.

A list is stored as its own list file (`armylists/list@1`): the document is the
single truth, exported and imported as it is, and checked by the same code as
the `checklist` command. Points are never stored; they are computed from the
unit data on every check.
"""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from armylists.checking.listfile import LIST_NAME_MAX
from factions.models import Faction, GameSystem

EDIT_KEY_MAX = 64  # an edit's key (replay.py): a UUID is 36 characters, the script's fallback 32


def new_share_token() -> str:
    return secrets.token_urlsafe(18)


class ArmyList(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="army_lists")
    name = models.CharField(max_length=LIST_NAME_MAX)
    game = models.ForeignKey(GameSystem, on_delete=models.PROTECT, related_name="+")
    faction = models.ForeignKey(Faction, on_delete=models.PROTECT, related_name="+")
    document = models.JSONField(help_text="The list as an armylists/list@1 file.")
    # Bumped on every change, so an edit made from a stale page can be detected.
    version = models.PositiveIntegerField(default=1)
    shared = models.BooleanField(default=False)
    share_token = models.CharField(max_length=32, unique=True, default=new_share_token)
    # The shared roster names the owner only when they ask it to: a link travels further than its owner.
    share_shows_owner = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # The last check's verdict, for "My lists": trusted only while the list is still at
    # `verdict_version` and its game's unit data at `verdict_data_version` (see `cached_verdict`).
    verdict = models.JSONField(null=True, blank=True, editable=False)
    verdict_version = models.PositiveIntegerField(null=True, blank=True, editable=False)
    verdict_data_version = models.UUIDField(null=True, blank=True, editable=False)
    # The builder page's shape at `version`, saved with it: what the next edit's answer compares with,
    # whichever web process serves it. Trusted only under the key stored with it (views/common.py).
    page_shape = models.JSONField(null=True, blank=True, editable=False)
    # The version the list's history (ListVersion) last had added by an edit (saving.py): while it is
    # `version`, the next edit need not look the history up to know the version it starts from is kept.
    history_version = models.PositiveIntegerField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-updated"]
        verbose_name = "army list"
        indexes = [models.Index(fields=["owner", "-updated"], name="builder_list_owner_updated")]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("builder:list-detail", args=[self.pk])

    @property
    def entries(self) -> list[dict]:
        return self.document.get("entries", [])

    def cached_verdict(self, data_version) -> dict | None:
        """The stored verdict, if it was reached on this version of the list and of its unit data."""
        if self.verdict_version == self.version and self.verdict_data_version == data_version:
            return self.verdict
        return None


class ListVersion(models.Model):
    """A list as it was after one change: the history that undo and a stale tab's notice read.

    Append-only; `parent` is the version undo goes back to (the one before, or for an undo the
    one before what it restored); `edit_key` is the key of the edit that wrote it, by which a retry
    of that edit is recognised (replay.py). Only the last `KEPT` versions of a list are kept, and
    with them the keys: a retry after that many more changes would be applied again.
    """

    KEPT = 30

    army_list = models.ForeignKey(ArmyList, on_delete=models.CASCADE, related_name="versions")
    version = models.PositiveIntegerField()
    document = models.JSONField()
    parent = models.PositiveIntegerField(null=True, blank=True)
    summary = models.CharField(max_length=300, blank=True)
    edit_key = models.CharField(max_length=EDIT_KEY_MAX, blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["army_list", "version"], name="builder_one_row_per_version"),
            # One edit, one version: a retry that races its first request cannot be saved as a second.
            models.UniqueConstraint(fields=["army_list", "edit_key"], condition=~models.Q(edit_key=""),
                                    name="builder_one_version_per_edit_key"),
        ]
        ordering = ["-version"]

    def __str__(self) -> str:
        return f"{self.army_list_id} v{self.version}"
