"""What grows with a campaign's log: the whole log and the campaign file are read as plain values, and the
army page shows the newest of its points bank (docs/campaigns.md, "How it is kept"). Their time at 20,000
actions is measured by tests/bench_campaign.py."""
from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.models.signals import post_init
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from armylists.campaigns import services
from armylists.campaigns.models import Action
from armylists.campaigns.snapshots import load_state
from armylists.campaigns.transfer import export_campaign
from armylists.campaigns.views import armies as army_pages

from .conftest import recruit_after_a_mission

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(armies, players, aof):
    """A mission played, Merlin recruited and a note with quotes, a backslash, a new line and non-ASCII."""
    recruit_after_a_mission(armies, players, aof, "Merlin «le Sage»")
    services.perform(campaign=armies, actor=players["alice"], kind="set-notes",
                     data={"army": "a1", "unit": "u1", "notes": 'Held the "bridge" \\ twice\nÜber 🐉 – ok'})
    return armies


def test_the_whole_log_and_the_file_make_no_object_per_action_and_the_log_reads_no_dice(played, client_for):
    """An Action object per action, with its data and dice, cost most of these downloads' time."""
    made = []

    def count(sender, **kwargs):
        made.append(sender)

    post_init.connect(count, sender=Action)
    try:
        with CaptureQueriesContext(connection) as queries:
            log = client_for("bob").get(reverse("campaigns:campaign-log", args=[played.slug]))
        file = client_for("bob").get(reverse("campaigns:campaign-export", args=[played.slug]))
    finally:
        post_init.disconnect(count, sender=Action)
    assert log.status_code == file.status_code == 200
    assert len(log.content.decode().splitlines()) == len(json.loads(file.content)["actions"]) == played.actions.count()
    assert made == []
    columns = [f'"{Action._meta.db_table}"."{name}"' for name in ("payload", "rolls", "choices")]
    assert not [q["sql"] for q in queries.captured_queries if any(c in q["sql"] for c in columns)]


def test_the_file_is_the_documented_indented_json_byte_for_byte(played, client_for, tmp_path):
    """docs/campaigns.md, "The campaign file": UTF-8, indented by 2, as the standard library writes it."""
    expected = (json.dumps(export_campaign(played), indent=2, ensure_ascii=False) + "\n").encode()
    assert "Über 🐉".encode() in expected
    assert client_for("bob").get(reverse("campaigns:campaign-export", args=[played.slug])).content == expected
    written, out = tmp_path / "file.json", io.StringIO()
    call_command("export_campaign", played.slug, "-o", str(written), stdout=io.StringIO())
    call_command("export_campaign", played.slug, stdout=out)
    assert written.read_bytes() == out.getvalue().encode() == expected


def test_the_army_page_shows_the_newest_of_its_points_bank_and_how_many_there_are(played, client_for,
                                                                                    monkeypatch):
    monkeypatch.setattr(army_pages, "LEDGER_SHOWN", 2)
    html = client_for("bob").get(reverse("campaigns:army-detail", args=[played.slug, "a1"])).content.decode()
    ledger = html.split('data-testid="ledger"')[1].split("</table>")[0]
    numbers = [int(cell.split("<")[0]) for cell in ledger.split('data-label="Action">#')[1:]]
    recruit = played.actions.get(kind="recruit").number
    assert numbers[0] == recruit and len(numbers) == 2 and numbers[1] < recruit
    assert f"The 2 newest of {len(load_state(played).state.armies['a1'].ledger)} entries" in html
