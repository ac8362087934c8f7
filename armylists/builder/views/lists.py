"""My lists, creating a list, the builder page, renaming, duplicating and deleting."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from armylists.boundary.errors import said_on_page
from armylists.checking.check import check_against
from armylists.checking.library import Library, library_of
from armylists.checking.listfile import parse_list
from factions.choosing import chosen_game

from .. import services
from ..context import load_checked, page_context
from ..controls import NAME_LIMITS
from ..forms import ListCreateForm, RenameForm
from ..models import ArmyList
from ..permissions import get_owned_list_or_404
from ..picker import page_picker
from ..replay import BadEditKey, Replayed, edit_key
from ..services import BadInput, Refused
from ..summary import last_change
from .common import (
    bad_key_response,
    changed_response,
    drawing,
    form_problem,
    own_list,
    refused_response,
    remember_page,
    replayed_response,
)

PER_PAGE = 25


def _verdicts(army_lists: list[ArmyList]) -> list[dict]:
    """Each list with its verdict: the stored one while the list and its unit data are still at the
    versions it was reached on, else checked again now (and stored). Each game's library is got
    once, whatever the number of lists."""
    libraries: dict[int, Library] = {}
    rows = []
    for army_list in army_lists:
        game = army_list.game
        verdict = army_list.cached_verdict(game.data_version)
        if verdict is None:
            library = libraries.get(game.pk) or libraries.setdefault(game.pk, library_of(game))
            try:
                checked, problem = check_against(parse_list(army_list.document), library, game), None
            except BadInput as error:
                checked, problem = None, error.on_page
            verdict = services.store_verdict(army_list, services.verdict_of(checked, problem), library.version)
        rows.append({"list": army_list, "verdict": verdict})
    return rows


@require_GET
@login_required
def lists(request: HttpRequest) -> HttpResponse:
    """The player's lists, the last changed first, a page at a time."""
    mine = ArmyList.objects.filter(owner=request.user).select_related("game", "faction").defer("document")
    page = Paginator(mine.order_by("-updated", "-pk"), PER_PAGE).get_page(request.GET.get("page"))
    listed = list(page.object_list)
    stale = [a.pk for a in listed if a.cached_verdict(a.game.data_version) is None]
    documents = dict(ArmyList.objects.filter(pk__in=stale).values_list("pk", "document")) if stale else {}
    for army_list in listed:
        if army_list.pk in documents:
            army_list.document = documents[army_list.pk]
    return render(request, "builder/list_index.html", {"rows": _verdicts(listed), "page": page,
                                                       "limits": NAME_LIMITS})


@require_http_methods(["GET", "POST"])
@login_required
def list_create(request: HttpRequest) -> HttpResponse:
    choice = chosen_game(request, "of the list")
    games, game = choice.games, choice.game
    if game is None:
        return render(request, "builder/list_create.html", {"games": games, "problem": choice.problem})
    form = ListCreateForm(request.POST or None, game=game, faction=request.GET.get("faction", ""))
    if request.method == "POST" and form.is_valid():
        try:
            army_list = services.create_list(owner=request.user, name=form.cleaned_data["name"], game=game,
                                             faction=form.cleaned_data["faction"], settings=form.settings())
        except (Refused, BadInput) as error:
            form.add_error(None, said_on_page(error))
        else:
            return redirect(army_list)
    presets = game.params.get("points_presets") or []
    return render(request, "builder/list_create.html", {"games": games, "game": game, "form": form,
                                                        "presets": presets, "home": game.home})


@require_GET
@login_required
def list_detail(request: HttpRequest, pk: int) -> HttpResponse:
    army_list, library = own_list(request, pk)
    picker = page_picker(request, army_list, library)
    if request.htmx and request.htmx.target == "unit-picker":
        return render(request, "builder/list_detail.html#unit-picker", {"army_list": army_list, **picker})
    checked, problem = load_checked(army_list, library)
    editing = request.GET.get("edit", "")[:64]  # without JavaScript, "Edit" reloads the page with that form
    context = page_context(army_list, checked=checked, problem=problem, library=library,
                           forms=frozenset([editing] if editing else []))
    remember_page(army_list, library, context)
    return render(request, "builder/list_detail.html", {**context, **picker, "undo": last_change(army_list),
                                                        "open_entry": editing})


def _next(request: HttpRequest, army_list: ArmyList) -> str:
    """Where "next" asks to go back to: a path on this site, never a view name or another site."""
    wanted = request.POST.get("next", "")
    if wanted.startswith("/") and url_has_allowed_host_and_scheme(wanted, allowed_hosts={request.get_host()}):
        return wanted
    return army_list.get_absolute_url()


@require_POST
@login_required
def list_rename(request: HttpRequest, pk: int) -> HttpResponse:
    army_list, library = own_list(request, pk)
    form = RenameForm(request.POST)
    try:
        if not form.is_valid():
            raise Refused(form_problem(form))
        changed = services.rename_list(army_list=army_list, library=library, name=form.cleaned_data["name"],
                                       key=edit_key(request), draw=drawing(request, library))
    except BadEditKey as error:
        return bad_key_response(request, error)
    except Replayed:
        if request.htmx:
            return replayed_response(request, army_list, library, open_settings=True)
        return redirect(_next(request, army_list))
    except (Refused, BadInput) as error:
        if request.htmx:
            return refused_response(request, army_list, library, said_on_page(error), open_settings=True)
        messages.error(request, said_on_page(error))
        return redirect(_next(request, army_list))
    if request.htmx:
        return changed_response(request, changed, library, open_settings=True)
    return redirect(_next(request, army_list))


@require_POST
@login_required
def list_duplicate(request: HttpRequest, pk: int) -> HttpResponse:
    army_list = get_owned_list_or_404(request.user, pk)
    copy = services.duplicate_list(army_list=army_list, owner=request.user)
    messages.success(request, f"“{copy.name}” is a copy of “{army_list.name}”.")
    return redirect(copy)


@require_http_methods(["GET", "POST"])
@login_required
def list_delete(request: HttpRequest, pk: int) -> HttpResponse:
    army_list = get_owned_list_or_404(request.user, pk)
    if request.method == "POST":
        services.delete_list(army_list=army_list)
        messages.success(request, f"“{army_list.name}” was deleted.")
        return redirect("builder:lists")
    return render(request, "builder/list_confirm_delete.html", {"army_list": army_list})
