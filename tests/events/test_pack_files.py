"""A judges' pack is a file in the storage `pdfs` (armylists/printing/files.py; docs/deploying.md, "Rendered PDFs"),
not bytes in the database: downloaded from there, and deleted with its pack, so only live packs take room."""
from __future__ import annotations

import pytest
from django.urls import reverse

from armylists.events.models import Pack
from armylists.printing.files import pdf_storage

from .test_dashboard import table_scene  # noqa: F401 - the fixture
from .test_pack_queue import start

pytestmark = pytest.mark.django_db


def pack_files() -> list[str]:
    try:
        return pdf_storage().listdir("judges-packs")[1]
    except FileNotFoundError:
        return []


def test_a_pack_is_one_file_downloaded_from_the_storage_and_the_older_packs_files_go(table_scene, event):  # noqa: F811
    for _ in range(3):
        start(table_scene, event)
    [pack] = Pack.objects.filter(event=event)
    assert pack_files() == [f"{pack.pk}.pdf"]
    download = table_scene.get(reverse("events:pack-download", args=[event.slug, pack.pk]))
    assert download.status_code == 200 and download.content.startswith(b"%PDF")
    with pdf_storage().open(pack.pdf.name, "rb") as file:
        assert download.content == file.read()


def test_deleting_the_event_deletes_its_packs_file(table_scene, event):  # noqa: F811
    start(table_scene, event)
    assert len(pack_files()) == 1
    event.delete()
    assert pack_files() == []


def test_a_pack_whose_file_was_lost_is_not_found_rather_than_an_error(table_scene, event):  # noqa: F811
    start(table_scene, event)
    [pack] = Pack.objects.filter(event=event)
    pdf_storage().delete(pack.pdf.name)
    assert table_scene.get(reverse("events:pack-download", args=[event.slug, pack.pk])).status_code == 404
