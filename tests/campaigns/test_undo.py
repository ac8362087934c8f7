"""The game master undoes the log's last action as a correction logged after it: the log stays append-only,
the state goes back to before the action, the bank's ledger keeps the entries and their reversal, and a
campaign file carrying an undo replays the same (docs/campaigns.md, "Corrections and undo")."""
from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from armylists.campaigns import services
from armylists.campaigns.models import Action, CampaignUnit, LedgerEntry, Snapshot
from armylists.campaigns.snapshots import load_state
from armylists.campaigns.transfer import export_campaign, import_campaign
from armylists.rules.campaign import Refused

from .conftest import new_unit, recruit_after_a_mission

pytestmark = pytest.mark.django_db


@pytest.fixture
def recruited(armies, players, aof):
    """Red Host has played a mission and recruited Merlin (95 points from its bank)."""
    recruit_after_a_mission(armies, players, aof, "Merlin")
    return armies


def undo(campaign, actor, reason="entered by mistake"):
    number = campaign.actions.count()
    return services.perform(campaign=campaign, actor=actor, kind="undo", data={"number": number, "reason": reason})


def test_an_undo_goes_back_to_the_state_before_the_last_action_and_keeps_it_in_the_log(recruited, players):
    before = load_state(recruited).state
    army_before = before.armies["a1"]
    count = recruited.actions.count()
    recruit_row = recruited.actions.get(number=count)
    undo(recruited, players["alice"])
    after = load_state(recruited).state
    assert "u15" not in after.armies["a1"].units
    assert after.armies["a1"].bank == army_before.bank + 95
    assert recruited.actions.count() == count + 1  # append-only: the recruit is still in the log
    assert Action.objects.get(pk=recruit_row.pk).kind == "recruit"
    assert not CampaignUnit.objects.get(army__campaign=recruited, key="u15").active
    amounts = list(LedgerEntry.objects.filter(army__key="a1", army__campaign=recruited)
                   .order_by("pk").values_list("amount", flat=True))
    assert amounts[-2:] == [-95, 95]  # the purchase and its reversal, both kept


def test_the_next_recruit_gets_a_new_unit_key_and_the_state_matches_a_full_replay(recruited, players, aof):
    undo(recruited, players["alice"])
    services.perform(campaign=recruited, actor=players["alice"], kind="recruit",
                     data={"army": "a1", "unit": new_unit(aof, "Morgana", "battle-wizard")})
    kept = load_state(recruited).state
    assert "u16" in kept.armies["a1"].units and "u15" not in kept.armies["a1"].units
    Snapshot.objects.filter(campaign=recruited).delete()
    assert load_state(recruited).state.armies == kept.armies


def test_an_undo_is_the_game_masters_and_never_of_an_undo_or_a_start(recruited, players):
    with pytest.raises(Refused, match="only the game master may make an undo"):
        undo(recruited, players["bob"])
    with pytest.raises(Refused, match=r"action 2 \(start army\) is not undone"):
        services.perform(campaign=recruited, actor=players["alice"], kind="undo",
                         data={"number": 2, "reason": "too late"})
    undo(recruited, players["alice"])
    with pytest.raises(Refused, match=r"\(undo\) is not undone"):
        undo(recruited, players["alice"])


def test_an_armys_start_is_not_undone(armies, players):
    with pytest.raises(Refused, match="an army's start is undone by disbanding the army"):
        undo(armies, players["alice"])


def test_a_campaign_file_with_an_undo_replays_the_same(recruited, players):
    undo(recruited, players["alice"])
    exported = export_campaign(recruited)
    assert exported["actions"][-1]["kind"] == "undo"
    copy = import_campaign(json.loads(json.dumps(exported)), slug="copy")
    assert load_state(copy).state.armies == load_state(recruited).state.armies


def test_the_undo_button_is_the_game_masters(recruited, client_for):
    page = reverse("campaigns:campaign-detail", args=[recruited.slug])
    assert 'data-testid="undo-last"' in client_for("alice").get(page).content.decode()
    assert 'data-testid="undo-last"' not in client_for("bob").get(page).content.decode()
    target = reverse("campaigns:campaign-undo", args=[recruited.slug])
    assert client_for("bob").post(target, {"reason": "mine"}).status_code == 403
    count = recruited.actions.count()
    response = client_for("alice").post(target, {"reason": "wrong army"}, follow=True)
    assert recruited.actions.count() == count + 1
    assert f"Action {count} is undone (wrong army)" in response.content.decode()


def test_the_whole_log_downloads_as_text(recruited, client_for):
    response = client_for("bob").get(reverse("campaigns:campaign-log", args=[recruited.slug]))
    text = response.content.decode()
    assert text.splitlines()[0].startswith("1. ") and "Merlin" in text.splitlines()[-1]
    assert len(text.splitlines()) == recruited.actions.count()


def test_an_undone_entry_is_marked_undone_in_the_armys_log_and_the_campaigns(recruited, players, client_for):
    count = recruited.actions.count()
    undo(recruited, players["alice"])
    for page in (reverse("campaigns:army-detail", args=[recruited.slug, "a1"]),
                 reverse("campaigns:campaign-detail", args=[recruited.slug])):
        html = client_for("bob").get(page).content.decode()
        marked = re.findall(r'<li value="(\d+)" class="undone" data-testid="undone">.*?</li>', html, re.S)
        assert marked == [str(count)], page
        assert f"<strong>undone</strong> (action {count + 1})" in html
