"""My campaigns, starting one, joining by invitation, the campaign page and its file."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from armylists.rules.campaign import Refused
from armylists.web.confirm import ask_first, new_link_question
from factions.models import GameSystem

from .. import services
from ..forms import CampaignForm, UndoForm
from ..models import Campaign
from ..presenters import leaderboard, mission_row, progress
from ..transfer import campaign_file
from .common import act, is_game_master, loaded_or_error, member_campaign_or_404, refuse_form

LOG_PAGE = 200
MISSIONS_SHOWN = 30  # the newest; older missions keep their own pages, and the log and file have them all


@require_GET
@login_required
def campaign_index(request: HttpRequest) -> HttpResponse:
    campaigns = Campaign.objects.filter(memberships__user=request.user).select_related("game", "game_master")
    return render(request, "campaigns/campaign_index.html", {"campaigns": campaigns})


@require_http_methods(["GET", "POST"])
@login_required
def campaign_create(request: HttpRequest) -> HttpResponse:
    # Offered first: a game with campaign rules of its own.
    with_rules = GameSystem.objects.filter(campaign_rules__isnull=False).first()
    form = CampaignForm(request.POST or None, initial={"game": with_rules})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            campaign = services.create_campaign(
                name=data["name"], game=data["game"], game_master=request.user, kind=data["kind"],
                parallel_play=data["parallel_play"], late_joiners=data["late_joiners"],
                permadeath=not data["no_permadeath"], length=data["length"], overrides=data["house_rules"])
        except Refused as error:
            form.add_error(None, str(error))
        else:
            return redirect(campaign)
    return render(request, "campaigns/campaign_create.html", {"form": form})


@require_http_methods(["GET", "POST"])
@login_required
def campaign_join(request: HttpRequest, token: str) -> HttpResponse:
    campaign = Campaign.objects.select_related("game", "game_master").filter(invite_token=token).first()
    if campaign is None:
        raise Http404("This invitation link is not valid (it may have been renewed).")
    if request.method == "POST":
        services.join_campaign(campaign=campaign, user=request.user, token=token)
        messages.success(request, f"You joined {campaign.name}.")
        return redirect(campaign)
    member = campaign.memberships.filter(user=request.user).exists()
    return render(request, "campaigns/campaign_join.html", {"campaign": campaign, "member": member})


@require_GET
@login_required
def campaign_detail(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = member_campaign_or_404(request.user, slug)
    loaded = loaded_or_error(campaign)
    state = loaded.state
    mine = next((a for a in state.armies.values() if a.owner == request.user.get_username()), None)
    context = {
        "campaign": campaign, "state": state, "params": state.params, "progress": progress(state),
        "leaderboard": leaderboard(state), "mine": mine, "game_master": is_game_master(request.user, campaign),
        "missions": [mission_row(state, m) for m in reversed(state.missions[-MISSIONS_SHOWN:])],
        "log": loaded.log(LOG_PAGE), "log_total": state.actions,
        "members": campaign.memberships.select_related("user"),
        "invite_url": request.build_absolute_uri(reverse("campaigns:campaign-join", args=[campaign.invite_token])),
    }
    return render(request, "campaigns/campaign_detail.html", context)


@require_GET
@login_required
def campaign_export(request: HttpRequest, slug: str) -> HttpResponse:
    """The campaign file (armylists/campaign@1), for any member to keep or move the campaign."""
    campaign = member_campaign_or_404(request.user, slug)
    return _download(HttpResponse(campaign_file(campaign), content_type="application/json; charset=utf-8"),
                     f"{campaign.slug}.campaign.json")


def _download(response: HttpResponse, filename: str) -> HttpResponse:
    """A member's download: saved under `filename` (a campaign slug and a fixed ending, safe in a header)."""
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _game_masters(request: HttpRequest, slug: str, what: str) -> Campaign:
    campaign = member_campaign_or_404(request.user, slug)
    if not is_game_master(request.user, campaign):
        raise PermissionDenied(f"Only the game master {what}.")
    return campaign


@require_POST
@login_required
def campaign_invite_renew(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = _game_masters(request, slug, "renews the invitation link")
    if asking := ask_first(request, new_link_question(campaign.get_absolute_url())):
        return asking
    services.renew_invite(campaign=campaign, actor=request.user)
    messages.success(request, "A new invitation link; the old one no longer works.")
    return redirect(campaign)


@require_GET
@login_required
def campaign_log(request: HttpRequest, slug: str) -> HttpResponse:
    """The whole log as plain text, one action a line, oldest first: pages and the summary show the newest."""
    campaign = member_campaign_or_404(request.user, slug)
    # The columns the lines show, as plain values: not each action's data and dice, nor an object per
    # action, which at 20,000 actions took most of the request's time (docs/campaigns.md, "How it is kept").
    rows = campaign.actions.order_by("number").values_list("number", "at", "actor__username", "summary")
    text = "".join(f"{number}. {at:%Y-%m-%d %H:%M} {actor}: {summary}\n"
                   for number, at, actor, summary in rows.iterator(chunk_size=2000))
    return _download(HttpResponse(text, content_type="text/plain; charset=utf-8"), f"{campaign.slug}.log.txt")


@require_POST
@login_required
def campaign_undo(request: HttpRequest, slug: str) -> HttpResponse:
    """The game master takes back an action of the log (the last one unless the form names another), as a
    correction logged after it (docs/campaigns.md, "Corrections and undo")."""
    campaign = _game_masters(request, slug, "undoes an action")
    form = UndoForm(request.POST)
    if not form.is_valid():
        return refuse_form(request, form, campaign.get_absolute_url())
    last = campaign.actions.order_by("-number").values_list("number", flat=True).first() or 0
    number = form.cleaned_data["number"] or last
    reason = form.cleaned_data["reason"] or "undone by the game master"
    return act(request, campaign, "undo", {"number": number, "reason": reason}, back=campaign.get_absolute_url())
