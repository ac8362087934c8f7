"""A game's game-system row comes from its package after every `migrate` (factions/systems.py)."""
from __future__ import annotations

import pytest
from django.core.management import call_command

from armylists.games.registry import homes
from factions.models import GameSystem

pytestmark = pytest.mark.django_db


def test_every_game_in_use_has_its_packages_numbers_in_its_order():
    rows = list(GameSystem.objects.all())
    assert [r.slug for r in rows] == [h.slug for h in homes()]
    for row, home in zip(rows, homes(), strict=True):
        assert (row.name, row.version, row.source, row.params) == (
            home.system["name"], home.system["version"], home.system["source"], home.system["params"])


def test_migrate_adds_a_missing_row_and_a_missing_number_and_keeps_a_changed_one():
    first, second = homes()[0], homes()[1]
    GameSystem.objects.filter(slug=first.slug).delete()
    row = GameSystem.objects.get(slug=second.slug)
    name, *_ = (k for k in row.params if k not in ("book", "points_presets"))
    numbers = dict(row.params)
    del numbers[name]
    numbers["points_presets"] = [123]  # as an administrator set it
    row.params = numbers
    row.save()
    call_command("migrate", verbosity=0)
    assert GameSystem.objects.get(slug=first.slug).params == first.system["params"]
    row.refresh_from_db()
    assert row.params[name] == second.system["params"][name] and row.params["points_presets"] == [123]
