"""Roster downloads: the owner's list, a shared list, and the HTML preview."""
from __future__ import annotations

import copy

import pytest
from django.urls import reverse

from .conftest import LISTS, pdf_text

pytestmark = pytest.mark.django_db


def test_the_owner_downloads_the_roster_as_a_pdf(client, make_army_list):
    army_list = make_army_list()
    client.force_login(army_list.owner)
    response = client.get(reverse("printing:list-pdf", args=[army_list.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    assert 'filename="ash-vanguard-a4.pdf"' in response["Content-Disposition"]


def test_the_paper_parameter_picks_us_letter(client, make_army_list):
    army_list = make_army_list()
    client.force_login(army_list.owner)
    response = client.get(reverse("printing:list-pdf", args=[army_list.pk]), {"paper": "letter"})
    assert response.status_code == 200 and "-letter.pdf" in response["Content-Disposition"]


def test_another_user_gets_404(client, make_army_list, make_user):
    army_list = make_army_list(shared=True)
    client.force_login(make_user("someone-else"))
    assert client.get(reverse("printing:list-pdf", args=[army_list.pk])).status_code == 404
    assert client.get(reverse("printing:list-preview", args=[army_list.pk])).status_code == 404


def test_an_anonymous_visitor_is_sent_to_log_in(client, make_army_list):
    army_list = make_army_list()
    response = client.get(reverse("printing:list-pdf", args=[army_list.pk]))
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_a_shared_list_prints_for_anyone_logged_out(client, make_army_list, make_user):
    army_list = make_army_list(owner=make_user("ashlord"), shared=True)
    response = client.get(reverse("printing:shared-pdf", args=[army_list.share_token]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf" and response.content.startswith(b"%PDF")


def test_an_unshared_list_or_an_unknown_token_gives_404(client, make_army_list):
    army_list = make_army_list(shared=False)
    assert client.get(reverse("printing:shared-pdf", args=[army_list.share_token])).status_code == 404
    assert client.get(reverse("printing:shared-pdf", args=["no-such-token"])).status_code == 404


def test_the_preview_is_the_roster_as_html_with_the_owner_as_player(client, make_army_list, make_user):
    army_list = make_army_list(owner=make_user("ashlord"))
    client.force_login(army_list.owner)
    response = client.get(reverse("printing:list-preview", args=[army_list.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<dd>ashlord</dd>" in html and "First Cohort" in html and "/static/printing/roster.css" in html


def test_the_preview_escapes_what_users_typed(client, make_army_list):
    document = copy.deepcopy(LISTS["aof-regiments"])
    document["name"] = "<script>alert(1)</script>"
    army_list = make_army_list(document=document)
    client.force_login(army_list.owner)
    html = client.get(reverse("printing:list-preview", args=[army_list.pk])).content.decode()
    assert "<script>alert(1)" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_a_list_whose_units_are_gone_cannot_be_printed_and_says_why(client, make_army_list):
    document = copy.deepcopy(LISTS["aof-regiments"])
    document["entries"][2]["unit"] = "retired-unit"
    army_list = make_army_list(document=document)
    client.force_login(army_list.owner)
    response = client.get(reverse("printing:list-pdf", args=[army_list.pk]))
    assert response.status_code == 409
    assert response["Content-Type"].startswith("text/plain")
    assert response.content.decode() == ("This list cannot be printed: the list's third entry, its unit: no unit "
                                         "'retired-unit' in faction 'kingdom'")


def test_an_unknown_paper_falls_back_to_a4(client, make_army_list):
    army_list = make_army_list()
    client.force_login(army_list.owner)
    response = client.get(reverse("printing:list-pdf", args=[army_list.pk]), {"paper": "tabloid"})
    assert response.status_code == 200 and "-a4.pdf" in response["Content-Disposition"]


def test_a_shared_roster_names_its_owner_only_when_they_chose_to(client, make_army_list, make_user, tmp_path):
    """A share link travels further than its owner: their username is printed only on request."""
    army_list = make_army_list(owner=make_user("ashlord"))
    client.force_login(army_list.owner)
    client.post(reverse("builder:list-share", args=[army_list.pk]), {"shared": "on"})
    army_list.refresh_from_db()
    client.logout()
    hidden = client.get(reverse("printing:shared-pdf", args=[army_list.share_token]))
    assert hidden.status_code == 200 and "ashlord" not in pdf_text(hidden.content, tmp_path)

    client.force_login(army_list.owner)
    client.post(reverse("builder:list-share", args=[army_list.pk]), {"shared": "on", "show_owner": "on"})
    army_list.refresh_from_db()
    client.logout()
    shown = client.get(reverse("printing:shared-pdf", args=[army_list.share_token]))
    assert "ashlord" in pdf_text(shown.content, tmp_path)
