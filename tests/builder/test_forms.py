"""Entry forms turn a submission into only what the player changed, and check shape, never legality."""
from __future__ import annotations

import json
from collections import Counter

from armylists.builder.context import entry_controls
from armylists.builder.controls import entry_state, option_controls
from armylists.builder.forms import EntryForm
from armylists.games.registry import game_home
from armylists.rules.model import OptionGroup
from tests.engine_units import option, unit

INFANTRY = unit(
    "infantry", name="Infantry", faction="kingdom", models=10, cost=100,
    option_groups=(OptionGroup("weapons", "Weapons", 0, 1), OptionGroup("arms", "Arms", 1, 2)),
    options=(option("spears", 10, group="weapons", scope="all_models"), option("halberds", 15, group="weapons"),
             option("bows", 5, group="arms"), option("slings", 5, group="arms"),
             option("banner", 10, command="banner"), option("veteran", 5)),
)


def form(entry: dict, data: dict, game: str = "aof-regiments") -> EntryForm:
    document = {"entries": [entry, {"id": "e9", "unit": "knights"}]}
    was = entry_state(entry, game_home(game).files.entry_fields)
    return EntryForm({"was": json.dumps(was), **data}, home=game_home(game), unit=INFANTRY, entry=entry,
                     document=document)


def test_pick_one_groups_are_radios_other_groups_and_command_upgrades_checkboxes_the_rest_counts():
    kinds = [(c.kind, c.field) for c in option_controls(game_home("aof-regiments"), INFANTRY)]
    assert kinds == [("group", "group-weapons"), ("checkbox", "option-bows"), ("checkbox", "option-slings"),
                     ("checkbox", "option-banner"), ("count", "option-veteran")]


def test_dulce_bellum_options_are_taken_once():
    assert {c.kind for c in option_controls(game_home("dulce-bellum"), INFANTRY) if c.option} == {"checkbox"}


def test_an_unchanged_submission_changes_nothing():
    entry = {"id": "e1", "unit": "infantry", "name": "Blue", "options": ["spears", "veteran", "veteran"]}
    submitted = form(entry, {"name": "Blue", "group-weapons": "spears", "option-veteran": "2"})
    assert submitted.is_valid(), submitted.errors
    assert not submitted.changes()


def test_only_what_changed_is_sent_on():
    entry = {"id": "e1", "unit": "infantry", "options": ["spears", "veteran"]}
    submitted = form(entry, {"group-weapons": "halberds", "option-veteran": "3", "option-banner": "on",
                             "joined_to": "e9", "combined": "on"})
    assert submitted.is_valid(), submitted.errors
    changes = submitted.changes()
    assert changes.fields == {"combined": True, "joined_to": "e9"}
    assert changes.groups == {"weapons": "halberds"}
    assert changes.deltas == {"veteran": 2, "banner": 1}


def test_a_ticked_box_keeps_copies_already_taken_and_unticking_takes_them_all_away():
    entry = {"id": "e1", "unit": "infantry", "options": ["banner", "banner"]}
    ticked = form(entry, {"option-banner": "on"})
    assert ticked.is_valid() and not ticked.changes()
    unticked = form(entry, {})
    assert unticked.is_valid() and unticked.changes().deltas == {"banner": -2}


def test_an_option_or_entry_that_is_not_offered_is_a_form_error():
    entry = {"id": "e1", "unit": "infantry"}
    assert "group-weapons" in form(entry, {"group-weapons": "wings"}).errors
    assert "joined_to" in form(entry, {"joined_to": "e1"}).errors, "an entry cannot join itself"
    assert "joined_to" in form(entry, {"joined_to": "e404"}).errors
    assert "option-veteran" in form(entry, {"option-veteran": "-1"}).errors
    assert "option-veteran" in form(entry, {"option-veteran": "100"}).errors


def test_a_form_without_was_sets_what_it_posts():
    entry = {"id": "e1", "unit": "infantry", "options": ["veteran"]}
    submitted = EntryForm({"option-veteran": "3"}, home=game_home("aof-regiments"), unit=INFANTRY, entry=entry,
                          document={"entries": [entry]})
    assert submitted.is_valid() and submitted.changes().deltas == {"veteran": 2}


def test_a_was_that_is_not_an_object_is_refused():
    entry = {"id": "e1", "unit": "infantry"}
    submitted = EntryForm({"was": "[1, 2]"}, home=game_home("aof-regiments"), unit=INFANTRY, entry=entry,
                          document={"entries": [entry]})
    assert "was" in submitted.errors


def test_a_section_that_takes_several_options_keeps_its_heading_over_them():
    """An Army Forge "Upgrade with any" section: its checkboxes stand under its own heading, not loose below the
    section before it."""
    shown = entry_controls(game_home("aof-regiments"), INFANTRY, Counter())
    section = next(c for c in shown if c["kind"] == "section")
    assert section["label"] == "Arms" and [i["field"] for i in section["items"]] == [
        "option-bows", "option-slings"]
    assert [c["kind"] for c in shown] == ["group", "section", "checkbox", "count"]
    # What an option's cost buys, as its game says (an OPR upgrade for all models).
    assert [c["cost"] for c in shown[0]["choices"]] == ["+10 pts · all models", "+15 pts"]
