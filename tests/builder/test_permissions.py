"""A list is its owner's: everybody else gets a 404, on every page and every edit; every POST needs CSRF."""
from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from armylists.builder.models import ArmyList

pytestmark = pytest.mark.django_db

# Every URL of one list: (name, method, whether the path names an entry, a plausible body).
LIST_URLS = [
    ("list-detail", "get", False, {}),
    ("list-rename", "post", False, {"name": "Mine now"}),
    ("list-duplicate", "post", False, {}),
    ("list-delete", "get", False, {}),
    ("list-delete", "post", False, {}),
    ("list-settings", "post", False, {"points_limit": "5"}),
    ("list-command-cards", "post", False, {"cards": ["steady"]}),
    ("list-export", "get", False, {}),
    ("list-text", "get", False, {}),
    ("list-share", "post", False, {"shared": "on"}),
    ("list-entry-add", "post", False, {"unit": "knights"}),
    ("list-entry-update", "post", True, {"name": "Stolen"}),
    ("list-entry-remove", "post", True, {}),
    ("list-entry-duplicate", "post", True, {}),
]


def url_of(name: str, army_list: ArmyList, with_entry: bool) -> str:
    return reverse(f"builder:{name}", args=[army_list.pk, "e1"] if with_entry else [army_list.pk])


@pytest.mark.parametrize("name, method, with_entry, data", LIST_URLS)
@pytest.mark.parametrize("htmx", [False, True])
def test_another_user_gets_a_404_and_changes_nothing(bob, make_list, name, method, with_entry, data, htmx):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    headers = {"HX-Request": "true"} if htmx else {}
    response = getattr(bob, method)(url_of(name, army_list, with_entry), data, headers=headers)
    assert response.status_code == 404
    stored = ArmyList.objects.get(pk=army_list.pk)
    assert ArmyList.objects.count() == 1
    assert (stored.version, stored.name, stored.shared) == (1, "Test list", False)


@pytest.mark.parametrize("name, method, with_entry, data", LIST_URLS)
def test_anonymous_users_are_sent_to_log_in(client, make_list, name, method, with_entry, data):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    response = getattr(client, method)(url_of(name, army_list, with_entry), data)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert ArmyList.objects.get(pk=army_list.pk).version == 1


@pytest.mark.parametrize("name", ["lists", "list-create", "list-import"])
def test_pages_without_a_list_need_an_account_too(client, name):
    response = client.get(reverse(f"builder:{name}"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_the_owner_reaches_every_page(alice, make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    for name, method, with_entry, _ in LIST_URLS:
        if method == "get":
            assert alice.get(url_of(name, army_list, with_entry)).status_code == 200, name


def test_a_post_without_the_csrf_token_is_refused(user, make_list):
    army_list = make_list("aof-regiments")
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    url = reverse("builder:list-entry-add", args=[army_list.pk])
    assert client.post(url, {"unit": "knights"}, headers={"HX-Request": "true"}).status_code == 403
    assert ArmyList.objects.get(pk=army_list.pk).document["entries"] == []

    client.get(reverse("builder:list-detail", args=[army_list.pk]))  # sets the CSRF cookie, as the page does
    token = client.cookies["csrftoken"].value
    response = client.post(url, {"unit": "knights"}, headers={"HX-Request": "true", "X-CSRFToken": token})
    assert response.status_code == 200
    assert ArmyList.objects.get(pk=army_list.pk).document["entries"] == [{"id": "e1", "unit": "knights"}]


def test_get_is_not_allowed_on_edit_endpoints(alice, make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    assert alice.get(reverse("builder:list-entry-add", args=[army_list.pk])).status_code == 405
