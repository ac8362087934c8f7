"""Every URL in the URLconf says who may use it, and that is tested: a URL added without saying so fails here.

The URLs are walked from `get_resolver()`, so nothing is left out by hand. Each
one is declared in WHO with the method it answers and one of:

  anyone   no account needed; an anonymous request is answered, never sent to log in
  account  an anonymous visitor is sent to log in (pages that hold no one else's data)
  owner    an anonymous visitor is sent to log in, and another player's account gets a 404
  token    a share link: a wrong token, or a list no longer shared, is a 404 for everybody
  staff    the admin: anyone who is not staff is sent to the admin's login page
  auth     Django's own account pages (log in, log out, passwords): answered, never a server error

The detailed tests of each area (tests/builder/test_permissions.py, tests/printing/test_views.py)
check what each one shows; this one makes sure none is forgotten.
"""
from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from . import factories

pytestmark = pytest.mark.django_db

WHO: dict[str, tuple[str, str]] = {
    "home": ("anyone", "get"),
    "factions:game-detail": ("anyone", "get"),
    "factions:faction-detail": ("anyone", "get"),
    "factions:unit-detail": ("anyone", "get"),
    "checking:api-check": ("anyone", "post"),
    "signup": ("anyone", "get"),
    "login": ("auth", "get"),
    "logout": ("auth", "post"),
    "password_change": ("account", "get"),
    "password_change_done": ("account", "get"),
    "password_reset": ("auth", "get"),
    "password_reset_done": ("auth", "get"),
    "password_reset_confirm": ("auth", "get"),
    "password_reset_complete": ("auth", "get"),
    "builder:lists": ("account", "get"),
    "builder:list-create": ("account", "get"),
    "builder:list-import": ("account", "get"),
    "builder:list-detail": ("owner", "get"),
    "builder:list-rename": ("owner", "post"),
    "builder:list-duplicate": ("owner", "post"),
    "builder:list-delete": ("owner", "post"),
    "builder:list-settings": ("owner", "post"),
    "builder:list-command-cards": ("owner", "post"),
    "builder:list-export": ("owner", "get"),
    "builder:list-text": ("owner", "get"),
    "builder:list-share": ("owner", "post"),
    "builder:list-entry-add": ("owner", "post"),
    "builder:list-entry-update": ("owner", "post"),
    "builder:list-entry-remove": ("owner", "post"),
    "builder:list-entry-duplicate": ("owner", "post"),
    "builder:list-entry-move": ("owner", "post"),
    "builder:list-entry-form": ("owner", "get"),
    "builder:list-undo": ("owner", "post"),
    "builder:shared-list": ("token", "get"),
    "builder:shared-list-export": ("token", "get"),
    "printing:list-pdf": ("owner", "get"),
    "printing:list-preview": ("owner", "get"),
    "printing:shared-pdf": ("token", "get"),
    # Campaigns are their members' (tests/campaigns/test_permissions.py): like an owner's list, anonymous
    # visitors log in first and everybody else gets a 404. An invitation with a wrong token is a 404 too.
    "campaigns:campaign-index": ("account", "get"),
    "campaigns:campaign-create": ("account", "get"),
    "campaigns:campaign-join": ("owner", "get"),
    **{f"campaigns:{name}": ("owner", "get") for name in (
        "campaign-detail", "campaign-export", "campaign-log", "army-create", "army-detail", "army-manage",
        "army-sheet-pdf", "campaign-sheets-pdf", "blank-sheet-pdf", "campaign-summary-pdf", "mission-create",
        "mission-detail", "post-battle")},
    **{f"campaigns:{name}": ("owner", "post") for name in (
        "campaign-invite-renew", "campaign-undo", "army-adjust", "upgrade-buy", "upgrade-sell", "unit-recruit",
        "army-disband", "unit-rename", "unit-notes", "unit-disband", "unit-traits", "unit-status", "mission-result",
        "mission-event")},
    # Events are their organisers' and players' (tests/events/test_permissions.py): anonymous visitors log
    # in first and a stranger gets a 404, a private event's pages and a wrong invitation alike.
    "events:index": ("account", "get"),
    "events:create": ("account", "get"),
    "events:join": ("owner", "get"),
    **{f"events:{name}": ("owner", "get") for name in (
        "detail", "edit", "submission", "submission-pdf", "submission-as-sent", "dashboard", "recheck", "export-csv",
        "pack-status", "pack-download")},
    **{f"events:{name}": ("owner", "post") for name in (
        "state", "invite-renew", "organiser-add", "organiser-answer", "organiser-remove", "player-rename",
        "submit-list", "submit-file",
        "submission-note", "pack-start")},
    # The tournament day (tests/tournament/test_views.py): the event's organisers' and players'; the standings
    # are public once the event is published, and before that sent to log in like the rest.
    **{f"tournament:{name}": ("owner", "get") for name in (
        "day", "opponent-roster", "round", "round-csv", "round-pdf", "standings", "standings-csv", "standings-pdf")},
    **{f"tournament:{name}": ("owner", "post") for name in (
        "scoring", "pair", "drop", "undrop", "late", "late-answer", "late-withdraw", "enter", "confirm", "correct",
        "swap", "move", "sideboards")},
    # Seasons (tests/seasons/test_views.py): their organisers'; the page and its files are public once published,
    # and before that sent to log in like the events' pages.
    "seasons:create": ("account", "get"),
    **{f"seasons:{name}": ("owner", "get") for name in ("detail", "edit", "standings-csv", "standings-pdf")},
    **{f"seasons:{name}": ("owner", "post") for name in (
        "publish", "organiser-add", "organiser-answer", "organiser-remove")},
}
# Every URL under the admin is the admin's, named or not.
STAFF_PREFIX = "admin/"


