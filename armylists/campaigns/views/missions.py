"""A mission: setting it up (step 1), its result and random events (step 2), and each army's
post-battle page (steps 3 and 4; steps 5 and 6 are on the between-missions page)."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from armylists.boundary.numbers import whole_number
from armylists.rules.campaign.data import action_from_data

from ..forms import EventForm, ResultForm
from ..models import PendingRolls
from ..presenters import army_row, mission_row
from ..rolls import post_battle_dice
from .common import (
    act,
    army_or_404,
    is_game_master,
    loaded_or_error,
    may_change,
    member_campaign_or_404,
    refuse_form,
    waiting_dice,
)

MAX_KILLS = 50
DIE = range(1, 7)  # what a D6 can show


def _mission_url(campaign, number: int) -> str:
    return reverse("campaigns:mission-detail", args=[campaign.slug, number])


def _fielded_from(request: HttpRequest, state) -> dict[str, list[str]]:
    """Armies ticked as playing, each with its ticked units (only units of that army count)."""
    fielded = {}
    for key in request.POST.getlist("army")[:50]:
        army = state.armies.get(key)
        if army is not None:
            fielded[key] = [u for u in request.POST.getlist(f"units-{key}")[:200] if u in army.units]
    return fielded


def _setup_check(state, fielded: dict[str, list[str]]) -> dict:
    """The fielded values, the 250-point cap and the underdog points, for the setup page."""
    params = state.params
    values = {key: params.fielded_value(state.armies[key], tuple(units)) for key, units in fielded.items()
              if all(u in state.armies[key].units for u in units)}
    names = {key: state.armies[key].name for key in values}
    underdog = params.underdog_points(values)
    return {"rows": [(names[k], values[k], underdog[k]) for k in values],
            "problem": params.difference_problem(values, names), "cap": params.max_value_difference}


@require_http_methods(["GET", "POST"])
@login_required
def mission_create(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = member_campaign_or_404(request.user, slug)
    loaded = loaded_or_error(campaign)
    state = loaded.state
    if state.manual:
        raise Http404("A campaign kept by hand has no missions.")
    fielded = _fielded_from(request, state) if request.method == "POST" else {}
    if request.method == "POST" and request.POST.get("check"):
        return render(request, "campaigns/mission_create.html#setup-check", {"check": _setup_check(state, fielded)})
    if request.method == "POST":
        entered = {f"{key}/objective": [d] for key in fielded
                   if (d := whole_number(request.POST.get(f"objective-{key}", ""))) in DIE}
        data = {"fielded": [{"army": key, "units": units} for key, units in fielded.items()]}
        return act(request, campaign, "start-mission", data, entered=entered,
                   back=reverse("campaigns:mission-create", args=[slug]),
                   done=_mission_url(campaign, len(state.missions) + 1))
    free = [army_row(state, a) for a in state.armies.values()
            if a.started and state.open_mission_of(a.key) is None]
    return render(request, "campaigns/mission_create.html", {"campaign": campaign, "armies": free,
                                                             "params": state.params,
                                                             "next_number": len(state.missions) + 1})


def _mission(loaded, number: int):
    if not 1 <= number <= len(loaded.state.missions):
        raise Http404("No such mission.")
    return loaded.state.missions[number - 1]


def _recordable(request: HttpRequest, slug: str, number: int):
    """The campaign, its state and mission `number`, which the user must be allowed to record."""
    campaign = member_campaign_or_404(request.user, slug)
    loaded = loaded_or_error(campaign)
    mission = _mission(loaded, number)
    players = {loaded.state.armies[k].owner for k in mission.armies}
    if not (is_game_master(request.user, campaign) or request.user.get_username() in players):
        raise PermissionDenied("Only the mission's players or the game master record it.")
    return campaign, loaded, mission


@require_http_methods(["GET"])
@login_required
def mission_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    campaign = member_campaign_or_404(request.user, slug)
    loaded = loaded_or_error(campaign)
    state = loaded.state
    mission = _mission(loaded, number)
    units = [(key, state.armies[key].name, [(u, state.armies[key].units[u].name) for u in mission.fielded[key]])
             for key in mission.armies]
    players = {state.armies[k].owner for k in mission.armies}
    events = sorted(state.params.tables.events.values(), key=lambda e: e.number)
    # The events whose fields the page asks for, named and numbered by the campaign's own table.
    by_kind = {e.effect.kind: e for e in events}
    forms = {reverse("campaigns:post-battle", args=[slug, number, key]): key for key in mission.armies}
    waiting = {forms[f] for f in PendingRolls.objects.filter(campaign=campaign, form__in=forms)
               .values_list("form", flat=True)}
    return render(request, "campaigns/mission_detail.html", {"waiting": waiting,
        "campaign": campaign, "mission": mission_row(state, mission), "units": units, "params": state.params,
        "events": events, "countdown": by_kind.get("xp-split"), "bounty": by_kind.get("bounty"),
        "can_record": is_game_master(request.user, campaign) or request.user.get_username() in players,
        # Play Mission: Random Events: one a round; the rounds that had theirs are not offered again.
        "rounds": [(r, r in mission.event_rounds) for r in range(1, state.params.mission_rounds + 1)]})


@require_POST
@login_required
def mission_result(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    campaign, _, mission = _recordable(request, slug, number)
    form = ResultForm(request.POST, armies=mission.armies)
    data = {"mission": number, "winner": request.POST.get("winner", "")[:12],
            "conceded": form.cleaned_data["conceded"] if form.is_valid() else []}
    return act(request, campaign, "record-result", data, back=_mission_url(campaign, number))


@require_POST
@login_required
def mission_event(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    campaign, loaded, mission = _recordable(request, slug, number)
    form = EventForm(request.POST, rounds=loaded.state.params.mission_rounds)
    back = _mission_url(campaign, number)
    if not form.is_valid():
        return refuse_form(request, form, back)
    army = form.cleaned_data["army"] or None
    fielded = mission.fielded.get(army, ())
    units = [u for u in request.POST.getlist("units")[:200] if u in fielded]
    data = {"mission": number, "round": form.cleaned_data["round"], "army": army, "units": units,
            "achieved": form.cleaned_data["achieved"],
            "split": [{"unit": u, "xp": x} for u in fielded
                      if (x := whole_number(request.POST.get(f"split-{u}", "")))],
            "destroyed": [{"army": a, "count": c} for a in mission.armies
                          if (c := whole_number(request.POST.get(f"destroyed-{a}", "")))]}
    entered = {}
    if form.cleaned_data["number"]:
        entered["event"] = [form.cleaned_data["number"] // 10, form.cleaned_data["number"] % 10]
    if form.cleaned_data["die"]:
        die = [form.cleaned_data["die"]]
        entered.update({"points": die, **{f"{u}/xp": die for u in units}, **{f"{u}/ransom": die for u in units}})
    return act(request, campaign, "random-event", {k: v for k, v in data.items() if v not in (None, [])},
               entered=entered, back=back)


def _count(request: HttpRequest, name: str) -> int:
    return min(whole_number(request.POST.get(name, "")) or 0, MAX_KILLS)


def _dice(text: str) -> list[int]:
    return [n for d in text.replace(",", " ").split()[:20] if (n := whole_number(d)) in DIE]


@require_http_methods(["GET", "POST"])
@login_required
def post_battle(request: HttpRequest, slug: str, number: int, key: str) -> HttpResponse:
    """One army's post-battle, in the book's order: objective, casualties with their dice, XP and level-ups."""
    campaign = member_campaign_or_404(request.user, slug)
    loaded = loaded_or_error(campaign)
    state = loaded.state
    mission = _mission(loaded, number)
    army = army_or_404(loaded, key)
    if key not in mission.armies:
        raise Http404("This army did not play that mission.")
    if request.method == "POST":
        if not may_change(request.user, campaign, army):
            raise PermissionDenied("Only the army's player or the game master records its post-battle.")
        fielded = mission.fielded[key]
        results = [{"unit": u, "casualty": request.POST.get(f"casualty-{u}") == "on",
                    "killed_units": _count(request, f"units-{u}"), "killed_heroes": _count(request, f"heroes-{u}"),
                    "killed_heroes_and_units": _count(request, f"both-{u}")} for u in fielded]
        entered = {f"{u}/*": dice for u in fielded if (dice := _dice(request.POST.get(f"dice-{u}", "")))}
        data = {"mission": number, "army": key, "objective_completed": request.POST.get("objective") == "on",
                "results": results}
        # Once recorded, the same page shows what every die did. The army's player withdraws dice waiting
        # for their choice as the game master does (docs/campaigns.md, "Running a campaign": dice waiting for a choice).
        return act(request, campaign, "post-battle", data, entered=entered,
                   back=reverse("campaigns:post-battle", args=[slug, number, key]), may_discard=True)
    row = army_row(state, army)
    # The army's post-battles are one a mission it played: few, whatever the log's length.
    post_battles = campaign.actions.filter(kind="post-battle", army__key=key).order_by("-number")
    recorded = next((row for row in post_battles if row.payload.get("mission") == number), None) \
        if key in mission.done else None
    dice = post_battle_dice(state.params, state, action_from_data(recorded.kind, recorded.payload), recorded.rolls,
                            state.permadeath) if recorded else []
    return render(request, "campaigns/post_battle.html", {
        "campaign": campaign, "mission": mission_row(state, mission), "army": row, "params": state.params,
        "fielded": [u for u in row.units if u.key in mission.fielded[key]],
        "done": key in mission.done, "has_result": mission.has_result,
        "recorded": recorded, "dice": dice,
        "pending": waiting_dice(campaign, reverse("campaigns:post-battle", args=[slug, number, key])),
        "can_change": may_change(request.user, campaign, army)})
