"""The staff page that imports an Army Forge army book: upload, then a report (docs/faction-file.md,
"Army Forge books"). A book already in the library is written only when the upload says to write its
changes, as `import_factions --army-forge GAME FILE --yes` does."""
from __future__ import annotations

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse

from armylists.boundary.jsonfile import LIST_BYTES
from armylists.boundary.numbers import declared_length
from armylists.games.registry import homes

from .armyforge import read_army_forge_upload
from .armyforge_rules import read_army_forge_rules_upload, write_rules
from .importer import FactionFileError

BOOK_BYTES = LIST_BYTES  # the site reads bodies of at most twice this; larger books: the command
FORM_SLACK = 64_000


def _games() -> list[tuple[str, str]]:
    return [(home.slug, home.system["name"]) for home in homes() if home.army_forge_reader]


class BookForm(forms.Form):
    game = forms.ChoiceField(choices=_games)
    book = forms.FileField(label="Army book (JSON from Army Forge)")
    write_changes = forms.BooleanField(
        required=False, label="Write the changes of a book already in the library, or a replace that breaks saved "
                              "lists, events or campaigns")
    replace = forms.BooleanField(required=False,
                                 label="Replace a faction of the same name that did not come from Army Forge")

    def clean_book(self):
        upload = self.cleaned_data["book"]
        if upload.size > BOOK_BYTES:
            raise forms.ValidationError(f"This file is {upload.size:,} bytes; the page takes books of at most "
                                        f"{BOOK_BYTES:,} bytes (the import_factions command takes larger ones).")
        return upload


class RulesForm(forms.Form):
    """Army Forge's common rules of a game system (docs/faction-file.md, "Army Forge's common rules")."""

    game = forms.ChoiceField(choices=_games)
    rules = forms.FileField(label="Common rules (JSON from Army Forge)")

    def clean_rules(self):
        upload = self.cleaned_data["rules"]
        if upload.size > BOOK_BYTES:
            raise forms.ValidationError(f"This file is {upload.size:,} bytes; the page takes files of at most "
                                        f"{BOOK_BYTES:,} bytes (the import_factions command takes larger ones).")
        return upload


def _allowed(request: HttpRequest) -> None:
    if not request.user.has_perms(["factions.add_faction", "factions.change_faction"]):
        raise PermissionDenied


def _page(request: HttpRequest, status: int = 200, **context) -> TemplateResponse:
    shown = {**admin.site.each_context(request), "title": "Import an Army Forge army book", "form": BookForm(),
             "rules_form": RulesForm(), **context}
    return TemplateResponse(request, "admin/factions/army_forge.html", shown, status=status)


def import_rules_view(request: HttpRequest) -> HttpResponse:
    """The common rules' texts replace the game's earlier ones at once: nothing else changes, nothing to confirm."""
    _allowed(request)
    if request.method == "POST" and declared_length(request.META) > BOOK_BYTES + FORM_SLACK:
        return _page(request, 413, rules_refused=f"The file must be at most {BOOK_BYTES:,} bytes.")
    form = RulesForm(request.POST or None, request.FILES or None)
    if request.method != "POST" or not form.is_valid():
        return _page(request, 400 if request.method == "POST" else 200, rules_form=form)
    upload = form.cleaned_data["rules"]
    try:
        reading = read_army_forge_rules_upload(upload.read(BOOK_BYTES + 1), upload.name, form.cleaned_data["game"])
    except FactionFileError as error:
        return _page(request, 400, rules_form=form, rules_refused=str(error))
    write_rules(reading)
    return _page(request, rules_form=form, rules=reading)


def import_book_view(request: HttpRequest) -> HttpResponse:
    _allowed(request)
    context = {**admin.site.each_context(request), "title": "Import an Army Forge army book", "rules_form": RulesForm()}
    if request.method == "POST" and declared_length(request.META) > BOOK_BYTES + FORM_SLACK:
        return TemplateResponse(request, "admin/factions/army_forge.html",
                                {**context, "form": BookForm(), "refused": f"The file must be at most "
                                 f"{BOOK_BYTES:,} bytes."}, status=413)
    form = BookForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload, data = form.cleaned_data["book"], form.cleaned_data
        try:
            book = read_army_forge_upload(upload.read(BOOK_BYTES + 1), upload.name, data["game"], data["replace"])
        except FactionFileError as error:
            return TemplateResponse(request, "admin/factions/army_forge.html",
                                    {**context, "form": form, "refused": str(error)}, status=400)
        # A first import, and a book whose texts alone changed, write at once; changes to what lists are checked
        # with, or a replace that breaks saved data, when confirmed.
        asks = bool(book.changes and book.changes.units_changed) or bool(book.breaks)
        new_or_changed = book.changes is None or bool(book.changes)
        written = data["write_changes"] if asks else new_or_changed
        if written:
            book.write()
        context |= {"book": book, "written": written}
    return TemplateResponse(request, "admin/factions/army_forge.html", {**context, "form": form})
