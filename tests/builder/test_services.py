"""The services are the only writers: each operation, edits from stale pages, and bad edits."""
from __future__ import annotations

import pytest

from armylists.builder import services
from armylists.builder.edits import EntryChanges
from armylists.builder.models import ArmyList
from armylists.builder.services import BadInput, Refused
from armylists.checking.library import library_of
from factions.models import Faction, GameSystem, data_changed
from tests.factories import list_file

pytestmark = pytest.mark.django_db


def fresh(army_list: ArmyList) -> ArmyList:
    """The list as stored now, as a second tab (or request) would load it."""
    return ArmyList.objects.select_related("game", "faction").get(pk=army_list.pk)


def entries(army_list: ArmyList) -> list[dict]:
    return fresh(army_list).document["entries"]


def test_create_list_stores_a_valid_list_file_with_the_game_settings(games, user):
    game = GameSystem.objects.get(slug="aof-regiments")
    faction = Faction.objects.get(game=game, slug="kingdom")
    army_list = services.create_list(owner=user, name="Spring", game=game, faction=faction,
                                     settings={"points_limit": 2000, "force_organisation": False,
                                               "mixed_armies": "tournament"})
    assert army_list.document == {"format": "armylists/list@1", "game": "aof-regiments", "faction": "kingdom",
                                  "name": "Spring", "points_limit": 2000, "entries": [],
                                  "force_organisation": False, "mixed_armies": "tournament"}


def test_create_list_refuses_a_faction_of_another_game_and_writes_nothing(games, user):
    game = GameSystem.objects.get(slug="aof-regiments")
    other = Faction.objects.get(slug="hawkshold")
    with pytest.raises(Refused):
        services.create_list(owner=user, name="X", game=game, faction=other, settings={"points_limit": 100})
    assert not ArmyList.objects.exists()


def test_create_list_refuses_a_bad_setting(games, user):
    game = GameSystem.objects.get(slug="battleground")
    faction = Faction.objects.get(slug="hawkshold")
    with pytest.raises(BadInput, match="command_cards"):
        services.create_list(owner=user, name="X", game=game, faction=faction,
                             settings={"points_limit": 1500, "command_cards": -1})
    assert not ArmyList.objects.exists()


