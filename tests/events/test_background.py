"""The judges' pack through the production path: queued in the database, built by `manage.py db_worker`."""
from __future__ import annotations

import copy

import pytest
from django.core.management import call_command
from django.urls import reverse

from armylists.events import services
from armylists.events.models import Pack

from .conftest import LEGAL, client_for

pytestmark = pytest.mark.django_db


def test_a_queued_pack_is_built_by_the_database_worker(event, joined, organiser, settings, monkeypatch):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    # The worker closes its database connection between tasks; inside this test's transaction
    # that would end the transaction on PostgreSQL (SQLite's in-memory test database ignores it).
    monkeypatch.setattr("django_tasks_db.management.commands.db_worker.close_old_connections", lambda: None)
    services.submit(player=joined[0], data=copy.deepcopy(LEGAL))
    olga = client_for(organiser)
    olga.post(reverse("events:pack-start", args=[event.slug]))
    assert Pack.objects.get().status == Pack.Status.QUEUED
    status = olga.get(reverse("events:pack-status", args=[event.slug])).content.decode()
    assert "Waiting for a worker" in status and 'hx-trigger="every 1s"' in status

    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)

    pack = Pack.objects.get()
    assert (pack.status, pack.done, pack.total) == (Pack.Status.DONE, 1, 1)
    status = olga.get(reverse("events:pack-status", args=[event.slug])).content.decode()
    assert "hx-trigger" not in status and "Download the pack" in status
