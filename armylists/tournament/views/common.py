"""What the day's views share: who is asking, and answering a refusal the way the event pages do."""
from __future__ import annotations

import functools
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect

from armylists.events.models import Event
from armylists.events.permissions import Access, event_access
from armylists.rules.refused import Refused

from ..read import takes_part


def day_access(user, slug: str) -> Access:
    """Who sees the day (pairings, results, standings) before the lists are published: the organisers and the
    players who take part, with a submitted list or added late. Someone who joined through the invitation
    link after the lock has nothing to play and sees nothing of it: the event is "no such event" to them,
    as to a stranger."""
    access = event_access(user, slug)
    if access.is_organiser or access.published or takes_part(access.player):
        return access
    raise Http404("No such event.")


def organiser_access(request: HttpRequest, slug: str) -> Access:
    access = event_access(request.user, slug)
    access.require_organiser()
    return access


def back_to_day(request: HttpRequest, slug: str, refusal: Exception | None = None,
                done: str = "") -> HttpResponse:
    if refusal is not None:
        messages.error(request, str(refusal))
    elif done:
        messages.success(request, done)
    return redirect("tournament:day", slug)


def handled(request: HttpRequest, slug: str, form, action: Callable[[dict], str]) -> HttpResponse:
    """`action` with the form's values when it is valid, its sentence shown on the day page; a refusal instead."""
    try:
        if not form.is_valid():
            raise Refused(form_refusal(form))
        done = action(form.cleaned_data)
    except Refused as error:
        return back_to_day(request, slug, error)
    return back_to_day(request, slug, done=done)


def form_refusal(form) -> str:
    """The first error of a form that is not valid, naming its field."""
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else ""
        return f"{label or name.replace('_', ' ').capitalize()}: {errors[0]}"
    return "The form was not complete."


def sees_factions(event: Event, access: Access | None) -> bool:
    """Whether the standings and the pairings sheets show this person the players' factions: the organisers
    always, everyone once the lists are published. Before that a player sees nobody's faction, as nobody's list
    (docs/events.md, "Who sees what"); their opponent's list alone, at their table, as the guidelines allow."""
    return event.state == Event.State.PUBLISHED or (access is not None and access.is_organiser)


def public_or_member(request: HttpRequest, slug: str) -> tuple[Event, Access | None] | HttpResponse:
    """Standings are public once the event is published; before, its players' and organisers' only."""
    event = Event.objects.select_related("game").filter(slug=slug).first()
    if event is not None and event.state == Event.State.PUBLISHED:
        try:
            return event, event_access(request.user, slug)
        except Http404:  # a visitor with no part in the event: still welcome to the standings
            return event, None
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    access = day_access(request.user, slug)
    return access.event, access


def from_the_day_page(view):
    """A result's address takes the day page's forms: opened directly (a bookmark, a reload after sending),
    it leads back to the day page and says so, instead of a blank "method not allowed"."""
    @functools.wraps(view)
    def answer(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        if request.method == "GET":
            messages.info(request, "Results are sent from the forms of this page.")
            return redirect("tournament:day", slug)
        if request.method != "POST":
            return HttpResponseNotAllowed(["GET", "POST"])
        return view(request, slug, pk)
    return answer
