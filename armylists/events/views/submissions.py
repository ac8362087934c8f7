"""One frozen submission: its page with the changes since another version, its roster PDF, the organisers' note."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from armylists.boundary.errors import said_on_page
from armylists.games.own_fields import own_field_tags
from armylists.printing.pdf import paper_of
from armylists.printing.rendered import reloaded_or_limited, serve_roster
from factions.models import GameSystem

from .. import services
from ..diff import diff
from ..forms import NoteForm
from ..frozen import thaw
from ..models import Event, Submission
from ..pack import UNREADABLE, submission_printing
from ..permissions import event_access, submission_or_404
from ..services import Refused
from ..tasks import render_submission_roster


def _versions(submission) -> list:
    return list(submission.player.submissions.only("pk", "version", "submitted", "legal").order_by("version"))


def _diff(request: HttpRequest, submission, versions: list, game):
    """The changes since the version before, or since the version asked for (?against=N)."""
    wanted = request.GET.get("against", "")
    earlier = [v for v in versions if v.version < submission.version]
    against = next((v for v in versions if str(v.version) == wanted), earlier[-1] if earlier else None)
    if against is None or against.pk == submission.pk:
        return None
    other = submission.player.submissions.get(pk=against.pk)
    older, newer = sorted((other, submission), key=lambda s: s.version)
    return diff(thaw(older, game), thaw(newer, game), older.version, newer.version)


@require_GET
@login_required
def submission_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    access = event_access(request.user, slug)
    submission = submission_or_404(access, pk)
    game = access.event.game
    versions = _versions(submission)
    mine = access.player is not None and access.player.pk == submission.player_id
    context = {"access": access, "event": access.event, "submission": submission, "versions": versions,
               "mine": mine, "sent": access.is_organiser and _as_sent(submission, game) is not None}
    try:
        checked = thaw(submission, game)
        own = game.home.files.entry_fields
        context["entries"] = [(e, own_field_tags(own, e.details), checked.report.entry_points.get(e.id))
                              for e in checked.army.entries]
        if access.is_organiser or mine:
            context["diff"] = _diff(request, submission, versions, game)
    except UNREADABLE as error:
        # Frozen data that today's rules can no longer read: show the frozen verdict, say why no more.
        context["problem"] = said_on_page(error)
    return render(request, "events/submission_detail.html", context)


@require_GET
@login_required
def submission_pdf(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The roster of the frozen list, as it was checked when it was submitted."""
    access = event_access(request.user, slug)
    submission = submission_or_404(access, pk)
    stem = f"{access.event.slug}-{submission.faction}-{submission.pk}-v{submission.version}"
    return submission_roster(request, submission, access.event, stem)


def submission_roster(request: HttpRequest, submission: Submission, event: Event, stem: str) -> HttpResponse:
    """A frozen submission's roster, wherever a page offers one (the organiser's, the player's, the
    opponent's on the tournament day). `stem`: the file name, made of slugs and numbers only: nothing
    a player typed."""
    if answered := reloaded_or_limited(request, "roster-pdf"):
        return answered
    paper = paper_of(request.GET.get("paper"))
    try:
        printing = submission_printing(submission, event)
    except UNREADABLE as error:
        # Plain text: the message may quote what the player typed.
        return HttpResponse(f"This roster cannot be printed: {said_on_page(error)}", status=409,
                            content_type="text/plain; charset=utf-8")
    return serve_roster(request, printing, paper, f"{stem}-{paper}.pdf", render_submission_roster, submission.pk,
                        paper)


def _as_sent(submission: Submission, game: GameSystem) -> object:
    reader = game.home.army_forge_reader
    return reader.list_as_sent(submission.document) if reader else None


@require_GET
@login_required
def submission_sent(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The other tool's list file (Army Forge's) the submission was read from, as the player sent it: for the
    event's organisers only, who compare it with the roster; a 404 where it was Muster's own list."""
    access = event_access(request.user, slug)
    access.require_organiser()
    submission = submission_or_404(access, pk)
    sent = _as_sent(submission, access.event.game)
    if sent is None:
        raise Http404("This submission was not sent as another tool's list file.")
    stem = f"{access.event.slug}-{submission.faction}-{submission.pk}-v{submission.version}"
    response = JsonResponse(sent, safe=False)
    response["Content-Disposition"] = f'attachment; filename="{stem}-as-sent.json"'
    return response


def _note_saved(note) -> str:
    if note is None:
        return "The notes were removed."
    return "The notes were saved; the player sees the note to them." if note.text else \
        "The organisers' note was saved; the player does not see it."


@require_POST
@login_required
def submission_note(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    access = event_access(request.user, slug)
    access.require_organiser()
    submission = submission_or_404(access, pk)
    form = NoteForm(request.POST)
    try:
        if not form.is_valid():
            raise Refused(" ".join(e for errors in form.errors.values() for e in errors))
        note = services.set_note(submission=submission, text=form.cleaned_data["text"],
                                 private=form.cleaned_data["private"], by=request.user)
    except Refused as error:
        messages.error(request, str(error))
    else:
        if not request.htmx:
            messages.success(request, _note_saved(note))
    if request.htmx:
        return render(request, "events/_note.html", {"event": access.event, "saved": True,
                                                     "submission": submission_or_404(access, pk)})
    if request.POST.get("next") == "dashboard":
        return redirect("events:dashboard", slug)
    return redirect("events:submission", slug, pk)
