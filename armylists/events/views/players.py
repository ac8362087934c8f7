"""Players: joining through the invitation link, their display name, and submitting a list."""
from __future__ import annotations

from pathlib import Path

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from armylists.boundary.errors import said_on_page
from armylists.boundary.numbers import whole_number
from armylists.builder.forms import ImportForm
from armylists.builder.permissions import owned_list

from .. import services
from ..forms import JoinForm
from ..models import Event, Player
from ..permissions import event_access
from ..services import BadInput, Refused


@require_http_methods(["GET", "POST"])
@login_required
def join(request: HttpRequest, token: str) -> HttpResponse:
    """Only the current link works: a renewed link makes the old one a 404."""
    event = Event.objects.select_related("game").filter(invite_token=token).first()
    if event is None:
        raise Http404("This invitation link does not work (it may have been renewed).")
    if Player.objects.filter(event=event, user=request.user).exists():
        return redirect(event)
    form = JoinForm(request.POST or None, initial={"display_name": request.user.get_username()})
    if request.method == "POST" and form.is_valid():
        try:
            services.join_event(event=event, user=request.user, display_name=form.cleaned_data["display_name"])
        except Refused as error:
            form.add_error("display_name", str(error))
        else:
            messages.success(request, f"You have joined {event.name}.")
            return redirect(event)
    return render(request, "events/join.html", {"event": event, "form": form})


@require_POST
@login_required
def player_rename(request: HttpRequest, slug: str) -> HttpResponse:
    access = event_access(request.user, slug)
    player = access.require_player()
    form = JoinForm(request.POST)
    try:
        if not form.is_valid():
            raise Refused(" ".join(form.errors.get("display_name", ["Give a display name."])))
        services.rename_player(player=player, display_name=form.cleaned_data["display_name"])
    except Refused as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"You are “{player.display_name}” in this event.")
    return redirect(access.event)


def _submitted(request: HttpRequest, event: Event, submission) -> HttpResponse:
    verdict = "legal" if submission.legal else "not legal: see its violations"
    messages.success(request, f"Version {submission.version} of your list was submitted and frozen; it is {verdict}.")
    return redirect("events:submission", event.slug, submission.pk)


@require_POST
@login_required
def submit_list(request: HttpRequest, slug: str) -> HttpResponse:
    access = event_access(request.user, slug)
    player = access.require_player()
    # Only a list's number is looked up: anything else (or a number past any id) is no list of yours.
    wanted = whole_number(request.POST.get("list", ""), max_digits=9)
    army_list = owned_list(request.user, wanted)
    try:
        if army_list is None:
            raise Refused("Choose one of your lists.")
        submission = services.submit(player=player, data=army_list.document, source_list=army_list)
    except (Refused, BadInput) as error:
        messages.error(request, f"Nothing was submitted: {said_on_page(error)}")
        return redirect(access.event)
    return _submitted(request, access.event, submission)


@require_POST
@login_required
def submit_file(request: HttpRequest, slug: str) -> HttpResponse:
    access = event_access(request.user, slug)
    player = access.require_player()
    form = ImportForm(request.POST, request.FILES)
    try:
        if not form.is_valid():
            raise Refused(" ".join(e for errors in form.errors.values() for e in errors))
        data = form.cleaned_data["data"]
        if isinstance(data, dict) and not data.get("name"):
            data["name"] = Path(form.cleaned_data["file"].name).stem[:300]
        submission = services.submit(player=player, data=data)
    except (Refused, BadInput) as error:
        messages.error(request, f"Nothing was submitted: {said_on_page(error)}")
        return redirect(access.event)
    return _submitted(request, access.event, submission)
