"""Edits to a list from the builder page: each posts a small change and gets the roster back.

Every edit goes one way: the view gets the game's library once, checks the
form against it, hands both to a service (which applies, checks and saves),
and renders the roster from the service's check. This is where to start
reading the builder: docs/architecture.md, "One edit, end to end", follows one
edit from the page through every module and back.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from armylists.boundary.errors import said_on_page
from armylists.checking.library import Library

from .. import services
from ..context import entry_views, load_checked
from ..controls import NAME_LIMITS, settings_state
from ..edits import find_entry
from ..forms import CommandCardsForm, EntryAddForm, EntryForm, ListSettingsForm, MoveForm
from ..models import ArmyList
from ..replay import BadEditKey, Replayed, edit_key
from ..services import BadInput, Changed, Refused
from .common import (
    bad_key_response,
    changed_response,
    drawing,
    form_problem,
    own_list,
    refused_response,
    replayed_response,
)


def _run(request: HttpRequest, army_list: ArmyList, library: Library, edit: Callable[..., Changed],
         entry_id: str | None = None, **extra) -> HttpResponse:
    """Apply a service's edit (given all its arguments but the list, library and the request's edit
    key, replay.py) and answer."""
    try:
        changed = edit(army_list=army_list, library=library, key=edit_key(request), draw=drawing(request, library))
    except BadEditKey as error:
        return bad_key_response(request, error)
    except Replayed:
        return replayed_response(request, army_list, library, **extra)
    except (Refused, BadInput) as error:
        return refused_response(request, army_list, library, said_on_page(error), entry_id, **extra)
    return changed_response(request, changed, library, **extra)


@require_POST
@login_required
def entry_add(request: HttpRequest, pk: int) -> HttpResponse:
    army_list, library = own_list(request, pk)
    form = EntryAddForm(request.POST, library=library, primary=army_list.document["faction"])
    if not form.is_valid():
        return refused_response(request, army_list, library, form_problem(form))
    data = form.cleaned_data
    return _run(request, army_list, library, partial(
        services.add_entry, unit=data["unit"], faction=data["faction"], size=data["size"] or None), added=True)


@require_POST
@login_required
def entry_update(request: HttpRequest, pk: int, entry_id: str) -> HttpResponse:
    army_list, library = own_list(request, pk)
    document = army_list.document
    try:
        entry = find_entry(document, entry_id)
    except Refused as error:
        return refused_response(request, army_list, library, str(error))
    unit = library.unit(entry.get("faction") or document["faction"], entry.get("unit", ""))
    if unit is None:
        return refused_response(request, army_list, library, "This entry's unit no longer exists; remove the entry.",
                                entry_id)
    form = EntryForm(request.POST, home=library.home, unit=unit, entry=entry, document=document,
                     library=library)
    if not form.is_valid():
        return refused_response(request, army_list, library, form_problem(form), entry_id)
    changes = form.changes()
    return _run(request, army_list, library, partial(
        services.edit_entry, entry_id=entry_id, changes=changes), entry_id)


@require_GET
@login_required
def entry_form(request: HttpRequest, pk: int, entry_id: str) -> HttpResponse:
    """An entry's options form, as the list is now (fetched when its panel opens)."""
    army_list, library = own_list(request, pk)
    checked, problem = load_checked(army_list, library)
    views = entry_views(army_list, checked, library, frozenset([entry_id]))
    if entry_id not in views or not views[entry_id].has_form:
        raise Http404("No such entry.")
    return render(request, "builder/_entry_form.html", {"entry": views[entry_id], "limits": NAME_LIMITS})


@require_POST
@login_required
def entry_remove(request: HttpRequest, pk: int, entry_id: str) -> HttpResponse:
    army_list, library = own_list(request, pk)
    return _run(request, army_list, library, partial(services.remove_entry, entry_id=entry_id))


@require_POST
@login_required
def entry_move(request: HttpRequest, pk: int, entry_id: str) -> HttpResponse:
    """Move up (before the entry shown above it) or down (after the one shown below it)."""
    army_list, library = own_list(request, pk)
    form = MoveForm(request.POST)
    if not form.is_valid():
        return refused_response(request, army_list, library, form_problem(form), entry_id)
    up = form.cleaned_data["direction"] == "up"
    return _run(request, army_list, library, partial(services.move_entry, entry_id=entry_id, up=up), entry_id)


@require_POST
@login_required
def list_undo(request: HttpRequest, pk: int) -> HttpResponse:
    army_list, library = own_list(request, pk)
    return _run(request, army_list, library, services.undo)


@require_POST
@login_required
def entry_duplicate(request: HttpRequest, pk: int, entry_id: str) -> HttpResponse:
    army_list, library = own_list(request, pk)
    return _run(request, army_list, library, partial(services.duplicate_entry, entry_id=entry_id))


@require_POST
@login_required
def list_settings(request: HttpRequest, pk: int) -> HttpResponse:
    army_list, library = own_list(request, pk)
    current = settings_state(army_list.document, army_list.game)
    form = ListSettingsForm(request.POST, game=army_list.game, current=current)
    if not form.is_valid():
        return refused_response(request, army_list, library, form_problem(form), open_settings=True)
    changes = form.changes()
    return _run(request, army_list, library, partial(
        services.change_settings, changes=changes), open_settings=True)


@require_POST
@login_required
def list_command_cards(request: HttpRequest, pk: int) -> HttpResponse:
    army_list, library = own_list(request, pk)
    # Asked first: a game that buys command cards keeps a number, not a list of picks.
    cards = army_list.game.home.cards
    if cards is None:
        return refused_response(request, army_list, library,
                                f"{army_list.game.name} lists do not choose command cards by name.")
    form = CommandCardsForm(request.POST, cards=list(library.command_cards()),
                            current=list(army_list.document.get(cards.field, [])))
    if not form.is_valid():
        return refused_response(request, army_list, library, form_problem(form))
    add, remove = form.changes()
    return _run(request, army_list, library, partial(
        services.change_command_cards, add=add, remove=remove))
