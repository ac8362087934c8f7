"""Asking first: the one confirmation step of every action that cannot be undone (docs/architecture.md,
"Asking first").

Such an action's form posts as any other. Without `confirmed=yes` its view answers with a page that
says what will happen and posts the same fields again, confirmed; nothing is done before that second
post. It needs no JavaScript, and a script or a stale form cannot skip it.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

CONFIRMED = "confirmed"
NOT_CARRIED = {CONFIRMED, "csrfmiddlewaretoken"}


@dataclass(frozen=True)
class Question:
    title: str  # "Disband Foot 1?"
    consequence: str  # what happens, and that it cannot be undone
    button: str  # the confirming button's words: "Disband Foot 1"
    back: str  # where "Keep it" leads: the page the form was on


def ask_first(request: HttpRequest, question: Question) -> HttpResponse | None:
    """None once the user has confirmed; until then the page that asks (a 200, and nothing done)."""
    if request.POST.get(CONFIRMED) == "yes":
        return None
    # Django bounds the fields a request may carry (DATA_UPLOAD_MAX_NUMBER_FIELDS); they go back as sent.
    carried = [(name, value) for name, values in request.POST.lists() if name not in NOT_CARRIED
               for value in values]
    return render(request, "confirm.html", {"question": question, "carried": carried, "action": request.path})


def new_link_question(back: str) -> Question:
    """Renewing an invitation link, an event's or a campaign's."""
    return Question("Make a new invitation link?", "The old link stops working at once: anyone who has not "
                    "joined yet needs the new one. This cannot be undone.", "Make a new link", back)
