"""Rendered PDFs as files, in Django's storage `pdfs` (settings.STORAGES; docs/deploying.md, "Rendered PDFs").

A PDF is a file named by its key (`roster:<digest>` is `rendered/roster/<digest>.pdf`), not a cache entry:
it takes no room in the cache or the database, and a cache emptied or culled loses no rendering. By
default the storage is a folder (`WholeFiles`, under PDF_ROOT); PDF_STORAGE names any of Django's storage
backends instead (S3-compatible through django-storages, say), which every machine must then share. Renderings
are kept until `manage.py prune_pdfs` deletes those older than its days, run daily by one machine's scheduler;
each is made again when asked for.
"""
from __future__ import annotations

import os
import tempfile

from django.core.files.base import ContentFile
from django.core.files.storage import FileSystemStorage, Storage, storages
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.functional import LazyObject, empty

RENDERED = "rendered"  # the folder of renderings that can be made again (`prune_pdfs` deletes the old ones)


class _Pdfs(LazyObject):
    """settings.STORAGES["pdfs"], looked up when first used, not when a model naming it is loaded."""

    def _setup(self) -> None:
        self._wrapped = storages["pdfs"]


_pdfs = _Pdfs()


@receiver(setting_changed)
def _storages_changed(setting: str, **kwargs) -> None:
    if setting == "STORAGES":
        _pdfs._wrapped = empty


def pdf_storage() -> Storage:
    """Where rendered PDFs and judges' packs are kept (also the packs' FileField's `storage`)."""
    return _pdfs


def _name(key: str) -> str:
    kind, _, digest = key.partition(":")
    return f"{RENDERED}/{kind}/{digest}.pdf"


def kept(key: str) -> bytes | None:
    """The PDF kept under `key`, or None if there is none (never rendered, or pruned)."""
    try:
        with pdf_storage().open(_name(key), "rb") as file:
            return file.read()
    except FileNotFoundError:
        return None


def is_kept(key: str) -> bool:
    return pdf_storage().exists(_name(key))


def keep(key: str, pdf: bytes) -> None:
    """Keeps the PDF under `key`, in place of any kept before (the same key prints the same)."""
    storage, name = pdf_storage(), _name(key)
    if not isinstance(storage, WholeFiles) and storage.exists(name):
        storage.delete(name)  # a storage that would otherwise save it under another name
    storage.save(name, ContentFile(pdf))


class WholeFiles(FileSystemStorage):
    """Django's file system storage, but each file appears whole: written beside its name, then renamed to it,
    so a web process never reads half a PDF the worker is still writing; saving a name again replaces it."""

    def __init__(self, **options) -> None:
        super().__init__(**{"allow_overwrite": True, "file_permissions_mode": 0o644, **options})

    def _save(self, name: str, content) -> str:
        path = self.path(name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=os.path.dirname(path), prefix=".part-", delete=False) as part:
            for chunk in content.chunks():
                part.write(chunk)
        os.chmod(part.name, self.file_permissions_mode)
        os.replace(part.name, path)
        return name
