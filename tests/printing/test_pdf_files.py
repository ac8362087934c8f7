"""Rendered PDFs are files in Django's storage `pdfs` (armylists/printing/files.py; docs/deploying.md, "Rendered
PDFs"): no cache emptied or culled loses one, a reader never finds half of one, and `prune_pdfs` deletes the
old ones, so the folder holds what the last days rendered."""
from __future__ import annotations

import os
import time

import pytest
from django.core.cache import caches
from django.core.management import call_command

from armylists.printing import files, rendered

pytestmark = [pytest.mark.django_db, pytest.mark.redis]  # run again against Redis (.ci/run)
PDF = b"%PDF-1.7 a roster"


def test_a_rendered_pdf_outlives_the_caches():
    assert rendered.render_queued("roster:kept", lambda: PDF) == "done"
    for alias in caches:
        caches[alias].clear()
    assert files.kept("roster:kept") == PDF and files.is_kept("roster:kept")
    assert rendered.render_queued("roster:kept", lambda: b"rendered again") == "cached"


def test_keeping_a_pdf_again_replaces_it_whole_and_leaves_nothing_beside_it():
    files.keep("roster:again", b"%PDF first")
    files.keep("roster:again", PDF)
    assert files.kept("roster:again") == PDF
    assert files.pdf_storage().listdir(f"{files.RENDERED}/roster") == ([], ["again.pdf"])
    assert files.kept("roster:never-rendered") is None


def age(key: str, days: float) -> None:
    path = files.pdf_storage().path(f"{files.RENDERED}/{key.replace(':', '/')}.pdf")
    then = time.time() - days * 86400
    os.utime(path, (then, then))


def test_prune_pdfs_deletes_the_renderings_older_than_its_days_only(capsys):
    for key in ("roster:old", "campaign-pdf:old", "roster:new"):
        files.keep(key, PDF)
    age("roster:old", 8)
    age("campaign-pdf:old", 3)
    call_command("prune_pdfs")  # a week by default
    assert [files.is_kept(key) for key in ("roster:old", "campaign-pdf:old", "roster:new")] == [False, True, True]
    call_command("prune_pdfs", "--days", "2")
    assert [files.is_kept(key) for key in ("campaign-pdf:old", "roster:new")] == [False, True]
    assert "Deleted 1 rendered PDF older than 2 days." in capsys.readouterr().out


def test_prune_pdfs_with_nothing_rendered_yet_deletes_nothing(capsys):
    call_command("prune_pdfs")
    assert "Deleted 0 rendered PDFs" in capsys.readouterr().out


def test_prune_pdfs_refuses_days_below_zero(capsys):
    with pytest.raises(SystemExit) as refused:
        call_command("prune_pdfs", "--days", "-1")
    assert refused.value.code == 2 and "say how many days to keep" in capsys.readouterr().err
