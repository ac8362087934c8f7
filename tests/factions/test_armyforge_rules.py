"""Army Forge's common rules in (docs/faction-file.md, "Army Forge's common rules"), with a made-up file in their
public shape: the core rules' texts books do not give, explained on rosters after a book's own."""
from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError

from factions.models import GameSystem

from .armyforge_rules import rules

pytestmark = pytest.mark.django_db
PAGE = "/admin/factions/faction/army-forge-rules/"


def write(tmp_path, data, name="common.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def texts(game="aof-skirmish"):
    return {t["name"]: t["text"] for t in GameSystem.objects.get(slug=game).rule_texts}


def test_the_rules_and_traits_come_in_at_once_and_say_how_many(tmp_path, capsys):
    call_command("import_factions", "--army-forge-rules", "aof-skirmish", write(tmp_path, rules()))
    out = capsys.readouterr().out
    assert "common.json: Age of Fantasy: Skirmish, 6 rule text(s)" in out
    assert texts()["Thrust"] == "Made-up words: a charging weapon strikes harder."
    assert texts()["Steady"] == "Made-up words: this unit does not run."
    assert "Blank Rule" not in texts()  # no description: nothing to explain it with
    assert texts("aof-regiments") == {}  # kept for the game it was imported for


def test_importing_again_replaces_the_texts_and_says_which_changed(tmp_path, capsys):
    call_command("import_factions", "--army-forge-rules", "aof-skirmish", write(tmp_path, rules()))
    changed = rules()
    changed["rules"][0]["description"] = "Made-up words: changed."
    del changed["rules"][1]
    capsys.readouterr()
    call_command("import_factions", "--army-forge-rules", "aof-skirmish", write(tmp_path, changed))
    out = capsys.readouterr().out
    assert "Texts replaced: Thrust" in out and "Rules no longer in the file: Bane" in out
    assert texts()["Thrust"] == "Made-up words: changed." and "Bane" not in texts()


@pytest.mark.parametrize("data, said", [
    ({"units": []}, "rules: is missing: this is not Army Forge's common rules file"),
    ([1, 2], "is missing: this is not Army Forge's common rules file"),
    (rules(rules=[{"id": "x", "name": "Thrust", "description": "x" * 5_001}]), "rules[0].description"),
    (rules(rules=[{"id": "x", "description": "words"}]), "rules[0].name"),
    (rules(rules=[{"id": str(i), "name": f"R{i}"} for i in range(2_001)]), "rules"),
])
def test_a_bad_file_is_refused_with_exit_2_naming_the_file_and_where_and_writes_nothing(tmp_path, capsys, data,
                                                                                          said):
    path = write(tmp_path, data)
    with pytest.raises(CommandError) as refused:
        call_command("import_factions", "--army-forge-rules", "aof-skirmish", path)
    assert refused.value.returncode == 2
    assert f"{path}: {said}" in capsys.readouterr().err
    assert texts() == {}


def test_a_file_over_the_size_bound_is_refused(tmp_path, capsys):
    path = tmp_path / "huge.json"
    path.write_text(" " * 10_000_001)
    with pytest.raises(CommandError):
        call_command("import_factions", "--army-forge-rules", "aof-skirmish", str(path))
    assert "must be at most 10,000,000 bytes" in capsys.readouterr().err


@pytest.fixture
def staff(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("librarian", "l@example.com", "a-long-password-1"))
    return client


def upload(client, data):
    file = SimpleUploadedFile("common.json", json.dumps(data).encode(), content_type="application/json")
    return client.post(PAGE, {"game": "aof-regiments", "rules": file})


def test_staff_import_them_beside_the_book_upload(staff):
    assert PAGE in staff.get("/admin/factions/faction/army-forge/").content.decode()
    page = upload(staff, rules())
    assert page.status_code == 200 and "6 rule texts" in page.content.decode()
    assert texts("aof-regiments")["Bane"] == "Made-up words: wounds from this are hard to shrug off."


def test_the_page_refuses_a_bad_file_naming_it_and_writes_nothing(staff):
    page = upload(staff, {"units": []})
    assert page.status_code == 400
    assert "common.json: rules: is missing: this is not Army Forge" in page.content.decode()
    assert texts("aof-regiments") == {}


def test_staff_without_the_right_to_change_factions_may_not_import_them(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("helper", password="a-long-password-1", is_staff=True))
    assert client.get(PAGE).status_code == 403
