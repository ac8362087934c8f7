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
from .importer import FactionFileError

BOOK_BYTES = LIST_BYTES  # the site reads bodies of at most twice this; larger books: the command
FORM_SLACK = 64_000


class BookForm(forms.Form):
    game = forms.ChoiceField(choices=lambda: [(home.slug, home.system["name"]) for home in homes()
                                              if home.army_forge_reader])
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


def import_book_view(request: HttpRequest) -> HttpResponse:
    if not request.user.has_perms(["factions.add_faction", "factions.change_faction"]):
        raise PermissionDenied
    context = {**admin.site.each_context(request), "title": "Import an Army Forge army book"}
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
        # A first import writes at once; changes to a book, or a replace that breaks saved data, when confirmed.
        asks = bool(book.changes) or bool(book.breaks)
        written = (book.changes is None and not book.breaks) or (asks and data["write_changes"])
        if written:
            book.write()
        context |= {"book": book, "written": written}
    return TemplateResponse(request, "admin/factions/army_forge.html", {**context, "form": form})
