"""Starting an army, the army page, renaming units, notes, and corrections or hand-kept changes."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from armylists.boundary.errors import BadInput
from armylists.boundary.numbers import whole_number
from armylists.builder.models import ArmyList
from armylists.games.base import Game
from armylists.rules.campaign import Refused
from armylists.rules.campaign.actions import NewUnit
from armylists.rules.campaign.data import to_data
from factions.models import labelled

from .. import services
from ..forms import AdjustForm, ArmyFromListForm, NameForm, NotesForm, StatusForm, TraitsForm
from ..presenters import army_row, correction_keys, mission_row
from ..specs import faction_units, recruit_spec, unique_names, units_from_list
from .common import (
    act,
    army_or_404,
    changeable,
    is_game_master,
    loaded_or_error,
    may_change,
    member_campaign_or_404,
    refuse_form,
)

MAX_PICKED = 50  # units of one kind in a starting army picked by number
# The newest entries of the points bank and of the army's log: both grow with the campaign, and the
# whole of them is in the campaign's log and file (docs/campaigns.md, "How it is kept").
LEDGER_SHOWN = 200
LOG_SHOWN = 100


def _army_url(campaign, key: str) -> str:
    return reverse("campaigns:army-detail", args=[campaign.slug, key])


@require_http_methods(["GET", "POST"])
@login_required
def army_create(request: HttpRequest, slug: str) -> HttpResponse:
    """Start the player's army: a copy of one of their lists, or units picked by number from a faction."""
    campaign = member_campaign_or_404(request.user, slug)
    loaded = loaded_or_error(campaign)
    lists = ArmyList.objects.filter(owner=request.user, game=campaign.game)
    factions = [(f.slug, f.label) for f in labelled(campaign.game.factions.select_related("game"))]
    faction = request.GET.get("faction") or request.POST.get("faction") or ""
    picker = faction_units(campaign.game, faction) if faction in dict(factions) else []
    form = ArmyFromListForm(request.POST if "army_list" in request.POST else None, lists=lists)
    if request.method == "POST":
        name = request.POST.get("name", "").strip()
        try:
            if "army_list" in request.POST:
                if not form.is_valid():
                    raise Refused("choose one of your lists and name the army")
                faction, units = units_from_list(lists.get(pk=form.cleaned_data["army_list"]).document)
            else:
                units = _picked_units(campaign.game.home, picker, request.POST)
            services.start_army(campaign=campaign, actor=request.user, owner=request.user, name=name,
                                faction=faction, units=[to_data(u) for u in units])
        except (Refused, BadInput) as error:
            messages.error(request, f"Nothing was changed: {error}")
        else:
            messages.success(request, f"{name} joins the campaign.")
            return redirect(campaign)
    # A refused start comes back with everything typed in the form that was sent: its name and its counts.
    from_list = "army_list" in request.POST
    typed = request.POST if request.method == "POST" else {}
    home = campaign.game.home
    return render(request, "campaigns/army_create.html", {
        "campaign": campaign, "params": loaded.params, "form": form, "lists": lists, "factions": factions,
        "faction": faction, "list_name": typed.get("name", "") if from_list else "",
        "units_name": "" if from_list else typed.get("name", ""),
        "picker": [(u, "" if from_list else typed.get(f"count-{u.slug}", "0"), home.library.is_hero(u.details),
                    home.library.listed_cost(u.details)) for u in picker]})


def _picked_units(home: Game, units, data) -> list[NewUnit]:
    picked = []
    for unit in units:
        count = whole_number(data.get(f"count-{unit.slug}", "").strip() or "0")
        if count is None or count > MAX_PICKED:
            raise Refused(f"{unit.name}: how many, from 0 to {MAX_PICKED}")
        picked += [unit] * count
    if not picked:
        raise Refused("pick at least one unit")
    names = unique_names([u.name for u in picked])
    return [NewUnit(name, recruit_spec(home, u))
            for name, u in zip(names, picked, strict=True)]


