"""A book imported again (docs/faction-file.md, "Army Forge books", "Once or again"): every change of its texts
(rule descriptions, spells, its version) is written and said; nothing frozen is touched, so a submission's roster
keeps the texts and the book version it was frozen with; its page offers the organisers the Army Forge list file
as it was sent. The book is made up for the tests, in Army Forge's shape."""
from __future__ import annotations

import datetime as dt
import json

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from armylists.events import services as events
from armylists.events.models import Submission
from armylists.events.pack import submission_sheet
from factions.models import Faction, GameSystem
from tests import factories

from .armyforge_book import book
from .test_armyforge_lists import army_forge_list, unit

pytestmark = pytest.mark.django_db
NEW_WORDS = "Made-up words, changed: this unit now walks through fog."


def import_book(tmp_path, data, *flags):
    path = tmp_path / "book.json"
    path.write_text(json.dumps(data))
    call_command("import_factions", "--army-forge", "aof-regiments", str(path), *flags)


def texts_changed():
    data = book(versionString="3.5.3")
    data["specialRules"][0]["description"] = NEW_WORDS
    data["spells"][0]["effect"] = "Pick one friendly unit within 18\"."
    return data


def test_a_book_whose_texts_alone_changed_is_written_and_says_what_changed(tmp_path, capsys):
    import_book(tmp_path, book())
    capsys.readouterr()
    import_book(tmp_path, texts_changed())
    out = capsys.readouterr().out
    assert "Unchanged" not in out and "Imported" in out
    assert "Rule texts changed: Mistwalker" in out and "Spells changed: Mist Veil" in out
    assert "Army Forge book version: 3.5.2 -> 3.5.3" in out
    faction = Faction.objects.get(slug="riverfolk-leagues")
    assert {t["name"]: t["text"] for t in faction.rule_texts}["Mistwalker"] == NEW_WORDS
    assert faction.details["spells"][0]["text"] == "Pick one friendly unit within 18\"."
    assert faction.details["army_forge"]["version"] == "3.5.3"


def test_with_yes_too_and_a_second_time_unchanged(tmp_path, capsys):
    import_book(tmp_path, book())
    import_book(tmp_path, texts_changed(), "--yes")
    assert {t["name"]: t["text"] for t in Faction.objects.get().rule_texts}["Mistwalker"] == NEW_WORDS
    capsys.readouterr()
    import_book(tmp_path, texts_changed(), "--yes")
    assert "Unchanged" in capsys.readouterr().out


def test_a_removed_rule_text_is_said_and_gone(tmp_path, capsys):
    import_book(tmp_path, book())
    data = book()
    data["specialRules"].pop(0)
    capsys.readouterr()
    import_book(tmp_path, data)
    assert "Rule texts changed: Mistwalker" in capsys.readouterr().out
    assert "Mistwalker" not in {t["name"] for t in Faction.objects.get().rule_texts}


@pytest.fixture
def submitted(tmp_path, django_user_model):
    import_book(tmp_path, book())
    organiser, ada = (django_user_model.objects.create_user(name) for name in ("olga", "ada"))
    soon = timezone.now() + dt.timedelta(days=30)
    event = factories.make_event(organiser, GameSystem.objects.get(slug="aof-regiments"), starts_at=soon,
                                 deadline=soon - dt.timedelta(days=1))
    player = events.join_event(event=event, user=ada, display_name="Ada")
    data = army_forge_list(unit("s1", "uSage"), unit("s2", "uOars"))
    return events.submit(player=player, data=data), data


def test_a_frozen_submission_keeps_its_texts_and_its_book_version_after_the_book_changes(submitted, tmp_path):
    submission, _ = submitted
    before = submission_sheet(submission, submission.player.event)
    frozen = Submission.objects.get(pk=submission.pk).library
    assert before.editions.endswith("army book: Army Forge 3.5.2")  # as the list's own roster says
    import_book(tmp_path, texts_changed())
    assert Submission.objects.get(pk=submission.pk).library == frozen
    after = submission_sheet(Submission.objects.get(pk=submission.pk), submission.player.event)
    assert after.editions == before.editions
    assert {t.name: t.description for t in after.glossary}["Mistwalker"] == (
        "Made-up words: this unit walks through mist.")
    assert [s.value for s in after.spells][0] == "Pick one friendly unit within 12\"."


def test_the_submission_page_offers_the_organisers_the_army_forge_file_as_sent(submitted, client,
                                                                                django_user_model):
    submission, data = submitted
    event = submission.player.event
    page = reverse("events:submission", args=[event.slug, submission.pk])
    sent = reverse("events:submission-as-sent", args=[event.slug, submission.pk])
    client.force_login(django_user_model.objects.get(username="olga"))
    assert sent in client.get(page).content.decode()
    response = client.get(sent)
    assert response.status_code == 200 and json.loads(response.content) == data
    assert response["Content-Disposition"].startswith("attachment;")
    client.force_login(django_user_model.objects.get(username="ada"))  # the player who sent it: not for her
    assert sent not in client.get(page).content.decode()
    assert client.get(sent).status_code == 403


def test_a_submission_of_musters_own_list_has_no_file_as_sent(submitted, client, django_user_model):
    submission, _ = submitted
    event = submission.player.event
    own = events.submit(player=submission.player, data={
        "format": "armylists/list@1", "game": "aof-regiments", "faction": "riverfolk-leagues", "points_limit": 1000,
        "entries": [{"id": "e1", "unit": "reed-sage"}]})
    client.force_login(django_user_model.objects.get(username="olga"))
    assert client.get(reverse("events:submission-as-sent", args=[event.slug, own.pk])).status_code == 404
    assert "as-sent" not in client.get(reverse("events:submission", args=[event.slug, own.pk])).content.decode()
