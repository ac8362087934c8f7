"""What every campaign page shares: who may see or change what, and doing an action from a form.

Only members see a campaign: for anyone else every campaign URL is a 404.
Members may look at every army; only an army's player or the game master
changes it (403 for other members). The rules engine checks the same again.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from pydantic import TypeAdapter, ValidationError

from armylists.boundary.errors import BadInput
from armylists.ops.ratelimit import limit
from armylists.rules.campaign import NeedChoice, NeedDie, Refused
from armylists.rules.campaign.model import ArmyState

from .. import services
from ..models import Campaign, PendingRolls
from ..payloads import Picks
from ..snapshots import BrokenLog, Loaded, load_state

MAX_CARRIED = 20_000  # characters of choices a form may carry between attempts (the dice stay here)
# Changes to campaigns through the pages, per member (and per address): far above a game night's pace,
# well below what fills a log to slow it (docs/campaigns.md, "How it is kept").
WRITE_RATE = "60/m"


def member_campaign_or_404(user, slug: str) -> Campaign:
    if not getattr(user, "is_authenticated", False):
        raise Http404("No such campaign.")
    campaign = (Campaign.objects.select_related("game", "game_master")
                .filter(slug=slug, memberships__user=user).first())
    if campaign is None:
        raise Http404("No such campaign.")
    return campaign


def loaded_or_error(campaign: Campaign) -> Loaded:
    try:
        return load_state(campaign)
    except BrokenLog as error:
        raise Http404(str(error)) from None


def is_game_master(user, campaign: Campaign) -> bool:
    return user.pk == campaign.game_master_id


def may_change(user, campaign: Campaign, army: ArmyState) -> bool:
    return is_game_master(user, campaign) or user.get_username() == army.owner


def army_or_404(loaded: Loaded, key: str) -> ArmyState:
    army = loaded.state.armies.get(key)
    if army is None:
        raise Http404("No such army.")
    return army


def changeable_army(request: HttpRequest, loaded: Loaded, key: str) -> ArmyState:
    army = army_or_404(loaded, key)
    if not may_change(request.user, loaded.campaign, army):
        raise PermissionDenied("Only the army's player or the game master changes it.")
    return army


def changeable(request: HttpRequest, slug: str, key: str) -> tuple[Campaign, Loaded, ArmyState]:
    """The campaign, its state and the army `key`, which the user must be allowed to change."""
    campaign = member_campaign_or_404(request.user, slug)
    loaded = loaded_or_error(campaign)
    return campaign, loaded, changeable_army(request, loaded, key)


# What a form carries between attempts has the shape the campaign file gives dice and choices.
CARRIED = {"_choices": TypeAdapter(Picks)}


def _carried(request: HttpRequest, name: str) -> dict:
    """The dice or choices a form carried; anything else (tampered with, or not JSON) is not used."""
    text = request.POST.get(name, "")
    if not text or len(text) > MAX_CARRIED:
        return {}
    try:
        return CARRIED[name].validate_json(text, strict=True)
    except ValidationError:
        return {}


def posted_fields(request: HttpRequest) -> dict[str, list[str]]:
    """The form's own fields as sent (not the choice page's, nor the CSRF token)."""
    return {k: v for k, v in request.POST.lists() if not k.startswith("_") and k != "csrfmiddlewaretoken"}


def act(request: HttpRequest, campaign: Campaign, kind: str, data: Any, *, back: str,
        entered: Mapping | None = None, done: str | None = None, may_discard: bool = False) -> HttpResponse:
    """Do the action; say what happened (or why not) and go to `done` (else back to the form's page).
    A member past the campaign write rate gets 429 and nothing is written.

    When the rules need a player's choice, the same form comes back with the
    choice to make, carrying the dice already rolled so they are not rolled again.
    The form sent again with other values while those dice wait is refused: the dice were rolled for what
    was sent first, and a sentence about dice nobody typed would puzzle. `may_discard`: the user may
    withdraw those dice as the game master may (the army's own player, on its post-battle).
    """
    refused = limit(request, "campaign-write", WRITE_RATE)
    if refused is not None:
        return refused
    if request.POST.get("_discard") == "yes":
        return _discard_rolls(request, campaign, back, may_discard)
    pending = PendingRolls.objects.filter(campaign=campaign, form=back).first()
    if pending is not None and pending.posted and pending.posted != posted_fields(request) \
            and "_choice_key" not in request.POST:
        messages.error(request, "Nothing was changed: dice Muster rolled for this form wait for a choice. Make "
                                "the choice, or withdraw the dice, on this page first.")
        return redirect(back)
    rolls = _with_pending(dict(entered or {}), pending.rolls if pending else {})
    choices = _carried(request, "_choices")
    picked = request.POST.get("_choice_key")
    if picked and request.POST.get("_choice"):
        choices[picked] = request.POST["_choice"]
    try:
        outcome = services.perform(campaign=campaign, actor=request.user, kind=kind, data=data, entered=rolls,
                                   choices=choices, every_die_used=True)
    except NeedChoice as needed:
        PendingRolls.objects.update_or_create(campaign=campaign, form=back,
                                              defaults={"rolls": getattr(needed, "rolls", {}),
                                                        "posted": posted_fields(request)})
        return render(request, "campaigns/choose.html", {
            "campaign": campaign, "needed": needed, "back": back,
            "may_discard": may_discard or request.user.pk == campaign.game_master_id,
            "carried": list(posted_fields(request).items()), "choices": json.dumps(choices)})
    except (Refused, BadInput, NeedDie) as error:
        messages.error(request, f"Nothing was changed: {error}")
        return redirect(back)
    PendingRolls.objects.filter(campaign=campaign, form=back).delete()
    messages.success(request, outcome.summary[:1].upper() + outcome.summary[1:])
    return redirect(done or back)


def waiting_dice(campaign: Campaign, form: str) -> PendingRolls | None:
    """The dice Muster rolled for the form at `form` (its page's path) that wait for a choice, if any: its page
    says so and offers the choice again, rather than a blank form."""
    return PendingRolls.objects.filter(campaign=campaign, form=form).first()


def _with_pending(entered: dict, pending: dict) -> dict:
    """The dice of an attempt at an action: those of the last attempt stand for every unit they rolled for
    (sent again or not, never rolled anew); the dice entered now count for the other units only."""
    rolled_for = {key.split("/")[0] for key in pending}
    return {**{k: v for k, v in entered.items() if k.split("/")[0] not in rolled_for}, **pending}


def _discard_rolls(request: HttpRequest, campaign: Campaign, back: str, may_discard: bool) -> HttpResponse:
    """The game master (or, where `may_discard`, the army's player) cancels an action waiting for a choice: the
    dice Muster rolled for it are forgotten."""
    if not may_discard and request.user.pk != campaign.game_master_id:
        messages.error(request, "Only the game master can discard dice Muster rolled.")
        return redirect(back)
    PendingRolls.objects.filter(campaign=campaign, form=back).delete()
    messages.success(request, "The dice Muster rolled for this are discarded; nothing was recorded.")
    return redirect(back)


def refuse_form(request: HttpRequest, form, back: str) -> HttpResponse:
    """A form that does not validate: its errors, each named by its field, and nothing written."""
    problems = " ".join(f"{form.fields[name].label or name if name in form.fields else ''}: {' '.join(errors)}"
                        for name, errors in form.errors.items())
    messages.error(request, f"Nothing was changed. {problems}")
    return redirect(back)
