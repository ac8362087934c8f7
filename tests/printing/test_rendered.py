"""A roster is rendered once per content (armylists/printing/rendered.py); long ones by the worker;
its downloads are rate limited per user and per address (armylists/ops/ratelimit.py)."""
from __future__ import annotations

import copy
import html
import re

import pytest
from django.urls import reverse

from armylists.ops import ratelimit
from armylists.ops.state import state as markers
from armylists.printing import rendered
from armylists.printing.service import printing_of

from .conftest import LISTS

pytestmark = [pytest.mark.django_db, pytest.mark.redis]  # run again against Redis (.ci/run)
RELOAD = re.compile(r'http-equiv="refresh" content="\d+; url=([^"]+)"')


@pytest.fixture
def renders(monkeypatch):
    """Counts the PDFs actually rendered."""
    made = []
    real = rendered.roster_pdf

    def counting(sheet, paper):
        made.append(sheet.list_name)
        return real(sheet, paper)

    monkeypatch.setattr(rendered, "roster_pdf", counting)
    return made


def test_a_second_request_for_the_same_content_is_served_from_the_cache(client, make_army_list, renders):
    army_list = make_army_list(shared=True)
    url = reverse("printing:shared-pdf", args=[army_list.share_token])
    first, second = client.get(url), client.get(url)
    assert first.status_code == second.status_code == 200
    assert first.content == second.content and len(renders) == 1
    # Another paper, or the list changed, is other content: rendered anew.
    assert client.get(url, {"paper": "letter"}).status_code == 200 and len(renders) == 2
    document = copy.deepcopy(army_list.document)
    document["name"] = "Renamed"
    army_list.document = document
    army_list.save()
    assert client.get(url).status_code == 200 and len(renders) == 3


def test_the_owner_and_an_anonymous_reader_of_the_shared_link_get_their_own_roster(client, make_army_list, renders):
    army_list = make_army_list(shared=True, share_shows_owner=False)
    client.get(reverse("printing:shared-pdf", args=[army_list.share_token]))
    client.force_login(army_list.owner)
    client.get(reverse("printing:list-pdf", args=[army_list.pk]))
    assert len(renders) == 2  # one names the player, the other does not


def test_a_long_roster_is_rendered_by_the_worker_while_a_page_says_so(client, make_army_list, renders, settings):
    settings.ROSTER_INLINE_ENTRIES = 1
    army_list = make_army_list(document=LISTS["aof-regiments"])
    client.force_login(army_list.owner)
    url = reverse("printing:list-pdf", args=[army_list.pk])
    waiting = client.get(url)
    assert waiting.status_code == 202 and 'http-equiv="refresh"' in waiting.content.decode()
    assert "Preparing the roster" in waiting.content.decode()
    # The test suite runs tasks at once: the worker has rendered it, and the reload downloads it.
    assert renders == ["Ash Vanguard"]
    ready = client.get(url)
    assert ready.status_code == 200 and ready.content.startswith(b"%PDF") and len(renders) == 1


def test_asking_again_while_it_is_queued_joins_the_queued_rendering(client, make_army_list, settings, monkeypatch):
    settings.ROSTER_INLINE_ENTRIES = 1
    queued = []

    class Worker:  # a worker that has not got to it yet
        @staticmethod
        def using(queue_name, priority=0):
            return Worker

        @staticmethod
        def enqueue(*args):
            queued.append(args)

    monkeypatch.setattr("armylists.printing.views.render_list_roster", Worker)
    army_list = make_army_list()
    client.force_login(army_list.owner)
    url = reverse("printing:list-pdf", args=[army_list.pk])
    assert [client.get(url).status_code for _ in range(3)] == [202, 202, 202]
    assert len(queued) == 1


def test_a_rendering_that_failed_says_so_and_is_queued_again_a_minute_later(client, make_army_list, settings,
                                                                           monkeypatch):
    settings.ROSTER_INLINE_ENTRIES = 1
    monkeypatch.setattr(rendered, "roster_pdf", lambda sheet, paper: 1 / 0)  # the worker's rendering breaks
    army_list = make_army_list()
    client.force_login(army_list.owner)
    url = reverse("printing:list-pdf", args=[army_list.pk])
    assert client.get(url).status_code == 202  # the suite's worker runs the task at once, and it fails
    failed = client.get(url)
    assert failed.status_code == 503 and failed["Retry-After"] == str(rendered.FAILED_S)
    assert "could not be rendered" in failed.content.decode() and 'http-equiv="refresh"' not in failed.content.decode()
    markers.clear()  # a minute later: the failure is no longer said
    monkeypatch.undo()
    assert client.get(url).status_code == 202  # asked again: queued anew, and rendered this time
    assert client.get(url).status_code == 200


def test_roster_downloads_are_rate_limited_per_address_with_a_clear_page(client, make_army_list, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "roster-pdf": {"user": "100/m", "address": "3/m"}}
    army_list = make_army_list(shared=True)
    url = reverse("printing:shared-pdf", args=[army_list.share_token])
    assert [client.get(url).status_code for _ in range(3)] == [200, 200, 200]
    refused = client.get(url)
    assert refused.status_code == 429 and 0 < int(refused["Retry-After"]) <= ratelimit.longest_wait(60)
    assert "Too many requests" in refused.content.decode()
    assert client.get(url, REMOTE_ADDR="192.0.2.8").status_code == 200  # another address is not held up


def test_roster_downloads_are_rate_limited_per_user_whatever_the_address(client, make_army_list, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "roster-pdf": {"user": "2/m", "address": "100/m"}}
    army_list = make_army_list()
    client.force_login(army_list.owner)
    url = reverse("printing:list-pdf", args=[army_list.pk])
    codes = [client.get(url, REMOTE_ADDR=f"192.0.2.{n}").status_code for n in range(3)]
    assert codes == [200, 200, 429]


