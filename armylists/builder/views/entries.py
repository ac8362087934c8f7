"""Edits to a list from the builder page: each posts a small change and gets the roster back."""
from __future__ import annotations

from typing import Callable

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from armylists.checking.library import Library
from armylists.games.registry import game_home

from .. import services
from ..controls import settings_state
from ..edits import find_entry
from ..forms import CommandCardsForm, EntryAddForm, EntryForm, ListSettingsForm
from ..permissions import get_owned_list_or_404
from ..services import BadInput, Changed, Refusal, library_for
from .common import changed_response, form_problem, refused_response


def _run(request: HttpRequest, army_list, edit: Callable[[], Changed], library: Library | None = None,
         entry_id: str | None = None, **extra) -> HttpResponse:
    try:
        changed = edit()
    except (Refusal, BadInput) as error:
        return refused_response(request, army_list, f"{error}", library, entry_id, **extra)
    return changed_response(request, changed, **extra)


@require_POST
@login_required
def entry_add(request: HttpRequest, pk: int) -> HttpResponse:
    army_list = get_owned_list_or_404(request.user, pk)
    faction = request.POST.get("faction") or army_list.document["faction"]
    library = library_for(army_list.game, [army_list.document], extra=[faction[:200]])
    form = EntryAddForm(request.POST, library=library, primary=army_list.document["faction"])
    if not form.is_valid():
        return refused_response(request, army_list, form_problem(form), library)
    data = form.cleaned_data
    return _run(request, army_list, lambda: services.add_entry(
        army_list=army_list, unit=data["unit"], faction=data["faction"], size=data["size"] or None,
        library=library), library)


@require_POST
@login_required
def entry_update(request: HttpRequest, pk: int, entry_id: str) -> HttpResponse:
    army_list = get_owned_list_or_404(request.user, pk)
    document = army_list.document
    library = library_for(army_list.game, [document])
    try:
        entry = find_entry(document, entry_id)
    except Refusal as error:
        return refused_response(request, army_list, str(error), library)
    source = library.factions.get(entry.get("faction") or document["faction"])
    unit = source.unit(entry.get("unit", "")) if source else None
    if unit is None:
        return refused_response(request, army_list, "This entry's unit no longer exists; remove the entry.",
                                library, entry_id)
    form = EntryForm(request.POST, game=army_list.game.slug, unit=unit, entry=entry, document=document)
    if not form.is_valid():
        return refused_response(request, army_list, form_problem(form), library, entry_id)
    changes = form.changes()
    return _run(request, army_list, lambda: services.edit_entry(
        army_list=army_list, entry_id=entry_id, changes=changes, library=library), library, entry_id)


@require_POST
@login_required
def entry_remove(request: HttpRequest, pk: int, entry_id: str) -> HttpResponse:
    army_list = get_owned_list_or_404(request.user, pk)
    return _run(request, army_list, lambda: services.remove_entry(army_list=army_list, entry_id=entry_id))


@require_POST
@login_required
def entry_duplicate(request: HttpRequest, pk: int, entry_id: str) -> HttpResponse:
    army_list = get_owned_list_or_404(request.user, pk)
    return _run(request, army_list, lambda: services.duplicate_entry(army_list=army_list, entry_id=entry_id))


@require_POST
@login_required
def list_settings(request: HttpRequest, pk: int) -> HttpResponse:
    army_list = get_owned_list_or_404(request.user, pk)
    current = settings_state(army_list.document, army_list.game)
    form = ListSettingsForm(request.POST, game=army_list.game, current=current)
    if not form.is_valid():
        return refused_response(request, army_list, form_problem(form), open_settings=True)
    changes = form.changes()
    return _run(request, army_list, lambda: services.change_settings(army_list=army_list, changes=changes),
                open_settings=True)


@require_POST
@login_required
def list_command_cards(request: HttpRequest, pk: int) -> HttpResponse:
    army_list = get_owned_list_or_404(request.user, pk)
    library = library_for(army_list.game, [army_list.document])
    form = CommandCardsForm(request.POST, cards=list(library.command_cards()),
                            current=list(army_list.document.get("command_cards", [])))
    picks = game_home(army_list.game.slug).picks_command_cards
    if not picks or not form.is_valid():
        problem = form_problem(form) if picks else "Only Diskwars lists choose command cards."
        return refused_response(request, army_list, problem, library)
    add, remove = form.changes()
    return _run(request, army_list, lambda: services.change_command_cards(
        army_list=army_list, add=add, remove=remove, library=library), library)
