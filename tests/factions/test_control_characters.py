"""A NUL character, or any control character in a name, is bad input at every way a faction file or an
Army Forge book comes in: the commands exit 2 naming the field, the admin page says so, nothing is
written, and PostgreSQL never sees it (docs/faction-file.md, "Bounds")."""
from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError

from factions.models import Faction

from .armyforge_book import book
from .test_faction_bounds import OPR, UNIT, changed, refusal

pytestmark = pytest.mark.django_db


def refused_by_the_command(tmp_path, capsys, data, *options) -> str:
    path = tmp_path / "file.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CommandError) as refused:
        call_command("import_factions", *options, str(path))
    assert refused.value.returncode == 2
    return capsys.readouterr().err.strip().removeprefix(f"Refused {path}: ")


def test_import_factions_refuses_a_nul_in_a_factions_name_naming_it(tmp_path, capsys):
    data = changed(OPR, ["factions", 0, "name"], "River\x00Kingdom")
    assert refused_by_the_command(tmp_path, capsys, data) == "factions[0].name: must not contain a NUL character"
    assert not Faction.objects.exists()


def test_import_factions_refuses_a_nul_in_an_army_forge_books_name_naming_it(tmp_path, capsys):
    data = book(name="Riverfolk\x00Leagues")
    message = refused_by_the_command(tmp_path, capsys, data, "--army-forge", "aof-regiments")
    assert message == "name: must not contain a NUL character"
    assert not Faction.objects.exists()


def test_the_admin_upload_of_a_book_with_a_nul_in_its_name_shows_why_and_writes_nothing(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("librarian", "l@example.com", "a-long-password"))
    file = SimpleUploadedFile("riverfolk.json", json.dumps(book(name="Riverfolk\x00Leagues")).encode())
    page = client.post("/admin/factions/faction/army-forge/", {"game": "aof-regiments", "book": file})
    assert page.status_code == 400
    assert "riverfolk.json: name: must not contain a NUL character" in page.content.decode()
    assert not Faction.objects.exists()


@pytest.mark.parametrize("where, value, message", [
    ([*UNIT, "name"], "Infantry\nmen", "factions[0].units[0].name: must be one line"),
    ([*UNIT, "name"], "Infantry\tmen", "factions[0].units[0].name: must not contain a tab"),
    ([*UNIT, "options", 0, "name"], "Spe\x1bars", "factions[0].units[0].options[0].name: must not contain a "
                                                  "control character"),
    ([*UNIT, "notes"], "Two\nlines\x07", "factions[0].units[0].notes: must not contain a control character"),
    ([*UNIT, "stats"], {"attack": "7\x00"}, "factions[0].units[0].stats.attack: must not contain a NUL character"),
    ([*UNIT, "stats"], {"att\x00ck": 7}, "factions[0].units[0].stats: its keys must not contain a NUL character"),
])
def test_a_name_is_one_line_and_no_string_holds_a_nul_wherever_it_is(tmp_path, where, value, message):
    assert refusal(tmp_path, changed(OPR, where, value)) == message
    assert not Faction.objects.exists()

