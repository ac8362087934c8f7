"""Before the lists are published a player sees no other player's faction: not on the standings page, nor in
their CSV or PDF, nor in a round's pairings sheets. The organisers always do, and everyone once the lists are
published (docs/events.md, "Who sees what")."""
from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from armylists.events import services as event_services
from armylists.events.models import Event
from armylists.tournament import day

from .conftest import LEGAL, client_for

pytestmark = pytest.mark.django_db

# LEGAL and ILLEGAL are Kingdom lists (tests/events/conftest.py): every player's faction reads so.
FACTION = "Kingdom"


def url(name, event, *args):
    return reverse(f"tournament:{name}", args=[event.slug, *args])


def shown(client, event) -> dict[str, str]:
    """What each of the standings' page, CSV and PDF shows this client, and the round's pairings sheets."""
    return {"page": client.get(url("standings", event)).text,
            "csv": client.get(url("standings-csv", event)).text,
            "pdf": PdfReader(io.BytesIO(client.get(url("standings-pdf", event)).content)).pages[0].extract_text(),
            "pairings csv": client.get(url("round-csv", event, 1)).text,
            "pairings pdf": PdfReader(io.BytesIO(client.get(url("round-pdf", event, 1)).content)).pages[0]
            .extract_text()}


@pytest.fixture
def paired(ready, organiser):
    event = ready(4)
    day.pair_next_round(event=event, by=organiser)
    return event


def test_before_publication_a_player_sees_no_faction_and_the_organisers_see_every_one(paired, organiser):
    player = client_for(paired.players.first().user)
    for where, text in shown(player, paired).items():
        assert FACTION not in text and "faction" not in text.lower().replace("factions are shown", ""), where
        assert "Ada" in text, where  # the sheet is there, with its players
    assert "factions are shown once the lists are published" in player.get(url("standings", paired)).text
    header = next(csv.reader(io.StringIO(player.get(url("standings-csv", paired)).text)))
    assert header == ["rank", "player", "VP", "destruction points", "played", "opponents", "notes"]
    for where, text in shown(client_for(organiser), paired).items():
        assert FACTION in text, where


def test_while_the_event_is_open_a_player_with_a_list_sees_no_other_faction(make_event, organiser, players):
    """Before the lock, a player changing their list must not see whom they face."""
    event = make_event()
    for user, name in zip(players, ("Ada", "Bram"), strict=True):
        player = event_services.join_event(event=event, user=user, display_name=name)
        event_services.submit(player=player, data=dict(LEGAL))
    page = client_for(players[0]).get(url("standings", event))
    assert page.status_code == 200 and "Bram" in page.text and FACTION not in page.text
    assert FACTION not in client_for(players[0]).get(url("standings-csv", event)).text
    assert FACTION in client_for(organiser).get(url("standings", event)).text


def test_once_published_everyone_sees_every_faction(paired, organiser, client):
    event_services.change_state(event=paired, to=Event.State.PUBLISHED, by=organiser)
    for where, text in shown(client_for(paired.players.first().user), paired).items():
        assert FACTION in text, where
    assert FACTION in client.get(url("standings", paired)).text  # a visitor, on the public standings
    assert FACTION in client.get(url("standings-csv", paired)).text
