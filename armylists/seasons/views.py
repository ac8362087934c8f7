"""A season's pages: making and editing it (its organisers'), its standings (public once published), their CSV
and PDF, publishing it, and its co-organisers."""
from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from armylists.events.forms import OrganiserForm
from armylists.ops.ratelimit import cost_limited, limit
from armylists.printing.rendered import reloaded_or_limited, serve_pdf
from armylists.tournament.views.boards import WALL_INLINE_ROWS
from armylists.web.confirm import Question, ask_first

from . import services
from .forms import SeasonForm
from .models import Season, SeasonOrganiser
from .permissions import organised, seen
from .printable import csv_text, rows_html, sheet_of
from .read import KEEP_S, season_standings
from .services import Refused
from .tasks import read_season, render_season_pdf

# While the worker reads a season's events' standings, the page waiting for it reloads this often.
RELOAD_S = 2


def _form(request: HttpRequest, season: Season | None) -> SeasonForm:
    choosable = (services.eligible_events(services.organisers_of(season, request.user))
                 .select_related("game").order_by("-starts_at", "name"))
    initial = {}
    if season is not None:
        initial = {"name": season.name, "game": season.game, "scoring": season.scoring, "best": season.best,
                   "events": [str(pk) for pk in season.events.values_list("pk", flat=True)]}
    return SeasonForm(request.POST or None, events=choosable, editing=season is not None, initial=initial)


def _saved(request: HttpRequest, form: SeasonForm, save: Callable[[dict], Season], done: str) -> HttpResponse | None:
    if request.method != "POST" or not form.is_valid():
        return None
    try:
        season = save(form.cleaned_data)
    except Refused as error:
        form.add_error(None, str(error))
        return None
    messages.success(request, done.format(name=season.name))
    return redirect(season)


@require_http_methods(["GET", "POST"])
@login_required
def season_create(request: HttpRequest) -> HttpResponse:
    form = _form(request, None)
    saved = _saved(request, form, lambda values: services.create_season(
        creator=request.user, name=values["name"], events=form.chosen_events(), game=values["game"],
        scoring=values["scoring"], best=values["best"], slug=values["slug"] or None),
        "“{name}” is made; only its organisers see it until you publish it.")
    return saved or render(request, "seasons/season_form.html", {"form": form})


@require_http_methods(["GET", "POST"])
@login_required
def season_edit(request: HttpRequest, slug: str) -> HttpResponse:
    season = organised(request.user, slug)
    form = _form(request, season)
    saved = _saved(request, form, lambda values: services.update_season(
        season=season, name=values["name"], events=form.chosen_events(), game=values["game"],
        scoring=values["scoring"], best=values["best"]), "The season is saved.")
    return saved or render(request, "seasons/season_form.html", {"form": form, "season": season})


@require_GET
@cost_limited
def season_detail(request: HttpRequest, slug: str) -> HttpResponse:
    found = seen(request, slug)
    if isinstance(found, HttpResponse):
        return found  # to log in first
    season, organiser = found
    standings = season_standings(season)
    rows = cache.get(standings.key + ":rows")
    if rows is None and (waiting := _read_by_the_worker(request, season, standings)):
        return waiting
    if rows is None:
        rows = rows_html(standings)
        cache.set(standings.key + ":rows", rows, KEEP_S)
    context = {"season": season, "organiser": organiser, "rows": rows, "standings": standings}
    if organiser:
        context.update(organisers=season.organisers.select_related("user"), organiser_form=OrganiserForm())
    return render(request, "seasons/season_detail.html", context)


def _read_by_the_worker(request: HttpRequest, season: Season, standings) -> HttpResponse | None:
    """None when the standings can be read now; else they are queued for the worker (once) and a page that
    reloads itself answers meanwhile (202), as a long wall sheet's (armylists/printing/rendered.py)."""
    if standings.quick():
        return None
    if cache.add(standings.key + ":queued", True, 600):
        job = read_season.enqueue(season.pk)
        if job.is_finished:  # run at once (development, the suite)
            return None
    return render(request, "seasons/season_waiting.html", {"season": season, "reload_s": RELOAD_S,
                                                            "events": len(standings.counted)}, status=202)


