"""Each game's unit data stays in memory between checks and is read again only when it changes:
an import or an admin edit gives the game a new data version."""
from __future__ import annotations

import json

import pytest
from django.urls import reverse

from armylists.checking import library as library_module
from armylists.checking import views as check_views
from armylists.ops import ratelimit
from factions.importer import import_document
from factions.models import GameSystem, Unit
from factions.schemas import parse_faction_file

from .conftest import ILLEGAL, KINGDOM

pytestmark = pytest.mark.django_db


def version() -> str:
    return GameSystem.objects.get(slug="aof-regiments").data_version


def points(client) -> int:
    return client.post("/api/check", json.dumps(ILLEGAL), content_type="application/json").json()["points"]


@pytest.fixture
def admin(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("root", password="x-admin-password"))
    return client


def test_a_warm_check_reads_one_version_instead_of_the_unit_data(client, kingdom, django_assert_num_queries,
                                                                  settings, monkeypatch):
    # The cache in memory here (the database's elsewhere), and the rate and cost limits' counts (their own table:
    # tests/production/test_rate_limits.py) left out: this counts the check's queries.
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    monkeypatch.setattr(check_views, "limit", lambda request, key: None)
    monkeypatch.setattr(ratelimit, "over_cost", lambda request: None)
    monkeypatch.setattr(ratelimit, "charge", lambda request, seconds: None)
    points(client)
    with django_assert_num_queries(1):  # the game, whose data version is current as it was just read
        assert points(client) == 2 * 530 + 2 * 100


def test_an_import_gives_the_game_a_new_data_version(kingdom):
    before = version()
    import_document(parse_faction_file(KINGDOM))
    assert version() != before


def test_an_admin_edit_of_a_unit_is_checked_at_once(admin, kingdom):
    assert points(admin) == 1260
    giant = Unit.objects.get(slug="giant")
    response = admin.post(reverse("admin:factions_unit_change", args=[giant.pk]), {
        "faction": giant.faction_id, "slug": "giant", "name": "Giant", "position": 0, "rules": '["Tough(12)"]',
        "stats": "{}", "notes": "", "details__cost": 500, "details__models": 1,  # its game's own fields
        **{f"{prefix}-{field}": 0 for prefix in ("option_groups", "options", "sizes")
           for field in ("TOTAL_FORMS", "INITIAL_FORMS")},
    })
    assert response.status_code == 302, response.content.decode()[:2000]
    assert points(admin) == 2 * 500 + 2 * 100


def test_an_admin_delete_gives_the_game_a_new_data_version(admin, kingdom):
    before = version()
    giant = Unit.objects.get(slug="giant")
    assert admin.post(reverse("admin:factions_unit_delete", args=[giant.pk]), {"post": "yes"}).status_code == 302
    assert version() != before


def test_each_game_keeps_one_library_in_memory(client, kingdom):
    points(client)
    import_document(parse_faction_file(KINGDOM))
    points(client)
    game = GameSystem.objects.get(slug="aof-regiments")
    assert library_module._LIBRARIES[game.pk][0] == game.data_version


def test_a_game_just_read_is_trusted_for_its_data_version_and_one_held_longer_is_not(kingdom,
                                                                                      django_assert_num_queries):
    game = GameSystem.objects.get(slug="aof-regiments")
    kept = library_module.library_of(game)
    with django_assert_num_queries(0):  # read with the list it belongs to, as every builder view does
        assert library_module.library_of(game, just_read=True) is kept
    import_document(parse_faction_file(KINGDOM))
    assert library_module.library_of(game) is not kept  # held since before the import: its version is asked
