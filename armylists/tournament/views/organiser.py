"""The organisers' side of the day: scoring, pairing, results, drops, late players, swaps and table moves."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from armylists.events.models import Player
from armylists.games.registry import game_home

from .. import day, results
from ..forms import CorrectForm, LateForm, MoveForm, PairForm, PlayerForm, ScoringForm, SwapForm
from ..models import Round, Table
from .common import back_to_day, form_refusal, organiser_access


def _round(access, number: int) -> Round:
    found = Round.objects.filter(event=access.event, number=number).first()
    if found is None:
        raise Http404("No such round.")
    return found


def _player(access, pk: int) -> Player:
    found = Player.objects.filter(event=access.event, pk=pk).first()
    if found is None:
        raise day.Refusal("That player is not in this event.")
    return found


@require_POST
@login_required
def scoring(request: HttpRequest, slug: str) -> HttpResponse:
    access = organiser_access(request, slug)
    form = ScoringForm(request.POST, sideboards=game_home(access.event.game.slug).sideboards)
    try:
        if not form.is_valid():
            raise day.Refusal(form_refusal(form))
        values = form.cleaned_data
        day.save_scoring(event=access.event, by=request.user, rounds=values["rounds"], win_vp=values["win_vp"],
                         tie_vp=values["tie_vp"], loss_vp=values["loss_vp"], bye_vp=values["bye_vp"],
                         tiebreakers=values["tiebreakers"], sideboards=values.get("sideboards", False))
    except day.Refusal as error:
        return back_to_day(request, slug, error)
    return back_to_day(request, slug, done="The scoring is saved.")


@require_POST
@login_required
def pair(request: HttpRequest, slug: str) -> HttpResponse:
    access = organiser_access(request, slug)
    form = PairForm(request.POST)
    try:
        if not form.is_valid():
            raise day.Refusal(form_refusal(form))
        round_ = day.pair_next_round(event=access.event, by=request.user, seed=form.cleaned_data["seed"])
    except day.Refusal as error:
        return back_to_day(request, slug, error)
    return back_to_day(request, slug, done=f"Round {round_.number} is paired (seed {round_.seed}).")


@require_POST
@login_required
def correct(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    access = organiser_access(request, slug)
    table = Table.objects.filter(pk=pk, round__event=access.event).select_related("first", "second").first()
    if table is None:
        raise Http404("No such table.")
    form = CorrectForm(request.POST)
    try:
        if not form.is_valid():
            raise day.Refusal(form_refusal(form))
        values = form.cleaned_data
        winner = {"first": table.first, "second": table.second, "tie": None}[values["winner"]]
        results.organiser_result(table=table, winner=winner, first_destruction=values["first_destruction"],
                                 second_destruction=values["second_destruction"], by=request.user,
                                 reason=values["reason"])
    except day.Refusal as error:
        return back_to_day(request, slug, error)
    return back_to_day(request, slug, done=f"Table {table.number}'s result is saved.")


@require_POST
@login_required
def drop(request: HttpRequest, slug: str) -> HttpResponse:
    access = organiser_access(request, slug)
    form = PlayerForm(request.POST)
    try:
        if not form.is_valid():
            raise day.Refusal("Choose a player to drop.")
        player = _player(access, form.cleaned_data["player"])
        dropped = day.drop_player(event=access.event, player=player, by=request.user)
    except day.Refusal as error:
        return back_to_day(request, slug, error)
    return back_to_day(request, slug, done=f"{player.display_name} is dropped from round {dropped.from_round} on.")


@require_POST
@login_required
def late(request: HttpRequest, slug: str) -> HttpResponse:
    access = organiser_access(request, slug)
    form = LateForm(request.POST)
    try:
        if not form.is_valid():
            raise day.Refusal(form_refusal(form))
        user = get_user_model().objects.filter(username=form.cleaned_data["username"].strip()).first()
        if user is None:
            raise day.Refusal(f"Nobody is called “{form.cleaned_data['username'].strip()}” on Muster.")
        player = day.add_late_player(event=access.event, user=user, display_name=form.cleaned_data["display_name"],
                                     by=request.user)
    except day.Refusal as error:
        return back_to_day(request, slug, error)
    return back_to_day(request, slug, done=f"{player.display_name} is added and will be paired.")


@require_POST
@login_required
def swap(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    access = organiser_access(request, slug)
    round_ = _round(access, number)
    form = SwapForm(request.POST)
    try:
        if not form.is_valid():
            raise day.Refusal("Choose two players to swap.")
        day.swap_players(round_=round_, one=_player(access, form.cleaned_data["one"]),
                         other=_player(access, form.cleaned_data["other"]), by=request.user)
    except day.Refusal as error:
        return back_to_day(request, slug, error)
    return back_to_day(request, slug, done="The two players swapped seats.")


@require_POST
@login_required
def move(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    access = organiser_access(request, slug)
    round_ = _round(access, number)
    form = MoveForm(request.POST)
    try:
        if not form.is_valid():
            raise day.Refusal(form_refusal(form))
        day.move_table(round_=round_, number=form.cleaned_data["number"], to=form.cleaned_data["to"],
                       by=request.user)
    except day.Refusal as error:
        return back_to_day(request, slug, error)
    return back_to_day(request, slug, done="The table moved.")
