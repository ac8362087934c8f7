"""`seed_demo` gives a new site five games of factions and a demo player with example lists, once."""
import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from armylists.builder.models import ArmyList
from armylists.checking.check import check_document
from factions.models import Faction, Unit

pytestmark = pytest.mark.django_db


def counts() -> tuple[int, int, int]:
    return Faction.objects.count(), Unit.objects.count(), ArmyList.objects.count()


def test_running_seed_demo_twice_changes_nothing():
    call_command("seed_demo", verbosity=0)
    first = counts()
    call_command("seed_demo", verbosity=0)
    assert counts() == first
    assert first[0] >= 10 and first[2] == 10


def test_the_demo_player_can_log_in_and_owns_a_legal_and_an_illegal_list_per_game():
    call_command("seed_demo", verbosity=0)
    player = authenticate(username="demo", password="muster-demo")
    assert player is not None
    verdicts = {}
    for army_list in ArmyList.objects.filter(owner=player).select_related("game"):
        verdicts.setdefault(army_list.game.slug, []).append(check_document(army_list.document).report.legal)
    assert len(verdicts) == 5
    assert all(sorted(found) == [False, True] for found in verdicts.values())
