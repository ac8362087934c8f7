"""Campaign PDFs are rendered once per content and rate limited per member (docs/deploying.md, "Caching and
rate limits"): asking for the same sheet again costs a cache look-up, not a rendering; the printouts that grow
with the campaign (the summary, every army's sheets) are rendered by the worker."""
from __future__ import annotations

import pytest
from django.urls import reverse

from armylists.campaigns import printouts

pytestmark = [pytest.mark.django_db, pytest.mark.redis]  # run again against Redis (.ci/run)


@pytest.fixture
def renderings(monkeypatch):
    """How many times a campaign PDF was rendered."""
    made = []
    real = printouts.html_to_pdf
    monkeypatch.setattr(printouts, "html_to_pdf", lambda html: made.append(html) or real(html))
    return made


def test_the_same_sheet_is_rendered_once_and_a_changed_campaign_anew(armies, client_for, renderings):
    alice = client_for("alice")
    sheet = reverse("campaigns:army-sheet-pdf", args=[armies.slug, "a1"])
    first, second = alice.get(sheet), client_for("bob").get(sheet)
    assert first.content == second.content and first.content.startswith(b"%PDF")
    assert len(renderings) == 1
    alice.post(reverse("campaigns:unit-notes", args=[armies.slug, "a1", "u1"]), {"notes": "Held the ford."})
    assert alice.get(sheet).content != first.content
    assert len(renderings) == 2


def test_the_summary_is_rendered_by_the_worker_while_a_page_says_so(armies, client_for, renderings):
    summary = reverse("campaigns:campaign-summary-pdf", args=[armies.slug])
    waiting = client_for("alice").get(summary)
    assert waiting.status_code == 202 and 'http-equiv="refresh"' in waiting.content.decode()
    assert f"Preparing {armies.name}: summary" in waiting.content.decode()
    # The suite runs tasks at once: the worker has rendered it, and the reload (anyone's) downloads it.
    assert len(renderings) == 1
    ready = client_for("bob").get(summary)
    assert ready.status_code == 200 and ready.content.startswith(b"%PDF") and len(renderings) == 1


def test_a_member_past_the_pdf_rate_gets_429(armies, client_for, settings, renderings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "campaign-pdf": {"user": "2/m", "address": "100/m"}}
    bob = client_for("bob")
    sheet = reverse("campaigns:army-sheet-pdf", args=[armies.slug, "a1"])
    assert [bob.get(sheet).status_code for _ in range(2)] == [200, 200]
    refused = bob.get(sheet)
    assert refused.status_code == 429 and refused["Retry-After"]
    assert len(renderings) == 1
