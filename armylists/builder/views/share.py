"""Sharing: the owner turns a read-only link on or off; the link needs no account."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from armylists.checking.library import library_of

from .. import services
from ..context import load_checked, page_context, rules_explained
from ..forms import ShareForm
from ..permissions import get_owned_list_or_404, get_shared_list_or_404
from ..textexport import list_text
from .transfer import file_response


@require_POST
@login_required
def list_share(request: HttpRequest, pk: int) -> HttpResponse:
    army_list = get_owned_list_or_404(request.user, pk)
    form = ShareForm(request.POST)
    problem = ""
    if form.is_valid():
        services.set_sharing(army_list=army_list, shared=form.cleaned_data["shared"] == "on",
                             show_owner=form.cleaned_data["show_owner"])
    else:  # only a tampered form: the page's buttons post "on" or "off"
        problem = "Choose Share or Stop sharing; nothing was changed."
    if request.htmx:
        return render(request, "builder/list_detail.html#share-panel",
                      {"army_list": army_list, "share_problem": problem})
    if problem:
        messages.error(request, problem)
    return redirect(army_list)


@require_GET
def shared_list(request: HttpRequest, token: str) -> HttpResponse:
    army_list = get_shared_list_or_404(token)
    library = library_of(army_list.game)
    checked, problem = load_checked(army_list, library)
    context = page_context(army_list, checked=checked, problem=problem, library=library, editable=False)
    if checked is not None:
        context["text"] = list_text(checked, name=army_list.name, game_name=army_list.game.name,
                                    faction_name=army_list.faction.name)
        context["rules_explained"] = rules_explained(checked)
    return render(request, "builder/list_shared.html", context)


@require_GET
def shared_list_export(request: HttpRequest, token: str) -> HttpResponse:
    return file_response(get_shared_list_or_404(token))
