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
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]
        verbose_name = "army list"

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("builder:list-detail", args=[self.pk])

    @property
    def entries(self) -> list[dict]:
        return self.document.get("entries", [])
