"""What every builder edit answers: for htmx, the list's summary and only the entry cards the edit
changed (out-of-band swaps); without JavaScript, a redirect back to the page (post/redirect/get)."""
from __future__ import annotations

import copy

from django.contrib import messages
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from armylists.boundary.numbers import whole_number
from armylists.checking.library import Library, library_of

from ..context import load_checked, roster_context
from ..fragments import EVERYTHING, Shape, digest, edit_fragments, redraw, shape_of
from ..models import ArmyList
from ..permissions import get_owned_list_or_404
from ..picker import page_picker
from ..replay import BadEditKey, is_retry_of_a_saved_edit
from ..saving import Draw, store_page_shape
from ..services import Changed
from ..summary import changed_since, document_at, last_change

EDIT = "builder/_edit.html"


def form_problem(form: Form) -> str:
    """A form's errors as one sentence per field, named by their labels."""
    parts = []
    for name, errors in form.errors.items():
        field = form.fields.get(name)
        label = (field.label or name.replace("-", " ").replace("_", " ").capitalize()) if field else ""
        parts += [f"{label}: {e}" if label else str(e) for e in errors]
    return " ".join(parts) + " Nothing was changed."


def own_list(request: HttpRequest, pk: int) -> tuple[ArmyList, Library]:
    """The user's list number `pk` (else 404) and its game's unit data, as every builder view starts.
    The game was read with the list, so the data version it carries is current."""
    army_list = get_owned_list_or_404(request.user, pk)
    return army_list, library_of(army_list.game, just_read=True)


def list_url(army_list: ArmyList, entry_id: str | None = None) -> str:
    return army_list.get_absolute_url() + (f"#entry-{entry_id}" if entry_id else "")


def page_version(request: HttpRequest) -> int | None:
    """The list version the page showed when it sent the edit (every builder form includes it)."""
    return whole_number(request.POST.get("list_version", ""))


def _render(request: HttpRequest, army_list: ArmyList, context: dict, fragments, undo: str | None = None,
            **extra) -> HttpResponse:
    names = {f.kind for f in fragments}
    if "picker" in names:
        context |= page_picker(request, army_list, context["library"])
    context |= {"fragments": fragments, "undo": last_change(army_list) if undo is None else undo, **extra}
    return render(request, EDIT, context)


def _context_at(army_list: ArmyList, document: dict, version: int, library: Library,
                checked: tuple | None = None) -> dict:
    """The roster as it was at `version`: what the page showed, to compare the list as it is with.
    `checked`: the (check, problem) of `document` where the edit made it already."""
    then = copy.copy(army_list)
    then.document, then.version = document, version
    then.name = document.get("name") or then.name
    found, problem = checked or load_checked(then, library)
    return roster_context(then, checked=found, problem=problem, library=library)


# The page's shape after each edit is saved with the list's version it was drawn from (`drawing`, in the
# edit's own UPDATE): the next edit's answer compares with it, whichever web process serves it. Laying the
# list out again to compare with was a quarter of an edit's time. Its key holds everything the page is drawn
# from; a stored shape under another key (older unit data, another format) is laid out again.
SHAPE_FORMAT = "shape@1"


def _shape_key(army_list: ArmyList, document: dict, version: int, library: Library) -> str:
    # The name as `document` has it (`_context_at`): after a rename `army_list` already has the new one.
    name = document.get("name") or army_list.name
    return digest([SHAPE_FORMAT, army_list.pk, version, str(library.version), document, name,
                   army_list.game.params])


def _stored_shape(key: str, shape: Shape) -> dict:
    """The column that keeps `shape` with the list's version it was drawn from, under `key` (`_shape_key`)."""
    return {"page_shape": {"key": key, "shape": shape.as_data()}}


def _kept_shape(stored: dict | None, key: str) -> Shape | None:
    if not isinstance(stored, dict) or stored.get("key") != key:
        return None
    try:
        return Shape.from_data(stored["shape"])
    except (KeyError, TypeError, ValueError):  # a shape stored in another form: laid out again
        return None


def remember_page(army_list: ArmyList, library: Library, context: dict) -> None:
    """Keep the page drawn from `context` (the list as it is now) as the page before its next edit, unless
    its version has it already (a page opened after an edit, or twice)."""
    key = _shape_key(army_list, army_list.document, army_list.version, library)
    if _kept_shape(army_list.page_shape, key) is None:
        store_page_shape(army_list, _stored_shape(key, shape_of(context)))


