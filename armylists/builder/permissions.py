"""Who may see a list: its owner, or anyone holding the share link while sharing is on.

Every view that opens a list (the builder's, printing's, an event's list submission) fetches it
through these functions, so a private list is a 404 for everybody else, on every page and every edit.
"""
from __future__ import annotations

from django.http import Http404

from .models import ArmyList


def owned_list(user, pk: int | None) -> ArmyList | None:
    """The user's own list number `pk`, or None (no such list, somebody else's, or nobody logged in)."""
    if pk is None or not getattr(user, "is_authenticated", False):
        return None
    try:  # not .first(): its ordering was a tenth of the query's cost, for one row at most
        return ArmyList.objects.select_related("game", "faction").get(pk=pk, owner_id=user.pk)
    except ArmyList.DoesNotExist:
        return None


def get_owned_list_or_404(user, pk: int) -> ArmyList:
    if (army_list := owned_list(user, pk)) is None:
        raise Http404("No such list.")
    return army_list


def get_shared_list_or_404(token: str) -> ArmyList:
    try:
        return ArmyList.objects.select_related("game", "faction", "owner").get(share_token=token, shared=True)
    except ArmyList.DoesNotExist:
        raise Http404("No such shared list.") from None
