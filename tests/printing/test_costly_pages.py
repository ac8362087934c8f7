"""Costly pages anyone may ask for are kept by content and limited by what they cost (docs/deploying.md, "What the
site does against hostile clients"): a shared list's page and its roster PDF, asked again, are served without
checking or rendering the list again, as is a report of /api/check for the same file; and each address and user
may spend COST_LIMITS seconds of the server's time a minute on them, then gets 429 (armylists/ops/ratelimit.py)."""
from __future__ import annotations

import copy
import json

import pytest
from django.urls import reverse

from armylists.builder.views import share
from armylists.checking import views as check_views
from armylists.ops import ratelimit
from armylists.ops.timelimit import RequestCut
from armylists.printing import views as printing_views
from armylists.web.near import NearCache
from factions.importer import import_document
from factions.schemas import parse_faction_file

from .conftest import FACTIONS, LISTS

pytestmark = pytest.mark.django_db


@pytest.fixture
def counted(monkeypatch):
    """Counts calls to a module's function, by name: counted(module, "name") -> the list of calls."""
    def count(module, name: str) -> list:
        calls, real = [], getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, **k: calls.append(a) or real(*a, **k))
        return calls

    return count


def test_a_shared_page_asked_again_is_served_from_the_cache_until_the_list_or_its_data_changes(
        client, make_army_list, counted):
    army_list = make_army_list(shared=True)
    renders = counted(share, "_shared_context")
    url = reverse("builder:shared-list", args=[army_list.share_token])
    first, second = client.get(url), client.get(url)
    assert first.status_code == second.status_code == 200 and len(renders) == 1
    assert first.content.decode().count("Ash Vanguard") == second.content.decode().count("Ash Vanguard") > 0
    document = copy.deepcopy(army_list.document)
    document["name"] = "Renamed Vanguard"
    army_list.document, army_list.name = document, "Renamed Vanguard"
    army_list.save()
    assert "Renamed Vanguard" in client.get(url).content.decode() and len(renders) == 2
    import_document(parse_faction_file(FACTIONS["aof-regiments"]))  # the unit data has a new version
    client.get(url)
    assert len(renders) == 3


def test_a_shared_page_from_the_cache_still_carries_the_readers_own_page_around_it(
        client, make_army_list, make_user):
    army_list = make_army_list(shared=True)
    url = reverse("builder:shared-list", args=[army_list.share_token])
    client.get(url)
    client.force_login(make_user("reader"))
    assert "reader" in client.get(url).content.decode()  # their own menu, around the kept content


def test_a_shared_roster_asked_again_is_found_without_checking_the_list_again(client, make_army_list, counted):
    army_list = make_army_list(shared=True)
    checks = counted(printing_views, "printing_of")
    url = reverse("printing:shared-pdf", args=[army_list.share_token])
    assert client.get(url).status_code == 200 and len(checks) == 1
    again = client.get(url)
    assert again.status_code == 200 and again.content.startswith(b"%PDF") and len(checks) == 1


def test_the_same_file_sent_to_the_check_api_is_answered_from_the_cache_until_the_data_changes(
        client, factions, counted):
    checks = counted(check_views, "check_document")
    body = json.dumps(LISTS["aof-regiments"])
    first = client.post("/api/check", body, content_type="application/json")
    second = client.post("/api/check", body, content_type="application/json")
    assert first.status_code == second.status_code == 200 and first.json() == second.json()
    assert len(checks) == 1
    import_document(parse_faction_file(FACTIONS["aof-regiments"]))
    client.post("/api/check", body, content_type="application/json")
    assert len(checks) == 2


def test_past_its_share_of_the_servers_time_an_address_gets_429_on_costly_pages_only(
        client, make_army_list, settings, monkeypatch):
    settings.COST_LIMITS = {"user": 15, "address": 2}
    army_list = make_army_list(shared=True)
    url = reverse("builder:shared-list", args=[army_list.share_token])
    ticks = iter(range(0, 10_000, 1))  # each costly request takes a second of the server's time
    monkeypatch.setattr(ratelimit, "timer", lambda: next(ticks))
    assert [client.get(url).status_code for _ in range(3)] == [200, 200, 429]
    refused = client.get(reverse("printing:shared-pdf", args=[army_list.share_token]))
    assert refused.status_code == 429 and int(refused["Retry-After"]) <= ratelimit.longest_wait(60)
    assert client.get(reverse("home")).status_code == 200  # its cheap pages go on
    assert client.post("/api/check", "{}", content_type="application/json").status_code == 429


def test_a_costly_request_cut_for_time_is_charged_on_a_fresh_connection(rf, monkeypatch, db):
    """A cut can land mid-query and leave the connection unusable (armylists/ops/timelimit.py): the charge is
    made after the connection is dropped, never on the broken one, so the cut request still counts."""
    dropped = []
    monkeypatch.setattr(ratelimit, "drop_connections", lambda: dropped.append(1))
    ticks = iter([0, 2])
    monkeypatch.setattr(ratelimit, "timer", lambda: next(ticks))

    @ratelimit.cost_limited
    def cut_view(request):
        request.cut_for_time = True
        raise RequestCut()

    request = rf.get("/lists/shared/token/", REMOTE_ADDR="203.0.113.9")
    with pytest.raises(RequestCut):
        cut_view(request)
    assert dropped == [1]
    assert ratelimit.spent(request) == {"address": 2000, "anonymous": 2000}


def test_a_shared_page_read_again_in_the_same_process_skips_the_databases_cache(client, make_army_list, counted):
    army_list = make_army_list(shared=True)
    url = reverse("builder:shared-list", args=[army_list.share_token])
    client.get(url)
    reads = counted(share.cache, "get")
    assert client.get(url).status_code == 200 and not [key for key, *_ in reads if key.startswith("shared-page:")]


def test_the_near_cache_keeps_the_newest_within_its_bytes():
    near = NearCache(max_bytes=10)
    near.set("a", "aaaa")
    near.set("b", "bbbb")
    assert near.get("a") == "aaaa"  # now the newest
    near.set("c", "cccc")  # 12 bytes: the oldest, b, goes
    assert (near.get("a"), near.get("b"), near.get("c")) == ("aaaa", None, "cccc") and near.used == 8
    near.set("huge", "x" * 11)  # larger than the whole: never kept, nothing else lost
    assert near.get("huge") is None and near.used == 8