def _download(body: str, name: str) -> HttpResponse:
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'  # the season's slug: nothing typed
    return response


@require_GET
@cost_limited
def season_file(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    if kind == "pdf" and (answered := reloaded_or_limited(request, "wall-pdf")):
        return answered
    found = seen(request, slug)
    if isinstance(found, HttpResponse):
        return found
    season, _ = found
    standings = season_standings(season)
    if waiting := _read_by_the_worker(request, season, standings):
        return waiting
    sheet = sheet_of(season, standings)
    if kind == "csv":
        return _download(csv_text(standings), f"{sheet.stem}.csv")
    return serve_pdf(request, sheet.key, f"{sheet.stem}.pdf", sheet.render, len(sheet.lines) <= WALL_INLINE_ROWS,
                     lambda: render_season_pdf.enqueue(season.pk), f"the standings of {season.name}",
                     f"{len(sheet.lines)} players")


def _organisers_action(request: HttpRequest, slug: str, action: Callable[[Season], str | None],
                       question: Callable[[Season], Question | None] = lambda season: None) -> HttpResponse:
    """An organiser's button on the season page: do it, say how it went, back to the season."""
    season = organised(request.user, slug)
    asked = question(season)
    if asked is not None and (asking := ask_first(request, asked)):
        return asking
    try:
        done = action(season)
    except Refused as error:
        messages.error(request, str(error))
    else:
        if done:
            messages.success(request, done)
    return redirect(season)


@require_POST
@login_required
def season_publish(request: HttpRequest, slug: str) -> HttpResponse:
    def publish(season: Season) -> str:
        services.publish(season=season)
        return "The season is public: anyone with its address sees its standings."
    return _organisers_action(request, slug, publish, lambda season: None if season.published else Question(
        f"Publish {season.name}?", "Anyone with its address sees its standings, with its players' names, and "
        "they are listed on its players' events pages. A season cannot be unpublished.", "Publish the season",
        season.get_absolute_url()))


@require_POST
@login_required
def organiser_add(request: HttpRequest, slug: str) -> HttpResponse:
    """An invitation, which its person accepts on their events page; the answer reads the same whether or not
    anyone has that username, and the form is rate limited, as an event's (armylists/events/views/events.py)."""
    def invite(season: Season) -> str:
        form = OrganiserForm(request.POST)
        if not form.is_valid():
            raise Refused("Give the username of the co-organiser.")
        username = form.cleaned_data["username"].strip()
        services.invite_organiser(season=season, username=username, by=request.user)
        return (f"If someone is called “{username}” on Muster, they are invited: they become an organiser of this "
                "season when they accept on their events page.")
    organised(request.user, slug)
    return limit(request, "organiser-invite") or _organisers_action(request, slug, invite)


@require_POST
@login_required
def organiser_answer(request: HttpRequest, slug: str) -> HttpResponse:
    season = get_object_or_404(Season, slug=slug)
    accept = request.POST.get("answer") == "accept"
    if not services.answer_organiser_invitation(season=season, user=request.user, accept=accept):
        raise Http404("No invitation to organise this season is waiting for you.")
    if accept:
        messages.success(request, f"You now organise {season.name}.")
        return redirect(season)
    messages.success(request, f"You declined to organise {season.name}.")
    return redirect("events:index")


@require_POST
@login_required
def organiser_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def remove(season: Season) -> str:
        organiser = get_object_or_404(SeasonOrganiser, pk=pk, season=season)
        services.remove_organiser(season=season, organiser=organiser)
        return f"{organiser.user.get_username()} no longer organises the season."
    return _organisers_action(request, slug, remove)
