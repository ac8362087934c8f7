"""My lists, creating a list, the builder page, renaming, duplicating and deleting."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from armylists.checking.check import check_against
from armylists.checking.library import Library, library_of
from armylists.checking.listfile import parse_list
from armylists.games.registry import game_home
from factions.models import GameSystem

from .. import services
from ..context import load_checked, roster_context
from ..controls import NAME_LIMITS
from ..forms import ListCreateForm, RenameForm
from ..models import ArmyList
from ..permissions import get_owned_list_or_404
from ..picker import picker_context
from ..services import BadInput, Refusal
from .common import changed_response, form_problem, refused_response


def _summaries(army_lists: list[ArmyList]) -> list[dict]:
    """Each list with its check; each game's library is got once, whatever the number of lists."""
    libraries: dict[int, Library] = {}
    rows = []
    for army_list in army_lists:
        game = army_list.game
        library = libraries.get(game.pk) or libraries.setdefault(game.pk, library_of(game))
        try:
            report = check_against(parse_list(army_list.document), library, game).report
            rows.append({"list": army_list, "report": report})
        except BadInput as error:
            rows.append({"list": army_list, "report": None, "problem": str(error)})
    return rows


@require_GET
@login_required
def lists(request: HttpRequest) -> HttpResponse:
    army_lists = list(ArmyList.objects.filter(owner=request.user).select_related("game", "faction"))
    return render(request, "builder/list_index.html", {"rows": _summaries(army_lists), "limits": NAME_LIMITS})


@require_http_methods(["GET", "POST"])
@login_required
def list_create(request: HttpRequest) -> HttpResponse:
    games = list(GameSystem.objects.all())
    slug = request.POST.get("game") or request.GET.get("game")
    game = next((g for g in games if g.slug == slug), None)
    if game is None:
        return render(request, "builder/list_create.html", {"games": games})
    form = ListCreateForm(request.POST or None, game=game)
    if request.method == "POST" and form.is_valid():
        try:
            army_list = services.create_list(owner=request.user, name=form.cleaned_data["name"], game=game,
                                             faction=form.cleaned_data["faction"], settings=form.settings())
        except (Refusal, BadInput) as error:
            form.add_error(None, str(error))
        else:
            return redirect(army_list)
    presets = game.params.get("points_presets") or []
    return render(request, "builder/list_create.html", {"games": games, "game": game, "form": form,
                                                        "presets": presets, "home": game_home(game.slug)})


@require_GET
@login_required
def list_detail(request: HttpRequest, pk: int) -> HttpResponse:
    army_list = get_owned_list_or_404(request.user, pk)
    game = army_list.game
    factions = list(game.factions.values_list("slug", "name"))
    mixed = game_home(game.slug).mixes_factions
    wanted = request.GET.get("faction", "")
    picked = wanted if mixed and wanted in {slug for slug, _ in factions} else army_list.document["faction"]
    library = library_of(game)
    checked, problem = load_checked(army_list, library)
    picker = picker_context(game.slug, library, picked, request.GET, factions, mixed)
    if request.htmx and request.htmx.target == "unit-picker":
        return render(request, "builder/list_detail.html#unit-picker", {"army_list": army_list, **picker})
    context = roster_context(army_list, checked=checked, problem=problem, library=library)
    return render(request, "builder/list_detail.html", {**context, **picker})


def _next(request: HttpRequest, army_list: ArmyList) -> str:
    wanted = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(wanted, allowed_hosts={request.get_host()}):
        return wanted
    return army_list.get_absolute_url()


@require_POST
@login_required
def list_rename(request: HttpRequest, pk: int) -> HttpResponse:
    army_list = get_owned_list_or_404(request.user, pk)
    library = library_of(army_list.game)
    form = RenameForm(request.POST)
    try:
        if not form.is_valid():
            raise Refusal(form_problem(form))
        changed = services.rename_list(army_list=army_list, library=library, name=form.cleaned_data["name"])
    except (Refusal, BadInput) as error:
        if request.htmx:
            return refused_response(request, army_list, library, str(error), open_settings=True)
        messages.error(request, str(error))
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
