"""The organisers' side of the day: scoring, pairing, results, drops, late players, swaps and table moves."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_POST

from armylists.events.models import Player
from armylists.ops.ratelimit import limit
from armylists.web.confirm import Question, ask_first

from .. import day, results
from ..day import last_round
from ..forms import CorrectForm, LateForm, MoveForm, PairForm, PlayerForm, ScoringForm, SwapForm
from ..models import Round, Table
from .common import back_to_day, from_the_day_page, handled, organiser_access


def _round(access, number: int) -> Round:
    found = Round.objects.filter(event=access.event, number=number).first()
    if found is None:
        raise Http404("No such round.")
    return found


def _player(access, pk: int) -> Player:
    found = Player.objects.filter(event=access.event, pk=pk).first()
    if found is None:
        raise day.Refused("That player is not in this event.")
    return found


@require_POST
@login_required
def scoring(request: HttpRequest, slug: str) -> HttpResponse:
    access = organiser_access(request, slug)

    def save(values: dict) -> str:
        day.save_scoring(event=access.event, by=request.user, rounds=values["rounds"], win_vp=values["win_vp"],
                         tie_vp=values["tie_vp"], loss_vp=values["loss_vp"], bye_vp=values["bye_vp"],
                         tiebreakers=values["tiebreakers"], sideboards=values.get("sideboards", False))
        return "The scoring is saved."
    form = ScoringForm(request.POST, sideboards=access.event.game.home.sideboards)
    return handled(request, slug, form, save)


@require_POST
@login_required
def pair(request: HttpRequest, slug: str) -> HttpResponse:
    access = organiser_access(request, slug)

    def pair_(values: dict) -> str:
        round_ = day.pair_next_round(event=access.event, by=request.user, seed=values["seed"])
        return f"Round {round_.number} is paired (seed {round_.seed})."
    return handled(request, slug, PairForm(request.POST), pair_)


@from_the_day_page
@login_required
def correct(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    access = organiser_access(request, slug)
    table = Table.objects.filter(pk=pk, round__event=access.event).select_related("first", "second").first()
    if table is None:
        raise Http404("No such table.")

    def save(values: dict) -> str:
        winner = {"first": table.first, "second": table.second, "tie": None}[values["winner"]]
        results.organiser_result(table=table, winner=winner, first_destruction=values["first_destruction"],
                                 second_destruction=values["second_destruction"], by=request.user,
                                 reason=values["reason"])
        return f"Table {table.number}'s result is saved."
    return handled(request, slug, CorrectForm(request.POST), save)


@require_POST
@login_required
def drop(request: HttpRequest, slug: str) -> HttpResponse:
    """Asked first (what it does, and until when it can be undone); then the player is dropped."""
    access = organiser_access(request, slug)
    form = PlayerForm(request.POST)
    player = Player.objects.filter(event=access.event, pk=form.cleaned_data["player"]).first() \
        if form.is_valid() else None
    if player is not None:  # else refused below, as any bad form
        paired = last_round(access.event)
        upto = paired.number + 1 if paired else 1
        if asking := ask_first(request, Question(
                f"Drop {player.display_name}?",
                f"{player.display_name} is not paired from round {upto} on; their results stay in the standings. "
                f"This can be undone until round {upto} is paired.",
                f"Drop {player.display_name}", reverse("tournament:day", args=[slug]))):
            return asking

    def drop_(values: dict) -> str:
        dropped = day.drop_player(event=access.event, player=_player(access, values["player"]), by=request.user)
        return (f"{dropped.player.display_name} is dropped from round {dropped.from_round} on "
                f"(undo it from the Players panel until round {dropped.from_round} is paired).")
    return handled(request, slug, form, drop_)


@require_POST
@login_required
def undrop(request: HttpRequest, slug: str) -> HttpResponse:
    access = organiser_access(request, slug)

    def undo(values: dict) -> str:
        player = _player(access, values["player"])
        day.undo_drop(event=access.event, player=player, by=request.user)
        return f"{player.display_name} is back in the event and will be paired."
    return handled(request, slug, PlayerForm(request.POST), undo)


@require_POST
@login_required
def late(request: HttpRequest, slug: str) -> HttpResponse:
    """An invitation to play, which the person accepts on their events page. The answer reads the same whether
    or not anyone has that username, and the form is rate limited: it tells nobody who has an account."""
    access = organiser_access(request, slug)

    def invite(values: dict) -> str:
        username, name = values["username"].strip(), " ".join(values["display_name"].split())
        day.invite_late_player(event=access.event, username=username, display_name=name, by=request.user)
        return (f"If someone is called “{username}” on Muster, they are invited to play as “{name}”: they are "
                "paired from the next round on once they accept on their events page.")
    return limit(request, "player-invite") or handled(request, slug, LateForm(request.POST), invite)


@require_POST
@login_required
def late_withdraw(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A late player's invitation taken back before it is answered (a typo, or the player is not coming)."""
    access = organiser_access(request, slug)
    try:
        invitation = day.withdraw_late_invitation(event=access.event, pk=pk, by=request.user)
    except day.Refused as error:
        return back_to_day(request, slug, error)
    return back_to_day(request, slug, done=f"The invitation to “{invitation.username}” is withdrawn.")


@require_POST
@login_required
def swap(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    access = organiser_access(request, slug)
    round_ = _round(access, number)

    def swap_(values: dict) -> str:
        day.swap_players(round_=round_, one=_player(access, values["one"]), other=_player(access, values["other"]),
                         by=request.user)
        return "The two players swapped seats."
    return handled(request, slug, SwapForm(request.POST), swap_)


@require_POST
@login_required
def move(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    access = organiser_access(request, slug)
    round_ = _round(access, number)

    def move_(values: dict) -> str:
        day.move_table(round_=round_, number=values["number"], to=values["to"], by=request.user)
        return "The table moved."
    return handled(request, slug, MoveForm(request.POST), move_)
