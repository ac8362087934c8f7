"""The staff page that imports an Army Forge book: upload, then a report; a changed book only with its
changes confirmed; a bad file refused naming it and the JSON path (docs/faction-file.md, "Army Forge books")."""
from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from factions.models import Faction, Unit

from .armyforge_book import book

pytestmark = pytest.mark.django_db
URL = "/admin/factions/faction/army-forge/"


@pytest.fixture
def staff(client, django_user_model):
    user = django_user_model.objects.create_superuser("librarian", "l@example.com", "a-long-test-password")
    client.force_login(user)
    return client


def upload(client, data, **fields):
    file = SimpleUploadedFile("riverfolk.json", json.dumps(data).encode(), content_type="application/json")
    return client.post(URL, {"game": "aof-regiments", "book": file, **fields})


def test_a_first_upload_writes_and_reports_units_options_and_what_was_left_out(staff):
    page = upload(staff, book())
    text = page.content.decode()
    assert page.status_code == 200 and "Riverfolk Leagues (riverfolk-leagues): 3 units, 18 options" in text
    assert "Imported." in text and "Reed Sage: the effects of Caster, Mistwalker" in text
    assert Faction.objects.filter(slug="riverfolk-leagues").exists()


def test_a_changed_book_shows_its_changes_and_writes_only_when_told(staff):
    upload(staff, book())
    changed = book()
    changed["units"][1]["cost"] = 120
    text = upload(staff, changed).content.decode()
    assert "Costs changed: Oarsmen: 100 -&gt; 120 pts" in text and "Nothing was written" in text
    assert Unit.objects.get(slug="oarsmen").details["cost"] == 100
    assert "These changes were written" in upload(staff, changed, write_changes="on").content.decode()
    assert Unit.objects.get(slug="oarsmen").details["cost"] == 120


def test_a_file_that_is_not_a_book_is_refused_naming_it_and_the_path(staff):
    page = upload(staff, {"name": "Not a book"})
    assert page.status_code == 400
    assert "riverfolk.json: units: is missing: this is not an Army Forge army book" in page.content.decode()
    assert not Faction.objects.exists()


def test_staff_without_the_right_to_change_factions_may_not_import(client, django_user_model):
    user = django_user_model.objects.create_user("helper", password="a-long-test-password", is_staff=True)
    client.force_login(user)
    assert client.get(URL).status_code == 403


def test_the_faction_page_shows_the_books_spells_and_each_units_weapons(staff, client):
    upload(staff, book())
    page = client.get("/games/aof-regiments/riverfolk-leagues/").content.decode()
    assert 'data-testid="faction-spells"' in page and "Mist Veil" in page and "Tide Surge" in page
    assert "Weapons: 10x Hand Weapon (A1)" in page and "replaces Hand Weapons" in page
