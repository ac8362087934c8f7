"""What every builder edit answers: the re-rendered roster for htmx, else a redirect (post/redirect/get)."""
from __future__ import annotations

from django.contrib import messages
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from armylists.checking.library import Library

from ..context import load_checked, roster_context
from ..models import ArmyList
from ..services import Changed

ROSTER = "builder/list_detail.html#roster"


def form_problem(form: Form) -> str:
    """A form's errors as one sentence per field, named by their labels."""
    parts = []
    for name, errors in form.errors.items():
        field = form.fields.get(name)
        label = (field.label or name.replace("-", " ").replace("_", " ").capitalize()) if field else ""
        parts += [f"{label}: {e}" if label else str(e) for e in errors]
    return " ".join(parts) + " Nothing was changed."


def list_url(army_list: ArmyList, entry_id: str | None = None) -> str:
    return army_list.get_absolute_url() + (f"#entry-{entry_id}" if entry_id else "")


def changed_response(request: HttpRequest, changed: Changed, library: Library, **extra) -> HttpResponse:
    if not request.htmx:
        return redirect(list_url(changed.army_list, changed.entry_id))
    context = roster_context(changed.army_list, checked=changed.checked, problem=changed.problem, library=library)
    context["open_entry"] = changed.entry_id
    return render(request, ROSTER, {**context, **extra})


def refused_response(request: HttpRequest, army_list: ArmyList, library: Library, message: str,
                     entry_id: str | None = None, **extra) -> HttpResponse:
    """Nothing was written: say why, and show the list as it is now (another tab may have changed it)."""
    if not request.htmx:
        messages.error(request, message)
        return redirect(list_url(army_list, entry_id))
    army_list.refresh_from_db(fields=["document", "version", "name"])
    checked, problem = load_checked(army_list, library)
    context = roster_context(army_list, checked=checked, problem=problem, library=library, notice=message)
    context["open_entry"] = entry_id
    return render(request, ROSTER, {**context, **extra})
