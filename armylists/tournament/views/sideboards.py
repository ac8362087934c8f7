"""A player submits their sideboard lists (AoF Regiments, Sideboard Lists, optional)."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from armylists.builder.models import ArmyList
from armylists.events.permissions import event_access

from ..day import Refusal
from ..forms import SideboardForm
from ..sideboards import rule_of, submit_sideboards
from .common import handled


def own_lists(player, event):
    return ArmyList.objects.filter(owner=player.user, game=event.game).order_by("name")


@require_POST
@login_required
def submit(request: HttpRequest, slug: str) -> HttpResponse:
    access = event_access(request.user, slug)
    player = access.require_player()
    rule = rule_of(access.event)
    lists = {a.pk: a for a in own_lists(player, access.event)}
    form = SideboardForm(request.POST, choices=[(pk, a.name) for pk, a in lists.items()], most=rule[2] if rule else 0)

    def submit_(values: dict) -> str:
        if rule is None:
            raise Refusal("This event does not use sideboard lists.")
        made = submit_sideboards(player=player, lists=[lists[pk] for pk in values["lists"]])
        legal = all(s.combined_legal for s in made.lists.all()) and not made.main_violations
        return "Your sideboard lists are submitted: " + (
            "every combination is legal." if legal else "some combinations break the rules; see below.")
    return handled(request, slug, form, submit_)
