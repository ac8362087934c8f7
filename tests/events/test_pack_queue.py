"""The judges' pack queue (armylists/events/pack.py): one pending pack per event, which a second
request joins; only the latest pack kept; a silent worker's pack marked failed, with a retry;
pack requests rate limited."""
from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from armylists.events import pack as pack_module
from armylists.events.models import Pack

from .test_dashboard import table_scene  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db

DUMMY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}  # a worker that never comes


def start(client, event):
    return client.post(reverse("events:pack-start", args=[event.slug]), headers={"HX-Request": "true"})


def test_a_second_request_joins_the_pending_pack(table_scene, event, settings):  # noqa: F811
    settings.TASKS = DUMMY
    for _ in range(5):
        assert start(table_scene, event).status_code == 200
    assert Pack.objects.filter(event=event).count() == 1
    html = start(table_scene, event).content.decode()
    assert 'data-testid="pack-build"' not in html  # nothing to press while it is being made


def test_only_the_latest_pack_is_kept(table_scene, event):  # noqa: F811
    for _ in range(3):
        start(table_scene, event)
    [pack] = Pack.objects.filter(event=event)
    assert pack.status == Pack.Status.DONE and pack.pdf


@pytest.mark.parametrize("status, silent", [(Pack.Status.RUNNING, dt.timedelta(minutes=6)),
                                            (Pack.Status.QUEUED, dt.timedelta(hours=2))])
def test_a_pack_whose_worker_went_silent_is_failed_with_the_reason_and_can_be_retried(
        table_scene, event, settings, status, silent):  # noqa: F811
    settings.TASKS = DUMMY
    start(table_scene, event)
    Pack.objects.update(status=status, alive=timezone.now() - silent, requested=timezone.now() - silent)
    html = table_scene.get(reverse("events:pack-status", args=[event.slug])).content.decode()
    assert "The pack could not be built: the worker stopped" in html and "Try again" in html
    assert "hx-trigger" not in html
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    start(table_scene, event)
    assert list(Pack.objects.values_list("status", flat=True)) == [Pack.Status.DONE]


def test_a_pack_still_showing_signs_of_life_is_left_running(table_scene, event, settings):  # noqa: F811
    settings.TASKS = DUMMY
    start(table_scene, event)
    Pack.objects.update(status=Pack.Status.RUNNING, alive=timezone.now() - dt.timedelta(minutes=1))
    html = table_scene.get(reverse("events:pack-status", args=[event.slug])).content.decode()
    assert "Building" in html and 'hx-trigger="every 1s"' in html


def test_a_failed_pack_offers_a_retry(table_scene, event, monkeypatch):  # noqa: F811
    def broken(*args, **kwargs):
        raise RuntimeError("the printer is on fire")

    monkeypatch.setattr(pack_module, "roster_pdf", broken)
    html = start(table_scene, event).content.decode()
    assert "the printer is on fire" in html and "Try again" in html


def test_pack_requests_are_rate_limited(table_scene, event, settings):  # noqa: F811
    settings.TASKS = DUMMY
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "judges-pack": {"user": "2/m", "address": "100/m"}}
    assert [start(table_scene, event).status_code for _ in range(3)] == [200, 200, 429]
