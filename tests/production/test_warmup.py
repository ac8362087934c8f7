"""A web process loads what its first requests would pay for before it takes any (armylists/ops/warmup.py)."""
from __future__ import annotations

import logging

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from armylists.campaigns import snapshots
from armylists.checking import library as library_module
from armylists.checking.library import library_of
from armylists.ops import gunicorn as web_config
from armylists.ops.warmup import warm_up
from factions.models import GameSystem

# Transactional: warming up closes the process's connections, as it would before its first request,
# which PostgreSQL's pool refuses inside a test's transaction.
pytestmark = pytest.mark.django_db(transaction=True)


def test_after_warming_up_every_games_first_check_reads_no_unit_data(monkeypatch, settings):
    seed_every_game()
    monkeypatch.setattr(library_module, "_LIBRARIES", {})  # a new process
    snapshots.engine_version.cache_clear()
    warm_up()
    assert snapshots.engine_version.cache_info().currsize == 1
    for game in GameSystem.objects.all():
        with CaptureQueriesContext(connection) as queries:
            library_of(game)
        assert len(queries) == 1  # the data version only: the library itself was read already


def test_a_failed_warm_up_is_logged_and_the_process_serves_anyway(settings, caplog):
    settings.WARM_UP = ["armylists.checking.library.no_such_thing"]
    with caplog.at_level(logging.WARNING, logger="armylists.ops.warmup"):
        warm_up()
    assert "warming up failed" in caplog.text


def test_gunicorn_warms_each_process_up_before_it_takes_requests(monkeypatch):
    called = []
    monkeypatch.setattr("armylists.ops.warmup.warm_up", lambda: called.append(True))
    web_config.post_worker_init(worker=None)
    assert called == [True]


def seed_every_game():
    from django.core.management import call_command

    call_command("seed_demo", verbosity=0)
    assert GameSystem.objects.count() >= 5