def test_add_entry_appends_a_new_id_and_returns_the_check(make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    changed = services.add_entry(army_list=army_list, library=library_of(army_list.game), unit="captain")
    assert changed.entry_id == "e2"
    assert [e["unit"] for e in entries(army_list)] == ["infantry", "captain"]
    assert changed.checked.report.points == 160
    assert fresh(army_list).version == army_list.version == 2


def test_add_entry_takes_the_first_choice_of_a_group_that_must_be_chosen(make_list):
    army_list = make_list("aof-regiments")
    services.add_entry(army_list=army_list, library=library_of(army_list.game), unit="levies")
    assert entries(army_list) == [{"id": "e1", "unit": "levies", "options": ["bows"]}]


def test_add_entry_from_another_faction_records_the_faction(make_list):
    army_list = make_list("battleground")
    services.add_entry(army_list=army_list, library=library_of(army_list.game), unit="pikes", faction="freeblades")
    assert entries(army_list) == [{"id": "e1", "unit": "pikes", "faction": "freeblades"}]


def test_add_entry_of_an_unknown_unit_is_bad_input_and_writes_nothing(make_list):
    army_list = make_list("aof-regiments")
    with pytest.raises(BadInput, match="no unit 'dragon'"):
        services.add_entry(army_list=army_list, library=library_of(army_list.game), unit="dragon")
    assert entries(army_list) == [] and fresh(army_list).version == 1


def test_dulce_bellum_entries_get_a_size(make_list):
    army_list = make_list("dulce-bellum")
    services.add_entry(army_list=army_list, library=library_of(army_list.game), unit="militia")
    services.add_entry(army_list=army_list, library=library_of(army_list.game), unit="militia", size="company")
    assert [e["size"] for e in entries(army_list)] == ["squad", "company"]


def test_a_diskwars_troop_joins_the_last_heros_regiment(make_list):
    army_list = make_list("diskwars")
    services.add_entry(army_list=army_list, library=library_of(army_list.game), unit="swordsmen")
    services.add_entry(army_list=army_list, library=library_of(army_list.game), unit="general")
    services.add_entry(army_list=army_list, library=library_of(army_list.game), unit="swordsmen")
    assert entries(army_list) == [{"id": "e1", "unit": "swordsmen"}, {"id": "e2", "unit": "general"},
                                  {"id": "e3", "unit": "swordsmen", "regiment": "e2"}]


def test_remove_entry_unjoins_heroes_and_frees_troops(make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"}, {"unit": "captain", "joined_to": "e1"})
    services.remove_entry(army_list=army_list, library=library_of(army_list.game), entry_id="e1")
    assert entries(army_list) == [{"id": "e2", "unit": "captain"}]


def test_duplicate_entry_copies_it_after_the_original_without_its_join(make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry", "options": ["spears"]},
                          {"unit": "captain", "joined_to": "e1", "name": "Hans"}, {"unit": "knights"})
    changed = services.duplicate_entry(army_list=army_list, library=library_of(army_list.game), entry_id="e2")
    assert changed.entry_id == "e4"
    assert [e["id"] for e in entries(army_list)] == ["e1", "e2", "e4", "e3"]
    assert entries(army_list)[2] == {"id": "e4", "unit": "captain", "name": "Hans"}


def test_new_ids_are_never_those_of_entries_in_the_list(make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"}, {"unit": "knights"})
    services.remove_entry(army_list=army_list, library=library_of(army_list.game), entry_id="e1")
    services.add_entry(army_list=army_list, library=library_of(army_list.game), unit="captain")
    assert [e["id"] for e in entries(army_list)] == ["e2", "e3"]


def test_edit_entry_sets_fields_chooses_in_groups_and_counts_options(make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry", "options": ["spears", "veteran"]})
    changes = EntryChanges(fields={"name": "Blue", "combined": True}, groups={"weapons": "halberds"},
                           deltas={"veteran": 2, "banner": 1})
    changed = services.edit_entry(army_list=army_list, library=library_of(army_list.game),
                                  entry_id="e1", changes=changes)
    assert entries(army_list) == [{"id": "e1", "unit": "infantry", "name": "Blue", "combined": True,
                                   "options": ["halberds", "banner", "veteran", "veteran", "veteran"]}]
    # Combined Infantrymen 2 × 100 + halberds for all 20 models 2 × 15 + one banner 5 + three veterans 3 × 5
    assert changed.checked.report.points == 200 + 30 + 5 + 15


def test_edit_entry_clears_fields_and_takes_options_away(make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry", "name": "Blue", "options": ["spears", "veteran"]})
    changes = EntryChanges(fields={"name": ""}, groups={"weapons": None}, deltas={"veteran": -5})
    services.edit_entry(army_list=army_list, library=library_of(army_list.game), entry_id="e1", changes=changes)
    assert entries(army_list) == [{"id": "e1", "unit": "infantry"}]


def test_an_option_the_unit_does_not_have_is_refused_and_nothing_is_written(make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    with pytest.raises(BadInput, match="no option 'wings'"):
        services.edit_entry(army_list=army_list, library=library_of(army_list.game),
                            entry_id="e1", changes=EntryChanges(deltas={"wings": 1}))
    assert entries(army_list) == [{"id": "e1", "unit": "infantry"}] and fresh(army_list).version == 1


def test_a_field_of_another_game_is_refused(make_list):
    army_list = make_list("battleground", {"unit": "militia"})
    with pytest.raises(BadInput, match="combined"):
        services.edit_entry(army_list=army_list, library=library_of(army_list.game),
                            entry_id="e1", changes=EntryChanges(fields={"combined": True}))
    assert fresh(army_list).version == 1


def test_an_illegal_list_is_saved_and_reported(make_list):
    army_list = make_list("aof-regiments", points_limit=100)
    changed = services.add_entry(army_list=army_list, library=library_of(army_list.game), unit="knights")
    assert not changed.checked.report.legal
    assert "points-over-limit" in {v.code for v in changed.checked.report.violations}
    assert len(entries(army_list)) == 1


def test_change_settings_changes_only_what_is_given(make_list):
    army_list = make_list("aof-regiments", points_limit=1500, mixed_armies="tournament")
    services.change_settings(army_list=army_list, library=library_of(army_list.game), changes={"points_limit": 2000})
    document = fresh(army_list).document
    assert document["points_limit"] == 2000 and document["mixed_armies"] == "tournament"


def test_a_bad_setting_is_refused_and_nothing_is_written(make_list):
    army_list = make_list("aof-regiments")
    with pytest.raises(BadInput, match="points_limit"):
        services.change_settings(army_list=army_list, library=library_of(army_list.game), changes={"points_limit": 0})
    with pytest.raises(Refused):
        services.change_settings(army_list=army_list, library=library_of(army_list.game), changes={"owner": 3})
    assert fresh(army_list).document["points_limit"] == 1500 and fresh(army_list).version == 1


def test_command_cards_are_taken_and_given_back(make_list):
    army_list = make_list("diskwars", {"unit": "general"})
    services.change_command_cards(army_list=army_list, library=library_of(army_list.game), add=["steady", "hold"])
    services.change_command_cards(army_list=army_list, library=library_of(army_list.game),
                                  add=["steady"], remove=["hold"])
    assert fresh(army_list).document["command_cards"] == ["steady"]
    with pytest.raises(BadInput, match="no command card 'joker'"):
        services.change_command_cards(army_list=army_list, library=library_of(army_list.game), add=["joker"])


def test_rename_changes_the_name_and_the_document(make_list):
    army_list = make_list("aof-regiments")
    services.rename_list(army_list=army_list, library=library_of(army_list.game), name="  Autumn  ")
    stored = fresh(army_list)
    assert stored.name == "Autumn" and stored.document["name"] == "Autumn"
    with pytest.raises(Refused):
        services.rename_list(army_list=army_list, library=library_of(army_list.game), name="   ")


def test_duplicate_list_is_a_private_copy_with_a_new_share_token(make_list, user):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    services.set_sharing(army_list=army_list, shared=True)
    copy = services.duplicate_list(army_list=army_list, owner=user)
    assert copy.pk != army_list.pk and copy.name == "Copy of Test list"
    assert copy.document["entries"] == army_list.document["entries"]
    assert not copy.shared and copy.share_token != army_list.share_token


def test_delete_and_sharing(make_list):
    army_list = make_list("aof-regiments")
    services.set_sharing(army_list=army_list, shared=True)
    assert fresh(army_list).shared
    services.delete_list(army_list=army_list)
    assert not ArmyList.objects.exists()
    with pytest.raises(Refused, match="no longer exists"):
        services.add_entry(army_list=army_list, library=library_of(army_list.game), unit="infantry")


def test_import_refuses_a_bad_file_with_its_json_path_and_writes_nothing(games, user):
    data = list_file("aof-regiments", {"unit": "infantry"}, {"unit": "knigths"}, points_limit=1000)
    with pytest.raises(BadInput, match=r"entries\[1\]\.unit: no unit 'knigths'"):
        services.import_list(owner=user, data=data)
    assert not ArmyList.objects.exists()


def test_a_list_whose_unit_data_is_gone_can_still_be_repaired(make_list, load_game):
    army_list = make_list("aof-regiments", {"unit": "infantry"}, {"unit": "knights"})
    Faction.objects.get(slug="kingdom").units.filter(slug="knights").delete()
    data_changed(army_list.game_id)  # as an import or an admin edit does
    changed = services.add_entry(army_list=army_list, library=library_of(army_list.game), unit="captain")
    assert changed.checked is None and "no unit 'knights'" in changed.problem
    changed = services.remove_entry(army_list=army_list, library=library_of(army_list.game), entry_id="e2")
    assert changed.checked is not None and changed.checked.report.points == 160
