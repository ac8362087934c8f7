"""My events, creating and editing an event, its page, its state, its invitation and its organisers."""
from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from armylists.builder.models import ArmyList
from armylists.ops.ratelimit import limit
from armylists.rules import params_for
from armylists.web.confirm import Question, ask_first, new_link_question
from factions.choosing import chosen_game

from .. import services
from ..eventsettings import ban_names
from ..forms import EventForm, OrganiserForm, StateForm
from ..models import Event, Organiser, OrganiserInvitation, PlayerInvitation
from ..people import latest_submissions
from ..permissions import Access, event_access
from ..services import Refused

State = Event.State


@require_GET
@login_required
def event_index(request: HttpRequest) -> HttpResponse:
    mine = Q(organisers__user=request.user) | Q(players__user=request.user)
    # An open event past its deadline shows as locked here too, as on its own page.
    events = [services.lock_if_due(e) for e in Event.objects.filter(mine).select_related("game").distinct()]
    organised = set(Organiser.objects.filter(user=request.user).values_list("event_id", flat=True))
    invitations = OrganiserInvitation.objects.filter(user=request.user).select_related("event", "invited_by")
    to_play = PlayerInvitation.objects.filter(user=request.user).select_related("event", "invited_by")
    return render(request, "events/event_index.html",
                  {"events": events, "organised": organised, "invitations": invitations, "to_play": to_play})


@require_http_methods(["GET", "POST"])
@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    choice = chosen_game(request, "the event plays")
    games, game = choice.games, choice.game
    if game is None:
        return render(request, "events/event_form.html", {"games": games, "problem": choice.problem})
    form = EventForm(request.POST or None, game=game)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.create_event(creator=request.user, game=game, slug=form.cleaned_data["slug"] or None,
                                          **form.details())
        except Refused as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, f"“{event.name}” is a draft. Open it for submissions when it is ready.")
            return redirect(event)
    return render(request, "events/event_form.html", {"games": games, "game": game, "form": form})


@require_http_methods(["GET", "POST"])
@login_required
def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    access = event_access(request.user, slug)
    access.require_organiser()
    event = access.event
    form = EventForm(request.POST or None, game=event.game, event=event)
    if request.method == "POST" and form.is_valid():
        try:
            services.update_event(event=event, **form.details())
        except Refused as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, "The event was saved.")
            return redirect(event)
    return render(request, "events/event_form.html", {"game": event.game, "form": form, "event": event})


def _rules(event: Event) -> list[str]:
    """The game's construction rules in words, with the event's numbers."""
    numbers = {k: v for k, v in event.settings.items() if k in event.game.params}
    return params_for(event.game.home.rules, event.game.params, numbers).explain()


def _detail_context(request: HttpRequest, access: Access) -> dict:
    event = access.event
    context = {"access": access, "event": event, "rules": _rules(event), "state": State,
               "bans": ban_names(event.game, event.settings),
               "organisers": event.organisers.select_related("user"), "player": access.player}
    if access.is_organiser:
        context.update(log=event.state_changes.select_related("by"), players_count=event.players.count(),
                       invite_url=request.build_absolute_uri(reverse("events:join", args=[event.invite_token])),
                       next_states=services.TRANSITIONS[event.state], organiser_form=OrganiserForm())
    if access.player:
        context.update(
            submissions=list(access.player.submissions.select_related("note").defer("library", "checked_with")
                             .order_by("-version")),
            lists=ArmyList.objects.filter(owner=request.user, game=event.game).only("pk", "name"))
    if access.published:
        context["published"] = [(p, s) for p, s in latest_submissions(event) if s is not None]
    return context


@require_GET
@login_required
def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    access = event_access(request.user, slug)
    return render(request, "events/event_detail.html", _detail_context(request, access))


def _organiser_action(request: HttpRequest, slug: str, action: Callable[[Access], str | None],
                      question: Callable[[Access], Question | None] = lambda access: None) -> HttpResponse:
    """An organiser's button on the event page: do it, say how it went, back to the event (post/redirect/get).

    An action that cannot be undone has a `question`, asked first (armylists/web/confirm.py)."""
    access = event_access(request.user, slug)
    access.require_organiser()
    asked = question(access)
    if asked is not None and (asking := ask_first(request, asked)):
        return asking
    try:
        done = action(access)
    except Refused as error:
        messages.error(request, str(error))
    else:
        if done:
            messages.success(request, done)
    return redirect(access.event)


def _valid(form, problem: str):
    if not form.is_valid():
        raise Refused(problem)
    return form.cleaned_data


@require_POST
@login_required
def event_state(request: HttpRequest, slug: str) -> HttpResponse:
    def change(access: Access) -> str:
        to = _valid(StateForm(request.POST), "Choose a state.")["to"]
        event = services.change_state(event=access.event, to=to, by=request.user)
        return f"The event is now {event.get_state_display().lower()}."
    return _organiser_action(request, slug, change, lambda access: state_question(access.event,
                                                                                 request.POST.get("to", "")))


def state_question(event: Event, to: str) -> Question | None:
    """Locking and publishing are asked first: a locked event reopens only before its deadline, and a
    published one never changes again (docs/events.md, "The steps")."""
    back = event.get_absolute_url()
    if to == State.LOCKED and event.state == State.OPEN:
        return Question(f"Lock {event.name} now?", "Players can no longer submit or change their lists. It can "
                        "be reopened only while the deadline has not passed; after that, locking cannot be "
                        "undone.", "Lock now", back)
    if to == State.PUBLISHED and event.state == State.LOCKED:
        return Question(f"Publish the lists of {event.name}?", "Every player sees every list. A published event "
                        "can never be edited, reopened or unpublished.", "Publish the lists", back)
    return None


@require_POST
@login_required
def invite_renew(request: HttpRequest, slug: str) -> HttpResponse:
    def renew(access: Access) -> str:
        services.renew_invitation(event=access.event)
        return "A new invitation link was made; the old one no longer works."
    return _organiser_action(request, slug, renew, lambda access: new_link_question(access.event.get_absolute_url()))


@require_POST
@login_required
def organiser_add(request: HttpRequest, slug: str) -> HttpResponse:
    """An invitation, which its person accepts on their events page. The answer is the same whether
    or not anyone has that username, and the form is rate limited: it tells nobody who has an account."""
    def invite(access: Access) -> str:
        username = _valid(OrganiserForm(request.POST), "Give the username of the co-organiser.")["username"]
        services.invite_organiser(event=access.event, username=username, by=request.user)
        return (f"If someone is called “{username.strip()}” on Muster, they are invited: they become an organiser "
                "of this event when they accept on their events page.")
    access = event_access(request.user, slug)
    access.require_organiser()
    return limit(request, "organiser-invite") or _organiser_action(request, slug, invite)


@require_POST
@login_required
def organiser_answer(request: HttpRequest, slug: str) -> HttpResponse:
    """The invited person accepts or declines, from their events page."""
    event = get_object_or_404(Event, slug=slug)
    accept = request.POST.get("answer") == "accept"
    if not services.answer_organiser_invitation(event=event, user=request.user, accept=accept):
        raise Http404("No invitation to organise this event is waiting for you.")
    if accept:
        messages.success(request, f"You now organise {event.name}.")
        return redirect(event)
    messages.success(request, f"You declined to organise {event.name}.")
    return redirect("events:index")


@require_POST
@login_required
def organiser_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def remove(access: Access) -> None:
        organiser = get_object_or_404(Organiser, pk=pk, event=access.event)
        services.remove_organiser(event=access.event, organiser=organiser)
    return _organiser_action(request, slug, remove)