@require_GET
@login_required
def army_detail(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    campaign = member_campaign_or_404(request.user, slug)
    loaded = loaded_or_error(campaign)
    state = loaded.state
    army = army_or_404(loaded, key)
    row = army_row(state, army)
    pending = state.open_mission_of(army.key)
    units = [u for u in row.units if u.active]
    return render(request, "campaigns/army_detail.html", {
        "campaign": campaign, "army": row, "params": state.params, "manual": state.manual,
        "units": units, "gone": [u for u in row.units if not u.active],
        "can_change": may_change(request.user, campaign, army),
        "game_master": is_game_master(request.user, campaign),
        "pending": mission_row(state, pending) if pending else None,
        "between": army.allowance is not None and pending is None and not state.manual,
        "adjust_form": AdjustForm(units=units), "ledger": list(reversed(row.ledger[-LEDGER_SHOWN:])),
        "ledger_total": len(row.ledger),
        "correction_keys": correction_keys(state.params) if state.params else {},
        "statuses": StatusForm.base_fields["status"].choices,
        "log": loaded.log(LOG_SHOWN, army=key),
    })


def _unit_text(request: HttpRequest, slug: str, key: str, unit: str, kind: str, field: str, form) -> HttpResponse:
    campaign, _, _ = changeable(request, slug, key)
    if not form.is_valid():
        return refuse_form(request, form, _army_url(campaign, key))
    return act(request, campaign, kind, {"army": key, "unit": unit, field: form.cleaned_data[field]},
               back=_army_url(campaign, key))


@require_POST
@login_required
def unit_rename(request: HttpRequest, slug: str, key: str, unit: str) -> HttpResponse:
    return _unit_text(request, slug, key, unit, "rename-unit", "name", NameForm(request.POST))


@require_POST
@login_required
def unit_notes(request: HttpRequest, slug: str, key: str, unit: str) -> HttpResponse:
    return _unit_text(request, slug, key, unit, "set-notes", "notes", NotesForm(request.POST))


@require_POST
@login_required
def army_adjust(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """A game master's correction; in a campaign kept by hand, the player's own change of points, VP or XP."""
    campaign = member_campaign_or_404(request.user, slug)
    loaded = loaded_or_error(campaign)
    army = army_or_404(loaded, key)
    allowed = is_game_master(request.user, campaign) or (loaded.state.manual and may_change(request.user, campaign,
                                                                                             army))
    if not allowed:
        raise PermissionDenied("Only the game master makes corrections.")
    form = AdjustForm(request.POST, units=list(army.active_units()))
    if not form.is_valid():
        return refuse_form(request, form, _army_url(campaign, key))
    return act(request, campaign, "adjust", form.data_for(key), back=_army_url(campaign, key))


def _game_master_correction(request: HttpRequest, slug: str, key: str, unit: str, kind: str, form) -> HttpResponse:
    campaign = member_campaign_or_404(request.user, slug)
    army_or_404(loaded_or_error(campaign), key)
    if not is_game_master(request.user, campaign):
        raise PermissionDenied("Only the game master makes corrections.")
    if not form.is_valid():
        return refuse_form(request, form, _army_url(campaign, key))
    data = form.data_for(key, unit) if isinstance(form, TraitsForm) else \
        {"army": key, "unit": unit, **form.cleaned_data}
    return act(request, campaign, kind, data, back=_army_url(campaign, key))


@require_POST
@login_required
def unit_traits(request: HttpRequest, slug: str, key: str, unit: str) -> HttpResponse:
    """The game master sets a unit's traits, skills, injuries and talents, with a reason."""
    return _game_master_correction(request, slug, key, unit, "set-traits", TraitsForm(request.POST))


@require_POST
@login_required
def unit_status(request: HttpRequest, slug: str, key: str, unit: str) -> HttpResponse:
    """The game master brings a unit back, strikes it off, or changes the matches it sits out, with a reason."""
    return _game_master_correction(request, slug, key, unit, "set-status", StatusForm(request.POST))
