"""Sharing: the owner turns a read-only link on or off; the link needs no account."""
from __future__ import annotations

import hashlib
import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from armylists.checking.library import Library, fingerprint, library_of
from armylists.ops.ratelimit import cost_limited
from armylists.web.near import NearCache
from armylists.web.public import etag_of, kept_by_anyone, unchanged

from .. import services
from ..context import load_checked, page_context, rules_explained
from ..forms import ShareForm
from ..models import ArmyList
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


# Raise it when list_shared.html changes what the page shows, so pages kept before are not served.
SHARED_LAYOUT = 1
SHARED_KEEP_S = 3600
_near = NearCache(max_bytes=16_000_000)  # a dozen thousand-entry pages in each web process


@require_GET
@cost_limited
def shared_list(request: HttpRequest, token: str) -> HttpResponse:
    """The shared list as anyone reads it: its content rendered once per content (a thousand entries take half a
    second), kept in the cache and served from there to every reader until the list or its unit data changes
    (docs/deploying.md, "Caching and rate limits"); to an anonymous reader with an ETag and public Cache-Control,
    so that the reader and the proxy in front keep it."""
    army_list = get_shared_list_or_404(token)
    library = library_of(army_list.game)
    key = _shared_key(army_list, library)
    etag = etag_of(key)
    if answer := unchanged(request, etag):  # the reader's copy is the content: no work (armylists/web/public.py)
        return answer
    content = _near.get(key)
    if content is None:
        content = cache.get(key)
        if content is None:
            content = render_to_string("builder/list_shared.html#shared-content", _shared_context(army_list, library))
            cache.set(key, content, SHARED_KEEP_S)
        _near.set(key, content)
    page = render(request, "builder/list_shared.html", {"army_list": army_list, "shared_content": mark_safe(content)})
    return kept_by_anyone(request, page, etag)


def _shared_key(army_list: ArmyList, library: Library) -> str:
    owner = army_list.owner.get_username() if army_list.share_shows_owner else None
    content = [SHARED_LAYOUT, army_list.pk, army_list.version, army_list.name, fingerprint(army_list.document),
               owner, str(library.version)]
    return "shared-page:" + hashlib.sha256(json.dumps(content).encode()).hexdigest()


def _shared_context(army_list: ArmyList, library: Library) -> dict:
    checked, problem = load_checked(army_list, library)
    context = page_context(army_list, checked=checked, problem=problem, library=library, editable=False)
    if checked is not None:
        context["text"] = list_text(checked, name=army_list.name, game_name=army_list.game.name,
                                    faction_name=army_list.faction.name)
        context["rules_explained"] = rules_explained(checked)
    return context


@require_GET
@cost_limited
def shared_list_export(request: HttpRequest, token: str) -> HttpResponse:
    return file_response(get_shared_list_or_404(token))
