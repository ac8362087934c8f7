"""An edit checks the list once, after it, and its answer is drawn from that check and the page's shape
before it, kept from the last answer or the page itself (docs/architecture.md, "One edit, one way"):
the view never checks the page's old version again. A move checks the list before it too, as it finds
its neighbour in it."""
from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from armylists.builder.controls import entry_state
from armylists.builder.models import ArmyList
from armylists.checking import check as check_module
from armylists.games.registry import game_home

from .conftest import htmx

pytestmark = pytest.mark.django_db


def calls_counted(monkeypatch, module, name: str) -> list[int]:
    """`module.name` replaced by itself counting its calls, in the one-item list returned."""
    count = [0]
    real = getattr(module, name)

    def counted(*args, **kwargs):
        count[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return count


@pytest.fixture
def checks(monkeypatch):
    """How many times the engine checked a list (every check, whoever asks, goes through here)."""
    return calls_counted(monkeypatch, check_module, "check")


def _entry_form(army_list: ArmyList, entry_id: str) -> dict:
    entry = next(e for e in army_list.document["entries"] if e["id"] == entry_id)
    was = entry_state(entry, game_home(army_list.game.slug).files.entry_fields)
    return {"was": json.dumps(was), "name": "", "option-veteran": "1"}


EDITS = {
    "add": ("list-entry-add", None, lambda _: {"unit": "knights"}),
    "options": ("list-entry-update", "e2", lambda army_list: _entry_form(army_list, "e2")),
    "remove": ("list-entry-remove", "e1", lambda _: {}),
    "duplicate": ("list-entry-duplicate", "e1", lambda _: {}),
    "move up": ("list-entry-move", "e2", lambda _: {"direction": "up"}),
    "move down": ("list-entry-move", "e1", lambda _: {"direction": "down"}),
    "rename": ("list-rename", None, lambda _: {"name": "Renamed"}),
    "settings": ("list-settings", None, lambda army_list: {
        "was": json.dumps({"points_limit": 1500}), "points_limit": "2000", "force_organisation": "on",
        "mixed_armies": "free"}),
}


READS_BEFORE = {"move up", "move down"}  # the entry shown above or below, in the list before the edit


@pytest.mark.parametrize("edit", EDITS)
def test_an_edit_from_the_page_as_it_is_checks_the_list_once(alice, make_list, checks, edit):
    url_name, entry_id, data = EDITS[edit]
    army_list = make_list("aof-regiments", {"unit": "knights"}, {"unit": "infantry"})
    assert alice.get(army_list.get_absolute_url()).status_code == 200  # the page, as the player sees it
    args = [army_list.pk, entry_id] if entry_id else [army_list.pk]
    checks[0] = 0
    response = htmx(alice, reverse(f"builder:{url_name}", args=args),
                    {**data(army_list), "list_version": str(army_list.version)})
    assert response.status_code == 200 and ArmyList.objects.get(pk=army_list.pk).version == army_list.version + 1
    assert checks[0] == (2 if edit in READS_BEFORE else 1)


def test_an_edit_whose_page_is_not_kept_checks_the_page_it_showed_once_more(alice, make_list, checks):
    """Laid out again to compare with (another process drew it): that is the one more check."""
    army_list = make_list("aof-regiments", {"unit": "knights"}, {"unit": "infantry"})
    checks[0] = 0
    htmx(alice, reverse("builder:list-entry-remove", args=[army_list.pk, "e1"]), {"list_version": "1"})
    assert checks[0] == 2


def test_undo_checks_the_list_once(alice, make_list, checks):
    army_list = make_list("aof-regiments", {"unit": "knights"})
    htmx(alice, reverse("builder:list-entry-remove", args=[army_list.pk, "e1"]), {"list_version": "1"})
    checks[0] = 0
    htmx(alice, reverse("builder:list-undo", args=[army_list.pk]), {"list_version": "2"})
    assert ArmyList.objects.get(pk=army_list.pk).version == 3 and checks[0] == 1


def test_an_edit_from_a_stale_page_checks_no_more(alice, make_list, checks):
    """The whole list is sent back, drawn from the check after; the check before serves the move."""
    army_list = make_list("aof-regiments", {"unit": "knights"}, {"unit": "infantry"})
    htmx(alice, reverse("builder:list-entry-add", args=[army_list.pk]), {"unit": "knights", "list_version": "1"})
    checks[0] = 0
    body = htmx(alice, reverse("builder:list-entry-move", args=[army_list.pk, "e2"]),
                {"direction": "up", "list_version": "1"}).content.decode()
    assert 'data-testid="stale"' in body
    assert checks[0] == 2


@pytest.fixture
def layouts(monkeypatch):
    """How many times an edit laid out the page as it was before it, to compare with."""
    from armylists.builder.views import common

    return calls_counted(monkeypatch, common, "_context_at")


def test_the_next_edit_from_the_same_page_compares_with_the_page_the_last_one_drew(alice, make_list, layouts):
    """The page after an edit is saved with the list's version as the page before the next one, so whichever
    web process the next edit reaches does not lay it out again; the answer is the one a fresh layout gives
    (the same cards swapped in, in the same places)."""

    def two_adds(army_list, forget: bool) -> str:
        add = reverse("builder:list-entry-add", args=[army_list.pk])
        htmx(alice, add, {"unit": "knights", "list_version": "1"})
        assert ArmyList.objects.get(pk=army_list.pk).page_shape is not None
        if forget:
            ArmyList.objects.filter(pk=army_list.pk).update(page_shape=None)
        return htmx(alice, add, {"unit": "infantry", "list_version": "2"}).content.decode()

    kept = two_adds(make_list("aof-regiments", {"unit": "knights"}, {"unit": "infantry"}), forget=False)
    assert layouts[0] == 1  # only the page before the first edit was laid out
    fresh = two_adds(make_list("aof-regiments", {"unit": "knights"}, {"unit": "infantry"}), forget=True)
    assert layouts[0] == 3
    swaps = re.compile(r'hx-swap-oob="[^"]*"')
    assert swaps.findall(kept) == swaps.findall(fresh) and 'hx-swap-oob="afterend:#entry-e3"' in kept


def test_a_kept_page_is_not_used_once_the_unit_data_changed(alice, make_list, layouts):
    from factions.models import data_changed

    army_list = make_list("aof-regiments", {"unit": "knights"})
    add = reverse("builder:list-entry-add", args=[army_list.pk])
    htmx(alice, add, {"unit": "knights", "list_version": "1"})
    data_changed(army_list.game_id)
    htmx(alice, add, {"unit": "knights", "list_version": "2"})
    assert layouts[0] == 2


def test_the_first_edit_after_opening_the_page_compares_with_the_page_it_opened(alice, make_list, layouts):
    army_list = make_list("aof-regiments", {"unit": "knights"})
    assert alice.get(army_list.get_absolute_url()).status_code == 200
    htmx(alice, reverse("builder:list-entry-add", args=[army_list.pk]), {"unit": "knights", "list_version": "1"})
    assert layouts[0] == 0