def url_patterns(patterns=None, prefix: str = "", namespace: str = ""):
    """(route, name) of every URL pattern, names qualified by their namespaces."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            inner = ":".join(n for n in (namespace, pattern.namespace) if n)
            yield from url_patterns(pattern.url_patterns, prefix + str(pattern.pattern), inner)
        elif isinstance(pattern, URLPattern):
            name = ":".join(n for n in (namespace, pattern.name) if n) if pattern.name else None
            yield prefix + str(pattern.pattern), name


ALL = sorted(url_patterns(), key=lambda p: p[0])
DECLARED = [(route, name) for route, name in ALL if not route.startswith(STAFF_PREFIX)]
STAFF = [route for route, _ in ALL if route.startswith(STAFF_PREFIX)]


def test_every_url_declares_who_may_use_it():
    undeclared = [route for route, name in DECLARED if name not in WHO]
    assert undeclared == [], "add these URLs to WHO"
    assert sorted(set(WHO) - {name for _, name in DECLARED}) == [], "WHO names URLs that no longer exist"
    assert STAFF, "the admin is mounted under /admin/"


@pytest.fixture
def army_list(django_user_model):
    factories.make_faction(factories.kingdom())
    owner = django_user_model.objects.create_user("owner", password="pw-owner-123")
    return factories.make_list(owner, factories.list_file("aof-regiments", {"unit": "infantry"}, points_limit=1500))


def url_of(name: str, army_list) -> str:
    """The URL with arguments that exist: the list, its first entry, its share token, real slugs."""
    values = {"pk": army_list.pk, "entry_id": "e1", "token": army_list.share_token, "game": "aof-regiments",
              "faction": "kingdom", "unit": "infantry", "uidb64": "MQ", "slug": "a-campaign", "key": "a1",
              "number": 1}
    if name.startswith("password_reset"):
        values["token"] = "set-password"
    route = next(route for route, n in DECLARED if n == name)
    return reverse(name, kwargs={k: values[k] for k in re.findall(r"<(?:\w+:)?(\w+)>", route)})


def ask(client: Client, method: str, url: str):
    return getattr(client, method)(url, {})


def sent_to_log_in(response, login: str = "/accounts/login/") -> bool:
    return response.status_code == 302 and response["Location"].startswith(login)


@pytest.mark.parametrize("name", sorted(WHO))
def test_each_url_lets_in_only_whom_it_declares(name, army_list, client, django_user_model):
    who, method = WHO[name]
    url = url_of(name, army_list)
    stranger = Client()
    stranger.force_login(django_user_model.objects.create_user("stranger", password="pw-stranger-123"))
    anonymous = ask(client, method, url)
    if who == "anyone":
        assert not sent_to_log_in(anonymous) and anonymous.status_code < 500, anonymous.status_code
    elif who == "account":
        assert sent_to_log_in(anonymous)
        assert ask(stranger, method, url).status_code == 200
    elif who == "owner":
        assert sent_to_log_in(anonymous)
        assert ask(stranger, method, url).status_code == 404
    elif who == "token":
        assert anonymous.status_code == 404  # the list is not shared
        assert ask(client, method, url.replace(army_list.share_token, "not-a-token")).status_code == 404
    elif who == "auth":
        assert anonymous.status_code in (200, 302), anonymous.status_code
    else:
        pytest.fail(f"unknown kind of access {who!r}")


@pytest.mark.parametrize("route", STAFF)
def test_every_admin_url_is_for_staff_only(route, client, django_user_model):
    path = "/" + re.sub(r"\(\?P<\w+>[^)]*\)\$?|<(?:\w+:)?\w+>", "1", route).replace("^", "")
    player = Client()
    player.force_login(django_user_model.objects.create_user("player", password="pw-player-123"))
    for visitor in (client, player):
        response = visitor.get(path)
        if path in ("/admin/login/", "/admin/logout/"):
            assert response.status_code in (200, 302, 405)
            continue
        assert response.status_code == 302 and response["Location"].startswith("/admin/login/"), (path, response)
