"""A submission says whether its list used sample units (docs/faction-file.md, Units), frozen with it, and
the organisers' dashboard shows it beside the verdict."""
from __future__ import annotations

import copy

import pytest

from armylists.events import services
from factions.models import Unit, data_changed

from .conftest import LEGAL, client_for

pytestmark = pytest.mark.django_db


def test_a_list_with_a_sample_unit_is_frozen_as_using_sample_data(event, joined, organiser):
    plain = services.submit(player=joined[0], data=copy.deepcopy(LEGAL))
    Unit.objects.filter(slug="captain").update(notes="Sample unit: made up for the test.")
    data_changed(event.game_id)
    marked = services.submit(player=joined[1], data=copy.deepcopy(LEGAL))
    assert (plain.sample_data, marked.sample_data) == (False, True)
    page = client_for(organiser).get(f"/events/{event.slug}/dashboard/")
    assert page.content.decode().count('data-testid="sample"') == 1
