"""`seed_demo` adds a demo campaign: two armies, two missions played, a level-up and a hero injury; once."""
import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from armylists.campaigns.models import Action, Campaign
from armylists.campaigns.snapshots import load_state

pytestmark = pytest.mark.django_db


def test_the_demo_campaign_is_seeded_once():
    call_command("seed_demo", verbosity=0)
    actions = Action.objects.count()
    call_command("seed_demo", verbosity=0)
    assert Action.objects.count() == actions and Campaign.objects.count() == 1
    state = load_state(Campaign.objects.get(slug="demo-campaign")).state
    assert [a.name for a in state.armies.values()] == ["Red Host", "Restless Legion"]
    assert len(state.missions) == 2 and not any(m.open for m in state.missions)
    units = [u for a in state.armies.values() for u in a.units.values()]
    assert any(state.params.level(u.xp) >= 1 and u.traits for u in units)
    assert any(u.hero and u.injuries for u in units)
    assert authenticate(username="demo-rival", password="muster-demo") is not None
