"""The day page, and the players' side: entering and confirming their table's result, their opponent's roster."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from armylists.events.models import Submission
from armylists.events.permissions import event_access
from armylists.events.views.submissions import submission_roster
from armylists.games.registry import game_home

from .. import day, results
from ..forms import CorrectForm, LateForm, PairForm, ResultForm, ScoringForm
from ..models import Table
from ..pages import day_context, opponent_of
from .common import back_to_day, handled
from .sideboards import own_lists


@require_GET
@login_required
def day_page(request: HttpRequest, slug: str) -> HttpResponse:
    access = event_access(request.user, slug)
    context = day_context(access)
    t = context["tournament"]
    context |= {"result_form": ResultForm(), "pair_form": PairForm(), "late_form": LateForm(),
                "correct_form": CorrectForm(),
                "scoring_form": ScoringForm(initial={"rounds": t.rounds, "win_vp": t.win_vp, "tie_vp": t.tie_vp,
                                                     "loss_vp": t.loss_vp, "bye_vp": t.bye_vp,
                                                     "tiebreakers": ",".join(t.tiebreakers) or "none",
                                                     "sideboards": t.sideboards},
                                            sideboards=game_home(access.event.game.slug).sideboards)}
    if access.player is not None and context["sideboard_rule"]:
        context["my_lists"] = own_lists(access.player, access.event)
    if request.htmx and request.htmx.target == "my-table":
        return render(request, "tournament/day.html#my-table", context)
    return render(request, "tournament/day.html", context)


def _my_table(request: HttpRequest, slug: str, pk: int):
    access = event_access(request.user, slug)
    player = access.require_player()
    table = Table.objects.filter(pk=pk, round__event=access.event).select_related("first", "second").first()
    if table is None or player.pk not in (table.first_id, table.second_id):
        raise Http404("No such table.")
    return access, player, table


@require_POST
@login_required
def enter(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    _, player, table = _my_table(request, slug, pk)

    def enter_(values: dict) -> str:
        results.enter(table=table, player=player, said=values["said"], mine=values["mine"], theirs=values["theirs"])
        return "Your result is saved; your opponent confirms it on their phone."
    return handled(request, slug, ResultForm(request.POST), enter_)


@require_POST
@login_required
def confirm(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    _, player, table = _my_table(request, slug, pk)
    try:
        results.confirm(table=table, player=player)
    except day.Refused as error:
        return back_to_day(request, slug, error)
    return back_to_day(request, slug, done="The result is confirmed.")


@require_GET
@login_required
def opponent_roster(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The opponent's latest frozen list as a roster: both players may inspect each other's lists.

    AoF Regiments, Tournament Guidelines, "Armies": "both players may inspect their opponent's force lists".
    """
    access, player, table = _my_table(request, slug, pk)
    opponent = opponent_of(table, player)
    submission = Submission.objects.filter(player=opponent).order_by("-version").first() if opponent else None
    if submission is None:
        raise Http404("Your opponent has no list.")
    submission.player = opponent
    stem = f"{access.event.slug}-round-{table.round.number}-table-{table.number}-opponent"
    return submission_roster(request, submission, access.event, stem)
