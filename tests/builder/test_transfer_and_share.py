"""Lists in and out: list files, plain text, and the read-only share link."""
from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from armylists.builder import services
from armylists.builder.models import ArmyList
from tests.factories import list_file

pytestmark = pytest.mark.django_db


def upload(data, name="list.json") -> SimpleUploadedFile:
    content = data if isinstance(data, bytes) else json.dumps(data).encode()
    return SimpleUploadedFile(name, content, content_type="application/json")


def test_a_downloaded_list_file_imports_back_as_the_same_list(alice, make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry", "options": ["spears", "banner"], "combined": True},
                          {"unit": "captain", "joined_to": "e1", "name": "Hans"}, name="Spring", points_limit=2000,
                          mixed_armies="tournament")
    response = alice.get(reverse("builder:list-export", args=[army_list.pk]))
    assert response["Content-Disposition"] == 'attachment; filename="spring.json"'
    exported = json.loads(response.content)
    assert exported["format"] == "armylists/list@1" and exported["name"] == "Spring"

    response = alice.post(reverse("builder:list-import"), {"file": upload(response.content, "spring.json")})
    copy = ArmyList.objects.exclude(pk=army_list.pk).get()
    assert response.status_code == 302 and response["Location"] == copy.get_absolute_url()
    # The copy is told apart from its original by its name (and its file keeps that name).
    assert copy.name == "Spring (imported)" and copy.document == {**army_list.document, "name": "Spring (imported)"}
    assert (copy.game, copy.faction) == (army_list.game, army_list.faction)


def test_an_imported_file_without_a_name_is_named_after_the_file(alice, games):
    data = list_file("battleground", {"id": "a", "unit": "militia"}, faction="hawkshold", points_limit=1500)
    alice.post(reverse("builder:list-import"), {"file": upload(data, "my-army.json")})
    assert ArmyList.objects.get().name == "my-army"


@pytest.mark.parametrize("content, message", [
    (b"{not json", "not valid JSON"),
    (list_file(points_limit="many"), "the list&#x27;s points limit must be an integer"),
    (list_file("aof-regiments", {"unit": "knigths"}, points_limit=100),
     "the list&#x27;s first entry, its unit: no unit &#x27;knigths&#x27;"),
    ({"format": "armylists/list@9"}, "the list&#x27;s format must be"),
])
def test_a_bad_list_file_is_rejected_in_words_and_nothing_is_written(alice, games, content, message):
    """A page names the fault's place in words, never its JSON path (docs/checking.md, "Bad input")."""
    response = alice.post(reverse("builder:list-import"), {"file": upload(content)})
    page = response.content.decode()
    assert response.status_code == 200 and f"This list file cannot be used: {message}" in page
    assert "entries[0]" not in page and "points_limit" not in page and not ArmyList.objects.exists()


def test_the_text_export_has_names_points_and_problems(alice, make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry", "options": ["spears", "veteran", "veteran"]},
                          {"unit": "captain", "joined_to": "e1", "name": "Hans"}, name="Spring", points_limit=150)
    text = alice.get(reverse("builder:list-text", args=[army_list.pk])).context["text"]
    assert text.startswith("Spring\nAge of Fantasy: Regiments — Kingdom\n180 / 150 points — NOT LEGAL\n")
    # Infantrymen 100 + spears 10 + two veterans 2 × 5 = 120; with the Captain's 60, 180
    assert "Infantrymen [10] — 120 pts\n    Spears, Veteran ×2\n" in text
    assert "Hans (Captain) (joined to Infantrymen) — 60 pts" in text
    assert "- error: 180 points is over the 150 point limit" in text


def test_the_text_export_of_a_diskwars_list_goes_by_regiment(alice, make_list):
    army_list = make_list("diskwars", {"unit": "general"}, {"unit": "swordsmen", "regiment": "e1"},
                          {"unit": "cannon"}, command_cards=["steady"], regiments=1)
    text = alice.get(reverse("builder:list-text", args=[army_list.pk])).context["text"]
    assert ("== Regiment of General (2 of 6 recruitment points used, 4 left)\n"
            "General — 6 recruitment points to spend\nSwordsmen — costs 2 recruitment points") in text
    assert "== Not in a regiment" in text and "Command cards: Steady Advance" in text


def test_the_share_link_works_logged_out_until_sharing_is_turned_off(alice, make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"}, name="Spring")
    old_url = reverse("builder:shared-list", args=[army_list.share_token])
    anonymous = Client()
    assert anonymous.get(old_url).status_code == 404

    response = alice.post(reverse("builder:list-share", args=[army_list.pk]), {"shared": "on"},
                          headers={"HX-Request": "true"})
    army_list.refresh_from_db()
    shared_url = reverse("builder:shared-list", args=[army_list.share_token])
    assert shared_url != old_url, "sharing gives a new link each time"
    assert shared_url in response.content.decode() and "<html" not in response.content.decode()
    page = anonymous.get(shared_url).content.decode()
    assert "Spring" in page and "Infantry" in page and 'data-testid="points">100<' in page
    assert 'data-testid="entry-remove"' not in page and 'name="was"' not in page
    file = anonymous.get(reverse("builder:shared-list-export", args=[army_list.share_token]))
    assert json.loads(file.content)["entries"] == [{"id": "e1", "unit": "infantry"}]

    alice.post(reverse("builder:list-share", args=[army_list.pk]), {"shared": "off"})
    assert anonymous.get(shared_url).status_code == 404
    assert anonymous.get(reverse("builder:shared-list-export", args=[army_list.share_token])).status_code == 404

    # Sharing again gives a new link: the one given out before stays dead.
    alice.post(reverse("builder:list-share", args=[army_list.pk]), {"shared": "on"})
    army_list.refresh_from_db()
    assert anonymous.get(shared_url).status_code == 404
    assert anonymous.get(reverse("builder:shared-list", args=[army_list.share_token])).status_code == 200


def test_a_wrong_token_is_a_404(client, make_list):
    army_list = make_list("aof-regiments")
    services.set_sharing(army_list=army_list, shared=True)
    assert client.get(reverse("builder:shared-list", args=["x" + army_list.share_token])).status_code == 404


@pytest.mark.parametrize("htmx", [True, False])
def test_a_share_form_that_is_neither_share_nor_stop_says_so_and_changes_nothing(alice, make_list, htmx):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    response = alice.post(reverse("builder:list-share", args=[army_list.pk]), {"shared": "maybe"},
                          headers={"HX-Request": "true"} if htmx else {}, follow=not htmx)
    assert "Choose Share or Stop sharing; nothing was changed." in response.content.decode()
    army_list.refresh_from_db()
    assert not army_list.shared


def test_the_share_page_explains_every_rule_the_list_names_once(alice, make_list):
    """Like the roster (AoF Regiments, Special Rules Reference): each rule, once, in Muster's words, or by name
    saying there is no description."""
    army_list = make_list("aof-regiments", {"unit": "captain"}, {"unit": "captain"}, name="Spring")
    services.set_sharing(army_list=army_list, shared=True, show_owner=False)
    page = Client().get(reverse("builder:shared-list", args=[army_list.share_token])).content.decode()
    section = page.split('data-testid="special-rules"')[1].split("</section>")[0]
    assert section.count("<strong>Hero:</strong>") == 1 and "<strong>Tough:</strong>" in section
