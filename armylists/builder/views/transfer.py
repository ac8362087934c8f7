"""Lists in and out: importing a list file, downloading one, and the plain-text version."""
from __future__ import annotations

import json
from pathlib import Path

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods

from armylists.boundary.jsonfile import LIST_BYTES
from armylists.boundary.numbers import declared_length
from armylists.checking.check import is_other_tools_list
from armylists.checking.library import library_of
from armylists.games.own_fields import COMBINED, JOINED, OwnField

from .. import services
from ..context import load_checked
from ..forms import ImportForm
from ..models import ArmyList
from ..permissions import get_owned_list_or_404
from ..services import BadInput, Refused
from ..textexport import list_text

# Room for the form's other fields and the multipart headers around the file.
FORM_SLACK = 64_000


@require_http_methods(["GET", "POST"])
@login_required
def list_import(request: HttpRequest) -> HttpResponse:
    if request.method == "POST" and declared_length(request.META) > LIST_BYTES + FORM_SLACK:
        # Refused from its declared length, before the upload is received whole.
        form = ImportForm.refused(f"This list file cannot be used: it must be at most {LIST_BYTES:,} bytes.")
        return render(request, "builder/list_import.html", {"form": form}, status=413)
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            upload = form.cleaned_data["file"]
            army_list = services.import_list(owner=request.user, data=form.cleaned_data["data"],
                                             name=Path(upload.name).stem if upload else None)
        except BadInput as error:
            form.add_error("file", f"This list file cannot be used: {error.on_page}")
        except Refused as error:
            form.add_error("file", str(error))
        else:
            messages.success(request, imported_message(army_list, form.cleaned_data["data"]))
            return redirect(army_list)
    return render(request, "builder/list_import.html", {"form": form})


def imported_message(army_list: ArmyList, data) -> str:
    """What importing did; for an Army Forge list, what it became."""
    if not is_other_tools_list(data):
        return f"Imported “{army_list.name}”."
    units, entries = len(data.get("units", ())), len(army_list.document.get("entries", ()))
    home = army_list.game.home
    combined, joined = (_with(army_list.document, home.files.entry_field(kind))
                        for kind in (COMBINED.kind, JOINED.kind))
    said = f"Imported “{army_list.name}” from an Army Forge list: its {units} units became {entries} entries"
    said += f" ({combined} combined unit{'s' * (combined != 1)} as one entry each)" if combined else ""
    said += f", {joined} hero{'es' * (joined != 1)} joined to a unit" if joined else ""
    return said + "; the Army Forge file is kept with the list."


def _with(document: dict, field: OwnField | None) -> int:
    """How many of the list's entries set their game's own `field` (none where the game has no such field)."""
    return 0 if field is None else sum(1 for e in document.get("entries", ()) if e.get(field.name))


def file_response(army_list: ArmyList) -> HttpResponse:
    """The list as its list file, as an attachment named after the list."""
    document = {**army_list.document, "name": army_list.name}
    response = HttpResponse(json.dumps(document, indent=2, ensure_ascii=False) + "\n",
                            content_type="application/json; charset=utf-8")
    filename = f"{slugify(army_list.name) or 'list'}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
@login_required
def list_export(request: HttpRequest, pk: int) -> HttpResponse:
    return file_response(get_owned_list_or_404(request.user, pk))


def text_of(army_list: ArmyList) -> tuple[str, str | None]:
    """The plain-text list, or the reason it cannot be made."""
    checked, problem = load_checked(army_list, library_of(army_list.game))
    if checked is None:
        return "", problem
    return list_text(checked, name=army_list.name, game_name=army_list.game.name,
                     faction_name=army_list.faction.name), None


@require_GET
@login_required
def list_text_view(request: HttpRequest, pk: int) -> HttpResponse:
    army_list = get_owned_list_or_404(request.user, pk)
    text, problem = text_of(army_list)
    return render(request, "builder/list_text.html", {"army_list": army_list, "text": text, "problem": problem})
