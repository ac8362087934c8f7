"""Through the services and the database, whatever players do: the bank is the sum of the stored ledger and never
below zero, unit values are the book's formula, XP never passes 30, and exporting, importing and exporting again
gives the same campaign file (but for its slug)."""
from __future__ import annotations

from contextlib import contextmanager

import pytest
from django.db import transaction
from django.db.models import Sum
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armylists.boundary.errors import BadInput
from armylists.campaigns import services
from armylists.campaigns.models import LedgerEntry, Membership
from armylists.campaigns.state import load_state
from armylists.campaigns.transfer import export_campaign, import_campaign
from armylists.rules.campaign import NeedChoice, Refused
from armylists.rules.campaign.data import to_data
from tests.rules.test_campaign_properties import check_invariants, propose

pytestmark = pytest.mark.django_db


class Rollback(Exception):
    pass


@contextmanager
def rolled_back():
    """Each example runs in a savepoint that is undone, so examples never see each other's campaigns."""
    try:
        with transaction.atomic():
            yield
            raise Rollback
    except Rollback:
        pass


@pytest.fixture
def people(db, django_user_model):
    return {name: django_user_model.objects.create_user(name) for name in ("gm", "alice", "bob", "carol")}


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_the_books_stay_straight_and_the_file_round_trips(aof, people, monkeypatch, data):
    rng = data.draw(st.randoms(use_true_random=False))
    monkeypatch.setattr(services, "app_dice", lambda sides: rng.randint(1, sides))
    with rolled_back():
        campaign = services.create_campaign(name="Property", game=aof, game_master=people["gm"], kind="endless",
                                            parallel_play=True, late_joiners=True,
                                            permadeath=data.draw(st.booleans()))
        Membership.objects.bulk_create(Membership(campaign=campaign, user=people[n]) for n in ("alice", "bob",
                                                                                                "carol"))
        for _ in range(data.draw(st.integers(5, 30))):
            action, actor = propose(data.draw, load_state(campaign).state)
            choices = {}
            for _attempt in range(6):
                try:
                    services.perform(campaign=campaign, actor=people[actor], kind=action.kind,
                                     data=to_data(action), choices=choices)
                    break
                except NeedChoice as needed:  # the player picks the first option
                    choices[needed.key] = needed.options[0]
                except (Refused, BadInput):  # refused, or out of bounds (an army with no unit left to field)
                    break
        state = load_state(campaign).state
        check_invariants(state)
        for key, army in state.armies.items():
            stored = LedgerEntry.objects.filter(army__campaign=campaign, army__key=key).aggregate(s=Sum("amount"))
            assert (stored["s"] or 0) == army.bank >= 0
        exported = export_campaign(campaign)
        again = export_campaign(import_campaign(exported, slug="copy"))
        assert {**again, "slug": exported["slug"]} == exported
