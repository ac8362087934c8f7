"""A list file's bad input said two ways (docs/checking.md, "Bad input"): `checklist` and POST /api/check name its
JSON path, which a person editing the file or a program needs; a page (the builder's import, an event's file
submission) names the place in words of the list's entries, and never a JSON path or a command."""
from __future__ import annotations

import datetime as dt
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from armylists.boundary.inwords import page_sentence
from armylists.builder.models import ArmyList
from armylists.events import services as events
from armylists.events.models import Submission
from factions.models import GameSystem
from tests import factories

from .conftest import list_file

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("data", "command_line", "on_page"), [
    (list_file(entries=[{"id": "e1"}]), "entries[0].unit: is required", "the list's first entry: its unit is required"),
    (list_file(entries=[{"id": "e1", "unit": "infantry"}, {"id": "e2", "unit": "infantry", "options": ["wings"]}]),
     "entries[1].options[0]: no option 'wings' on unit 'infantry'",
     "the list's second entry, its first option: no option 'wings' on unit 'infantry'"),
    (list_file(entries=[{"id": "e1", "unit": "infantry"}, {"id": "e1", "unit": "captain"}]),
     "entries[1].id: 'e1' is used by an earlier entry", "the list's second entry, its id: 'e1' is used by an earlier "
                                                        "entry"),
    (list_file(points_limit="many"), "points_limit: must be an integer", "the list's points limit must be an integer"),
])
def test_checklist_and_the_api_name_the_path_and_a_page_says_it_in_words(kingdom, tmp_path, capsys, client,
                                                                         django_user_model, data, command_line,
                                                                         on_page):
    path = tmp_path / "list.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SystemExit) as status:
        call_command("checklist", str(path), "--json")
    assert status.value.code == 2 and json.loads(capsys.readouterr().out)["error"] == f"{path}: {command_line}"
    response = client.post("/api/check", data=json.dumps(data), content_type="application/json")
    assert response.status_code == 400 and response.json() == {"error": command_line}

    organiser, ada = (django_user_model.objects.create_user(name) for name in ("olga", "ada"))
    soon = timezone.now() + dt.timedelta(days=30)
    event = factories.make_event(organiser, GameSystem.objects.get(slug="aof-regiments"), starts_at=soon,
                                 deadline=soon - dt.timedelta(days=1), settings={"points_limit": 1500})
    events.join_event(event=event, user=ada, display_name="Ada")
    client.force_login(ada)
    raw = json.dumps(data).encode()
    page = client.post(reverse("builder:list-import"),
                       {"file": SimpleUploadedFile("raid.json", raw, content_type="application/json")})
    assert page.context["form"].errors["file"] == [f"This list file cannot be used: {on_page}"]
    submitted = client.post(reverse("events:submit-file", args=[event.slug]),
                            {"file": SimpleUploadedFile("raid.json", raw, content_type="application/json")},
                            follow=True)
    assert [str(m) for m in submitted.context["messages"]] == [f"Nothing was submitted: {on_page}"]
    assert not ArmyList.objects.exists() and not Submission.objects.exists()
    assert "entries[" not in on_page and "points_limit" not in on_page and "manage.py" not in on_page


@pytest.mark.parametrize(("path", "message", "said"), [
    ("", "not valid JSON (Expecting value: line 1 column 1 (char 0))",
     "not valid JSON (Expecting value: line 1 column 1 (char 0))"),
    ("format", 'must be "armylists/list@1"', 'the list\'s format must be "armylists/list@1"'),
    ("game", "no game 'chess'; expected one of aof-regiments", "the list's game: no game 'chess'; expected one of "
                                                               "aof-regiments"),
    ("entries[11]", "nests more than 20 levels deep", "the list's 12th entry nests more than 20 levels deep"),
    ("units[0].selectedUpgrades[1].option.uid", "the option's uid must be a string",
     "the list's first unit, its second upgrade: the option's uid must be a string"),
    ("entries[21].options[2]", "no option 'x' on unit 'y'",
     "the list's 22nd entry, its third option: no option 'x' on unit 'y'"),
])
def test_a_json_path_is_said_in_words(path, message, said):
    assert page_sentence(path, message) == said
