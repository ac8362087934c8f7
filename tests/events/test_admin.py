"""The admin shows events and their frozen submissions; a submission cannot be changed there."""
from __future__ import annotations

import copy

import pytest
from django.urls import reverse

from armylists.events import services
from armylists.events.models import Submission

from .conftest import LEGAL

pytestmark = pytest.mark.django_db


def test_staff_see_events_and_submissions_but_cannot_change_a_submission(admin_client, event, joined):
    submission = services.submit(player=joined[0], data=copy.deepcopy(LEGAL))
    for model in ("event", "submission", "player", "statechange", "pack"):
        assert admin_client.get(reverse(f"admin:events_{model}_changelist")).status_code == 200, model
    page = reverse("admin:events_submission_change", args=[submission.pk])
    assert admin_client.get(page).status_code == 200
    admin_client.post(page, {"points": "1", "legal": ""})
    assert Submission.objects.get().points == 320
