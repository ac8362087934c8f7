"""Two tabs on the same list never lose a change: each edit is applied to the latest stored list,
independent edits merge, and an edit that no longer applies is refused with a message."""
from __future__ import annotations

import json

import pytest
from django.db.models import F
from django.urls import reverse

from armylists.builder import edits, services
from armylists.builder.controls import entry_state
from armylists.builder.models import ArmyList
from armylists.builder.services import Refused
from armylists.checking.library import library_of
from armylists.games.registry import game_home

from .conftest import htmx

pytestmark = pytest.mark.django_db


def stored(army_list) -> dict:
    return ArmyList.objects.get(pk=army_list.pk).document


class Tab:
    """A browser tab: it keeps the entry forms as the page showed them when it was loaded."""

    def __init__(self, client, army_list):
        self.client, self.army_list = client, army_list
        own = game_home(army_list.game.slug).files.entry_fields
        self.entries = {e["id"]: entry_state(e, own) for e in stored(army_list)["entries"]}

    def edit(self, entry_id: str, **changes):
        was = self.entries[entry_id]
        data = {"was": json.dumps(was), "name": was["name"]}
        data |= {f"option-{slug}": str(n) for slug, n in was["options"].items() if slug != "spears"}
        data |= changes
        return htmx(self.client, reverse("builder:list-entry-update", args=[self.army_list.pk, entry_id]), data)

    def post(self, name: str, data: dict, *args):
        return htmx(self.client, reverse(f"builder:{name}", args=[self.army_list.pk, *args]), data)


def test_option_changes_from_two_tabs_to_one_entry_both_stay(alice, make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    first, second = Tab(alice, army_list), Tab(alice, army_list)
    first.edit("e1", **{"option-banner": "on"})
    second.edit("e1", **{"option-veteran": "2"})
    assert stored(army_list)["entries"][0]["options"] == ["banner", "veteran", "veteran"]


def test_a_rename_in_one_tab_survives_an_option_change_in_the_other(alice, make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    first, second = Tab(alice, army_list), Tab(alice, army_list)
    first.edit("e1", name="Blue Company")
    body = second.edit("e1", **{"group-weapons": "spears"}).content.decode()
    assert stored(army_list)["entries"][0] == {"id": "e1", "unit": "infantry", "name": "Blue Company",
                                               "options": ["spears"]}
    assert "Blue Company" in body, "the answer shows the latest list, with the other tab's change"


def test_the_later_choice_in_a_pick_one_group_wins(alice, make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    first, second = Tab(alice, army_list), Tab(alice, army_list)
    first.edit("e1", **{"group-weapons": "spears"})
    second.edit("e1", **{"group-weapons": "halberds"})
    assert stored(army_list)["entries"][0]["options"] == ["halberds"]


def test_adding_in_two_tabs_keeps_both_entries_with_their_own_ids(alice, make_list):
    army_list = make_list("aof-regiments")
    first, second = Tab(alice, army_list), Tab(alice, army_list)
    first.post("list-entry-add", {"unit": "knights"})
    second.post("list-entry-add", {"unit": "captain"})
    assert stored(army_list)["entries"] == [{"id": "e1", "unit": "knights"}, {"id": "e2", "unit": "captain"}]


def test_editing_an_entry_the_other_tab_removed_is_refused_with_a_message(alice, make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"}, {"unit": "knights"})
    first, second = Tab(alice, army_list), Tab(alice, army_list)
    first.post("list-entry-remove", {}, "e2")
    version = ArmyList.objects.get(pk=army_list.pk).version
    response = second.edit("e2", name="Ghost")
    body = response.content.decode()
    assert response.status_code == 200 and 'data-testid="notice"' in body
    assert "Entry “e2” is no longer in this list" in body and 'id="entry-e2"' not in body
    assert ArmyList.objects.get(pk=army_list.pk).version == version
    assert stored(army_list)["entries"] == [{"id": "e1", "unit": "infantry"}]
    assert "no longer in this list" in second.post("list-entry-remove", {}, "e2").content.decode()
    assert "no longer in this list" in second.post("list-entry-duplicate", {}, "e2").content.decode()


def test_settings_changed_in_two_tabs_merge(alice, make_list):
    army_list = make_list("aof-regiments", points_limit=1500)
    was = json.dumps({"points_limit": 1500, "force_organisation": True, "mixed_armies": "free"})
    form = {"was": was, "points_limit": "1500", "force_organisation": "on", "mixed_armies": "free"}
    Tab(alice, army_list).post("list-settings", {**form, "points_limit": "2000"})
    Tab(alice, army_list).post("list-settings", {**form, "mixed_armies": "tournament"})
    document = stored(army_list)
    assert document["points_limit"] == 2000 and document["mixed_armies"] == "tournament"


def test_command_cards_from_two_tabs_merge(alice, make_list):
    army_list = make_list("diskwars", {"unit": "general"})
    Tab(alice, army_list).post("list-command-cards", {"was": "[]", "cards": ["steady"]})
    Tab(alice, army_list).post("list-command-cards", {"was": "[]", "cards": ["hold"]})
    assert sorted(stored(army_list)["command_cards"]) == ["hold", "steady"]


def test_a_write_that_slips_in_during_an_edit_is_never_overwritten(make_list, monkeypatch):
    """The version is compared when saving: were the row changed after it was read, nothing is written."""
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    add = edits.add_entry

    def add_while_someone_else_writes(document, entry):
        ArmyList.objects.filter(pk=army_list.pk).update(version=F("version") + 1)
        return add(document, entry)

    monkeypatch.setattr(edits, "add_entry", add_while_someone_else_writes)
    with pytest.raises(Refused, match="try again"):
        services.add_entry(army_list=army_list, library=library_of(army_list.game), unit="knights")
    assert stored(army_list)["entries"] == [{"id": "e1", "unit": "infantry"}]


def test_an_edit_that_loses_the_race_is_applied_again_to_the_other_tabs_save(make_list, monkeypatch):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    add, raced = edits.add_entry, []

    def add_while_the_other_tab_renames(document, entry):
        if not raced:  # the other tab saves between this edit's read and its write, once
            raced.append(True)
            services.rename_list(army_list=ArmyList.objects.get(pk=army_list.pk), library=library_of(army_list.game),
                                 name="Renamed elsewhere")
        return add(document, entry)

    monkeypatch.setattr(edits, "add_entry", add_while_the_other_tab_renames)
    services.add_entry(army_list=army_list, library=library_of(army_list.game), unit="knights")
    saved = stored(army_list)
    assert saved["name"] == "Renamed elsewhere"
    assert [e["unit"] for e in saved["entries"]] == ["infantry", "knights"]
