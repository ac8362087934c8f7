"""Between missions, steps 5 and 6: buying and selling upgrades, recruiting, disbanding."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from armylists.rules.campaign.actions import NewUnit
from armylists.rules.campaign.data import to_data
from armylists.web.confirm import Question, ask_first

from ..forms import RecruitForm, UpgradeForm
from ..presenters import army_row, sell_question
from ..specs import faction_units, recruit_spec
from .common import act, changeable, refuse_form


def _manage_url(campaign, key: str) -> str:
    return reverse("campaigns:army-manage", args=[campaign.slug, key])


@require_GET
@login_required
def army_manage(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    campaign, loaded, army = changeable(request, slug, key)
    state = loaded.state
    units = faction_units(campaign.game, army.faction)
    row = army_row(state, army)
    return render(request, "campaigns/army_manage.html", {
        "campaign": campaign, "army": row, "params": state.params, "manual": state.manual,
        "units": [u for u in row.units if u.active], "allowance": army.allowance,
        "pending": state.open_mission_of(key),
        "recruit_form": RecruitForm(home=campaign.game.home, units=units, params=state.params)})


def _upgrade(request: HttpRequest, slug: str, key: str, kind: str) -> HttpResponse:
    campaign, _, _ = changeable(request, slug, key)
    form = UpgradeForm(request.POST)
    back = _manage_url(campaign, key)
    if not form.is_valid():
        return refuse_form(request, form, back)
    unit, upgrade = form.cleaned_data["unit"], form.cleaned_data["upgrade"]
    entered = {f"{unit}/sell/{upgrade}": [form.cleaned_data["die"]]} if form.cleaned_data.get("die") else {}
    return act(request, campaign, kind, {"army": key, "unit": unit, "upgrade": upgrade}, entered=entered, back=back)


@require_POST
@login_required
def upgrade_buy(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    return _upgrade(request, slug, key, "buy-upgrade")


@require_POST
@login_required
def upgrade_sell(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    campaign, loaded, army = changeable(request, slug, key)
    unit = army.units.get(request.POST.get("unit", ""))
    # Only a sale the rules may make is asked about; any other is refused at once, as before.
    offer = unit.spec.offer(request.POST.get("upgrade", "")) if unit else None
    if offer and offer.slug in unit.upgrades and loaded.state.params and (asking := ask_first(request, sell_question(
            loaded.state.params, unit, offer, _manage_url(campaign, key)))):
        return asking
    return _upgrade(request, slug, key, "sell-upgrade")


@require_POST
@login_required
def unit_recruit(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """Step 6 with campaign rules; a unit added by hand in a campaign without them."""
    campaign, loaded, army = changeable(request, slug, key)
    units = faction_units(campaign.game, army.faction)
    home = campaign.game.home
    form = RecruitForm(request.POST, home=home, units=units, params=loaded.state.params)
    back = _manage_url(campaign, key)
    if not form.is_valid():
        return refuse_form(request, form, back)
    unit = next(u for u in units if u.slug == form.cleaned_data["unit"])
    spec = recruit_spec(home, unit)
    new = to_data(NewUnit(form.cleaned_data["name"], spec))
    if loaded.state.manual:
        return act(request, campaign, "add-unit", {"army": key, "unit": new}, back=back)
    data = {"army": key, "unit": new, "veteran": form.cleaned_data.get("veteran", False)}
    return act(request, campaign, "recruit", data, back=back)


@require_POST
@login_required
def unit_disband(request: HttpRequest, slug: str, key: str, unit: str) -> HttpResponse:
    campaign, _, army = changeable(request, slug, key)
    back = _manage_url(campaign, key)
    if unit in army.units and army.units[unit].active and (asking := ask_first(request, Question(
            f"Disband {army.units[unit].name}?",
            f"{army.units[unit].name} leaves {army.name} for good, with its XP, traits and upgrades; "
            "no points come back. This cannot be undone.", f"Disband {army.units[unit].name}", back))):
        return asking
    return act(request, campaign, "disband-unit", {"army": key, "unit": unit}, back=back)


@require_POST
@login_required
def army_disband(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    campaign, _, army = changeable(request, slug, key)
    back = _manage_url(campaign, key)
    if asking := ask_first(request, Question(
            f"Disband {army.name}?", f"{army.name} loses all its units, its {army.vp} VP and its {army.bank} "
            "points in the bank, and its player starts a new army from scratch. This cannot be undone.",
            f"Disband {army.name}", back)):
        return asking
    return act(request, campaign, "disband-army", {"army": key}, back=back,
               done=reverse("campaigns:army-create", args=[slug]))
