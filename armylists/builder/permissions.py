"""Who may see a list: its owner, or anyone holding the share link while sharing is on.

Every builder view fetches its list through one of these two functions, so a
private list is a 404 for everybody else, on every page and every edit.
"""
from __future__ import annotations

from django.http import Http404

from .models import ArmyList


def get_owned_list_or_404(user, pk: int) -> ArmyList:
    if not getattr(user, "is_authenticated", False):
        raise Http404("No such list.")
    try:
        return ArmyList.objects.select_related("game", "faction").get(pk=pk, owner=user)
    except ArmyList.DoesNotExist:
        raise Http404("No such list.") from None


def get_shared_list_or_404(token: str) -> ArmyList:
    try:
        return ArmyList.objects.select_related("game", "faction", "owner").get(share_token=token, shared=True)
    except ArmyList.DoesNotExist:
        raise Http404("No such shared list.") from None