def _shape_at(army_list: ArmyList, document: dict, version: int, library: Library,
              checked: tuple | None = None, stored: dict | None = None) -> Shape:
    """The page's shape at `version` (`_context_at`): the one `stored` with it when its key is still good."""
    kept = _kept_shape(stored, _shape_key(army_list, document, version, library))
    return kept or shape_of(_context_at(army_list, document, version, library, checked))


def drawing(request: HttpRequest, library: Library) -> Draw | None:
    """How an htmx edit draws the list as it will be saved, its shape kept with it (`Draw`); without
    JavaScript the answer is a redirect and the page, once opened, keeps its shape (`remember_page`)."""
    if not request.htmx:
        return None

    def draw(army_list: ArmyList, checked, problem, entry_id) -> tuple[dict, tuple[dict, Shape]]:
        context = roster_context(army_list, checked=checked, problem=problem, library=library,
                                 forms=frozenset([entry_id] if entry_id else []))
        context |= {"open_entry": entry_id, "library": library}
        shape = shape_of(context)
        key = _shape_key(army_list, army_list.document, army_list.version, library)
        return _stored_shape(key, shape), (context, shape)

    return draw


def changed_response(request: HttpRequest, changed: Changed, library: Library, **extra) -> HttpResponse:
    army_list = changed.army_list
    if not request.htmx:
        return redirect(list_url(army_list, changed.entry_id))
    context, now = changed.drawn or drawing(request, library)(army_list, changed.checked, changed.problem,
                                                               changed.entry_id)[1]
    context["army_list"] = army_list  # the row as saved, for the copy the drawing was made on
    seen = page_version(request)
    if seen is not None and seen == changed.before_version:
        before = _shape_at(army_list, changed.before, changed.before_version, library, changed.before_check,
                           changed.before_shape)
        fragments = edit_fragments(before, context, changed.entry_id, now)
    else:
        fragments = EVERYTHING
        if seen is not None:
            what = changed_since(army_list.pk, seen, changed.before, library)
            context["stale"] = what or "Other changes"
    if extra.pop("added", False) and changed.entry_id in context["labels"]:
        context |= {"added": changed.entry_id, "added_label": context["labels"][changed.entry_id]}
    return _render(request, army_list, context, fragments, changed.summary, **extra)


def refused_response(request: HttpRequest, army_list: ArmyList, library: Library, message: str,
                     entry_id: str | None = None, **extra) -> HttpResponse:
    """Nothing was written: say why, and show the list as it is now (another tab may have changed it).
    A retry of an edit that was saved is a replay instead (moving an entry up again finds it first)."""
    if is_retry_of_a_saved_edit(request, army_list.pk):
        return replayed_response(request, army_list, library, **extra)
    if not request.htmx:
        messages.error(request, message)
        return redirect(list_url(army_list, entry_id))
    army_list.refresh_from_db(fields=["document", "version", "name"])
    checked, problem = load_checked(army_list, library)
    context = roster_context(army_list, checked=checked, problem=problem, library=library, notice=message,
                             forms=frozenset([entry_id] if entry_id else []))
    context |= {"open_entry": entry_id, "library": library}
    fragments = redraw(context, entry_id) if page_version(request) == army_list.version else EVERYTHING
    return _render(request, army_list, context, fragments, **extra)


def replayed_response(request: HttpRequest, army_list: ArmyList, library: Library, **extra) -> HttpResponse:
    """A retried edit that had been saved already (its key says so; its first answer was lost): nothing
    more is done, and the answer is the one that edit would have had, from the version the page shows
    to the list as it is now (the whole list when the history no longer has the page's version)."""
    if not request.htmx:
        return redirect(list_url(army_list))
    army_list.refresh_from_db(fields=["document", "version", "name"])
    checked, problem = load_checked(army_list, library)
    context = roster_context(army_list, checked=checked, problem=problem, library=library)
    context |= {"library": library, "replayed": True}
    seen = page_version(request)
    shown = document_at(army_list.pk, seen)
    fragments = edit_fragments(_shape_at(army_list, shown, seen, library), context, None) if shown else EVERYTHING
    extra.pop("added", None)  # which entry the first answer showed as new is not known
    return _render(request, army_list, context, fragments, **extra)


def bad_key_response(request: HttpRequest, error: BadEditKey) -> HttpResponse:
    """An edit with a malformed key is refused whole: applied without its key, a retry could add twice."""
    return render(request, "request_refused.html", {"message": str(error)}, status=400)