def test_the_waiting_page_reloads_by_the_pdfs_signed_key_without_checking_the_list_again(
        client, make_army_list, settings, monkeypatch, renders):
    """Its reloads cost a cache lookup: no check, no count against the rate limit (a player waits
    through a dozen of them), and they bring the PDF of the list as it was when printing was asked."""
    settings.ROSTER_INLINE_ENTRIES = 0
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "roster-pdf": {"user": "1/m", "address": "1/m"}}
    later = []
    monkeypatch.setattr("armylists.printing.views.render_list_roster", deferred(later))
    army_list = make_army_list()
    client.force_login(army_list.owner)
    url = reverse("printing:list-pdf", args=[army_list.pk])
    waiting = client.get(url, {"paper": "letter"})
    reload_url = html.unescape(RELOAD.search(waiting.content.decode()).group(1))
    checks = []
    monkeypatch.setattr("armylists.printing.views.printing_of", lambda *a: checks.append(a))
    assert [client.get(reload_url).status_code for _ in range(3)] == [202, 202, 202]  # not refused: not counted
    later[0]()  # the worker gets to it
    ready = client.get(reload_url)
    assert ready.status_code == 200 and ready.content.startswith(b"%PDF") and checks == []
    assert "letter" in ready["Content-Disposition"]


def test_a_reload_key_is_good_only_on_the_page_it_was_given_for(client, make_army_list, make_user, settings,
                                                                monkeypatch):
    settings.ROSTER_INLINE_ENTRIES = 0
    later = []
    monkeypatch.setattr("armylists.printing.views.render_list_roster", deferred(later))
    mine, theirs = make_army_list(), make_army_list(owner=make_user("someone-else"), shared=True)
    client.force_login(mine.owner)
    waiting = client.get(reverse("printing:list-pdf", args=[mine.pk]))
    key = html.unescape(RELOAD.search(waiting.content.decode()).group(1)).split("waiting=")[1]
    later[0]()
    # On another page the key is ignored: that page's own roster is asked for, and rate limited as usual.
    other = client.get(reverse("printing:shared-pdf", args=[theirs.share_token]), {"waiting": key})
    assert other.status_code == 202 and len(later) == 2
    # A key whose signature does not hold is ignored too: the list (renamed since) is checked and queued as usual,
    # not answered with the PDF the key names.
    checked = []
    monkeypatch.setattr("armylists.printing.views.printing_of", lambda *a: checked.append(a) or printing_of(*a))
    mine.document = {**mine.document, "name": "Renamed"}
    mine.save()
    forged = client.get(reverse("printing:list-pdf", args=[mine.pk]), {"waiting": key[:-2] + "xx"})
    assert forged.status_code == 202 and len(checked) == 1


class Queues:
    """A roster task that notes the queue each job would wait in, and runs nothing."""

    def __init__(self):
        self.names = []

    def using(self, queue_name, priority=0):
        self.names.append(queue_name)
        return self

    def enqueue(self, *args):
        pass


def long_list_document(entries: int) -> dict:
    document = copy.deepcopy(LISTS["aof-regiments"])
    unit = document["entries"][0]["unit"]
    document["entries"] = [{"id": f"e{n}", "unit": unit} for n in range(entries)]
    return document


@pytest.mark.parametrize(("entries", "queue"), [(60, "rosters"), (61, "default")])
def test_a_short_roster_goes_to_the_printer_and_a_long_one_to_the_worker(client, make_army_list, settings,
                                                                           monkeypatch, entries, queue):
    """A player's short roster never waits behind somebody's thousand entries (docs/deploying.md)."""
    settings.ROSTER_INLINE_ENTRIES = 0
    queues = Queues()
    monkeypatch.setattr("armylists.printing.views.render_list_roster", queues)
    army_list = make_army_list(document=long_list_document(entries))
    client.force_login(army_list.owner)
    assert client.get(reverse("printing:list-pdf", args=[army_list.pk])).status_code == 202
    assert queues.names == [queue]


def test_an_anonymous_readers_short_roster_waits_for_the_worker_not_the_printer(client, make_army_list, settings,
                                                                                 monkeypatch):
    """The printer renders at the players' priority; a crowd of anonymous readers takes only the cores the
    site leaves free (docs/deploying.md, "What runs")."""
    settings.ROSTER_INLINE_ENTRIES = 0
    queues = Queues()
    monkeypatch.setattr("armylists.printing.views.render_list_roster", queues)
    army_list = make_army_list(document=long_list_document(10), shared=True)
    assert client.get(reverse("printing:shared-pdf", args=[army_list.share_token])).status_code == 202
    client.force_login(army_list.owner)
    assert client.get(reverse("printing:list-pdf", args=[army_list.pk])).status_code == 202
    assert queues.names == ["default", "rosters"]


def deferred(later: list):
    """A task whose runs wait in `later` until the test runs them, as a busy worker would."""
    from armylists.printing.tasks import render_list_roster

    class Deferred:
        @staticmethod
        def using(queue_name, priority=0):
            return Deferred

        @staticmethod
        def enqueue(*args):
            later.append(lambda: render_list_roster.call(*args))

    return Deferred


def test_the_waiting_page_reloads_after_a_second_at_first_then_every_three():
    """A short roster takes the printer about a second; later reloads stay under the 5 s a kept-alive
    connection may idle, so a browser's reload never races the connection's closing."""
    assert [rendered.reload_after(s) for s in (0, 9.9, 10, 600)] == [1, 1, 3, 3]
