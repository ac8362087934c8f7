"""A campaign import reads through the bounded reader, replays once and writes in a few statements; a
campaign's pages read its state from a snapshot that is rebuilt from the log when missing or stale
(docs/campaigns.md, "How it is kept" and "The campaign file")."""
from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from armylists.campaigns import services
from armylists.campaigns.models import Campaign, Snapshot
from armylists.campaigns.snapshots import load_state
from armylists.campaigns.transfer import export_campaign, import_campaign
from armylists.rules import campaign as engine

pytestmark = pytest.mark.django_db


def with_notes(document: dict, count: int) -> dict:
    """The file with `count` more notes on Red Host's first unit, each an action of the log."""
    at = document["actions"][-1]["at"]
    notes = [{"kind": "set-notes", "actor": "alice", "at": at, "data": {"army": "a1", "unit": "u1", "notes": f"n{i}"},
              "rolls": {}, "choices": {}} for i in range(count)]
    return {**document, "actions": document["actions"] + notes}


def run_import(path, *args) -> tuple[int, str]:
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("import_campaign", str(path), *args, stderr=err, stdout=io.StringIO())
    return exit_.value.code, err.getvalue()


def test_deep_nesting_is_refused_with_exit_2_naming_where(armies, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"actions": ' + "[" * 100_000 + "]" * 100_000 + "}")
    code, message = run_import(path, "--as", "copy")
    assert code == 2
    assert "nests more than 20 levels deep" in message and "actions" in message
    assert not Campaign.objects.filter(slug="copy").exists()


def test_a_number_of_5001_digits_is_refused_with_exit_2_naming_its_path(armies, tmp_path):
    document = export_campaign(armies)
    text = json.dumps(document).replace('"length": [', '"length": [' + "9" * 5001 + ", ", 1)
    path = tmp_path / "long.json"
    path.write_text(text)
    code, message = run_import(path, "--as", "copy")
    assert code == 2
    assert "actions[0].rolls.length[0]" in message


def test_a_file_over_the_campaign_files_size_is_refused(armies, tmp_path, settings, monkeypatch):
    monkeypatch.setattr("armylists.campaigns.management.commands.import_campaign.MAX_FILE_BYTES", 100)
    path = tmp_path / "big.json"
    path.write_text(json.dumps(export_campaign(armies)))
    code, message = run_import(path, "--as", "copy")
    assert code == 2 and "must be at most 100 bytes" in message


@pytest.mark.parametrize("field, value, message", [
    ("name", "Border\x00Wars", "name: must not contain a NUL character"),
    ("name", "Border\nWars", "name: must be one line"),
])
def test_a_nul_or_a_line_break_in_the_campaigns_name_is_refused_with_exit_2_naming_it(armies, tmp_path, field,
                                                                                       value, message):
    path = tmp_path / "named.json"
    path.write_text(json.dumps({**export_campaign(armies), field: value}))
    code, said = run_import(path, "--as", "copy")
    assert code == 2 and said.strip() == f"BAD INPUT {path}: {message}"
    assert not Campaign.objects.filter(slug="copy").exists()


def test_a_nul_in_an_armys_notes_is_refused_naming_the_action(armies, tmp_path):
    document = export_campaign(armies)
    path = tmp_path / "notes.json"
    path.write_text(json.dumps(with_notes(document, 1)).replace('"n0"', '"n\\u0000"'))
    code, said = run_import(path, "--as", "copy")
    last = len(document["actions"])
    assert code == 2 and f"actions[{last}].data.notes: must not contain a NUL character" in said
    assert not Campaign.objects.filter(slug="copy").exists()

def test_an_import_writes_in_the_same_few_statements_whatever_the_length_of_its_log(armies):
    """Linear time: the log is replayed once in memory and written in bulk, not action by action."""
    document = export_campaign(armies)
    counts = []
    for number, extra in enumerate((5, 300)):
        with CaptureQueriesContext(connection) as queries:
            import_campaign(with_notes(document, extra), slug=f"copy-{number}")
        counts.append(len(queries))
    # 295 more actions cost a few more batches of the bulk writes, never a statement (or a replay) each.
    assert counts[0] < 30 and counts[1] - counts[0] < 10
    assert load_state(Campaign.objects.get(slug="copy-1")).state.armies["a1"].units["u1"].notes == "n299"


def test_a_page_reads_the_snapshot_and_does_not_replay_the_log(armies, players, monkeypatch):
    services.perform(campaign=armies, actor=players["alice"], kind="set-notes",
                     data={"army": "a1", "unit": "u1", "notes": "Held the bridge"})

    def no_replay(*args, **kwargs):
        raise AssertionError("the log was replayed although its snapshot is up to date")

    monkeypatch.setattr("armylists.campaigns.snapshots.replay", no_replay)
    assert load_state(armies).state.armies["a1"].units["u1"].notes == "Held the bridge"


@pytest.mark.parametrize("make_stale", [
    lambda campaign: Snapshot.objects.filter(campaign=campaign).delete(),
    lambda campaign: Snapshot.objects.filter(campaign=campaign).update(key="0" * 64),
    lambda campaign: Campaign.objects.filter(pk=campaign.pk).update(overrides={"loss_points": 200}),
])
def test_a_missing_or_stale_snapshot_is_rebuilt_from_the_log(armies, make_stale):
    before = load_state(armies).state
    make_stale(armies)
    campaign = Campaign.objects.get(pk=armies.pk)
    calls = []
    real = engine.replay

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("armylists.campaigns.snapshots.replay", counting)
        rebuilt = load_state(campaign).state
        load_state(campaign)  # the rebuilt snapshot is used from now on
    assert calls == [1]
    assert rebuilt.armies == before.armies


def test_the_log_on_the_page_reads_the_summaries_kept_with_the_actions(armies, client_for):
    page = client_for("bob").get(reverse("campaigns:campaign-detail", args=[armies.slug]))
    assert "Blue Host joins the campaign with 7 units" in page.content.decode()
