"""The day page, and the players' side: entering and confirming their table's result, their opponent's roster."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from armylists.events.models import Event, Player, PlayerInvitation, Submission
from armylists.events.views.submissions import submission_roster

from .. import day, results
from ..forms import ConfirmForm, CorrectForm, LateForm, PairForm, ResultForm, ScoringForm
from ..models import Table
from ..pages import day_context, opponent_of
from ..polling import current_version, poll_token, polled
from .common import back_to_day, day_access, from_the_day_page, handled
from .sideboards import own_lists


@polled("my-table")
@require_GET
@login_required
def day_page(request: HttpRequest, slug: str) -> HttpResponse:
    access = day_access(request.user, slug)
    # Read before what the page shows: a change made meanwhile is shown at the next poll.
    seen = poll_token(request, slug, current_version(slug))
    context = day_context(access) | {"poll_token": seen}
    t = context["tournament"]
    context |= {"result_form": ResultForm(), "pair_form": PairForm(), "late_form": LateForm(),
                "correct_form": CorrectForm(),
                "scoring_form": ScoringForm(initial={"rounds": t.rounds, "win_vp": t.win_vp, "tie_vp": t.tie_vp,
                                                     "loss_vp": t.loss_vp, "bye_vp": t.bye_vp,
                                                     "tiebreakers": ",".join(t.tiebreakers) or "none",
                                                     "sideboards": t.sideboards},
                                            sideboards=access.event.game.home.sideboards)}
    if access.player is not None and context["sideboard_rule"]:
        context["my_lists"] = own_lists(access.player, access.event)
    if request.htmx and request.htmx.target == "my-table":
        return render(request, "tournament/day.html#my-table", context)
    return render(request, "tournament/day.html", context)


def _my_table(request: HttpRequest, slug: str, pk: int):
    access = day_access(request.user, slug)
    player = access.require_player()
    table = Table.objects.filter(pk=pk, round__event=access.event).select_related("first", "second").first()
    if table is None or player.pk not in (table.first_id, table.second_id):
        raise Http404("No such table.")
    return access, player, table


def _entered(table: Table, player: Player, before: tuple) -> str:
    """What sending the result did, in words: saved, sent again, or in place of an earlier entry."""
    opponent = opponent_of(table, player).display_name
    outcome, entered_by = before
    if outcome and (table.outcome, table.first_destruction, table.second_destruction) == outcome \
            and entered_by == player.pk:
        return f"You had already sent this result; it still waits for {opponent} to confirm it."
    if outcome and entered_by == player.pk:
        return f"Your new result replaced the one you sent earlier; {opponent} must confirm the new one."
    if outcome:
        return f"Your result replaced {opponent}'s; {opponent} must confirm yours."
    return f"Your result is saved; {opponent} confirms it on their phone."


@from_the_day_page
@login_required
def enter(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    _, player, table = _my_table(request, slug, pk)
    before = ((table.outcome, table.first_destruction, table.second_destruction) if table.outcome else None,
              table.entered_by_id)

    def enter_(values: dict) -> str:
        saved = results.enter(table=table, player=player, said=values["said"], mine=values["mine"],
                              theirs=values["theirs"])
        return _entered(saved, player, before)
    return handled(request, slug, ResultForm(request.POST), enter_)


@from_the_day_page
@login_required
def confirm(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    _, player, table = _my_table(request, slug, pk)
    form = ConfirmForm(request.POST)
    if table.confirmed:
        return back_to_day(request, slug, done="This result was already confirmed.")
    if not form.is_valid():
        return back_to_day(request, slug, day.Refused("Reload the page and confirm the result it shows."))
    try:
        results.confirm(table=table, player=player, seen=form.cleaned_data["seen"])
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
    if submission is None:  # a late player with no list: the day page shows no link, an old one leads back there
        return back_to_day(request, slug, day.Refused(f"{opponent.display_name if opponent else 'Nobody'} "
                                                      "has no list in this event, so there is no roster to show."))
    submission.player = opponent
    stem = f"{access.event.slug}-round-{table.round.number}-table-{table.number}-opponent"
    return submission_roster(request, submission, access.event, stem)


@require_POST
@login_required
def late_answer(request: HttpRequest, slug: str) -> HttpResponse:
    """The person invited to play late accepts or declines, from their events page."""
    event = get_object_or_404(Event, slug=slug)
    if not PlayerInvitation.objects.filter(event=event, user=request.user).exists():
        raise Http404("No invitation to play in this event is waiting for you.")
    try:
        player = day.answer_late_invitation(event=event, user=request.user,
                                            accept=request.POST.get("answer") == "accept")
    except day.Refused as error:
        messages.error(request, str(error))
        return redirect("events:index")
    if player is None:
        messages.success(request, f"You declined to play in {event.name}.")
        return redirect("events:index")
    messages.success(request, f"You play in {event.name} as {player.display_name}, paired from the next round on.")
    return redirect("tournament:day", slug)
