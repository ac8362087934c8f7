"""A client that retries an edit after a timeout does not make it twice (Faults: "edits carry the
list version, as they do now, and a replay is recognised"; docs/deploying.md, What the site does against
hostile clients).

Each edit carries a key (the X-Edit-Key header, armylists/builder/replay.py); an edit whose key the
list's history has already is answered with the list as it is and writes nothing. Without a key an
edit behaves as it always did (a second add from the same page is merged, as from a stale tab)."""
from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from armylists.builder import edits, services
from armylists.builder.controls import entry_state
from armylists.builder.models import ArmyList, ListVersion
from armylists.builder.services import Refused, Replayed
from armylists.checking.library import library_of
from armylists.games.registry import game_home

pytestmark = pytest.mark.django_db

REPLAYED = 'data-testid="replayed"'
REFUSED = 'data-testid="notice"'


def fresh(army_list: ArmyList) -> ArmyList:
    return ArmyList.objects.select_related("game", "faction").get(pk=army_list.pk)


def units(army_list: ArmyList) -> list[str]:
    return [e["unit"] for e in fresh(army_list).document["entries"]]


def post(client, army_list, name: str, data: dict | None = None, *args, key: str | None = None, version=None):
    """An htmx edit as the builder page posts it: the list version its page shows, and its key."""
    headers = {"HX-Request": "true", "HX-Target": "list-summary"}
    if key is not None:
        headers["X-Edit-Key"] = key
    data = {"list_version": str(version or army_list.version), **(data or {})}
    return client.post(reverse(f"builder:{name}", args=[army_list.pk, *args]), data, headers=headers)


# --- the services -------------------------------------------------------------------------------

def add(army_list: ArmyList, unit: str, key: str = ""):
    return services.add_entry(army_list=fresh(army_list), library=library_of(army_list.game), unit=unit, key=key)


def test_an_add_applied_again_with_its_key_adds_one_entry_and_writes_nothing(make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    add(army_list, "knights", key="add-1")
    history = ListVersion.objects.filter(army_list=army_list).count()
    with pytest.raises(Replayed):
        add(army_list, "knights", key="add-1")
    assert units(army_list) == ["infantry", "knights"]
    assert fresh(army_list).version == 2 and ListVersion.objects.filter(army_list=army_list).count() == history


def test_two_adds_with_their_own_keys_add_two_entries(make_list):
    army_list = make_list("aof-regiments")
    add(army_list, "knights", key="tap-1")
    add(army_list, "knights", key="tap-2")
    assert units(army_list) == ["knights", "knights"]


def test_without_a_key_an_add_applied_twice_adds_twice_as_before(make_list):
    army_list = make_list("aof-regiments")
    add(army_list, "knights")
    add(army_list, "knights")
    assert units(army_list) == ["knights", "knights"]


def test_a_key_is_the_lists_own_another_list_may_use_it(make_list):
    first, second = make_list("aof-regiments", name="One"), make_list("aof-regiments", name="Two")
    add(first, "knights", key="same")
    add(second, "captain", key="same")
    assert units(first) == ["knights"] and units(second) == ["captain"]


def test_a_move_replayed_moves_the_entry_once(make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"}, {"unit": "knights"}, {"unit": "levies"})
    library = library_of(army_list.game)
    services.move_entry(army_list=fresh(army_list), library=library, entry_id="e3", up=True, key="up")
    with pytest.raises(Replayed):
        services.move_entry(army_list=fresh(army_list), library=library, entry_id="e3", up=True, key="up")
    assert units(army_list) == ["infantry", "levies", "knights"]


def test_a_replayed_undo_takes_back_one_change(make_list):
    army_list = make_list("aof-regiments")
    add(army_list, "knights", key="a")
    add(army_list, "captain", key="b")
    library = library_of(army_list.game)
    services.undo(army_list=fresh(army_list), library=library, key="undo-1")
    with pytest.raises(Replayed):
        services.undo(army_list=fresh(army_list), library=library, key="undo-1")
    assert units(army_list) == ["knights"]


def test_undo_after_a_replay_takes_back_the_edit_that_was_made(make_list):
    """A replay writes no version: the change undo names and takes back is the add itself."""
    army_list = make_list("aof-regiments")
    add(army_list, "knights", key="a")
    add(army_list, "captain", key="b")
    with pytest.raises(Replayed):
        add(army_list, "captain", key="b")
    library = library_of(army_list.game)
    services.undo(army_list=fresh(army_list), library=library)
    assert units(army_list) == ["knights"]
    services.undo(army_list=fresh(army_list), library=library)
    assert units(army_list) == []


def test_a_lists_first_edit_keeps_the_version_it_started_from_so_undo_takes_it_back(make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    add(army_list, "knights", key="first")
    assert list(ListVersion.objects.filter(army_list=army_list).values_list("version", flat=True)) == [2, 1]
    services.undo(army_list=fresh(army_list), library=library_of(army_list.game))
    assert units(army_list) == ["infantry"]


def test_an_edit_reads_no_history_while_the_list_says_its_history_holds_its_version(make_list):
    """A replay is found by the history's unique key when it is saved, not looked up before every edit."""
    army_list = make_list("aof-regiments")
    add(army_list, "knights", key="a")
    with CaptureQueriesContext(connection) as queries:
        add(army_list, "captain", key="b")
    read = [q["sql"] for q in queries if q["sql"].startswith("SELECT") and "builder_listversion" in q["sql"]]
    assert read == [] and units(army_list) == ["knights", "captain"]


def test_a_list_that_does_not_say_its_version_is_kept_is_still_saved_once(make_list):
    """A list saved before the row said so (history_version empty, its history holding its version): the
    save meets the history's row, reads the history and saves on the next attempt."""
    army_list = make_list("aof-regiments")
    add(army_list, "knights")
    ArmyList.objects.filter(pk=army_list.pk).update(history_version=None)
    add(army_list, "captain", key="c")
    assert units(army_list) == ["knights", "captain"]
    assert list(ListVersion.objects.filter(army_list=army_list).values_list("version", flat=True)) == [3, 2, 1]
    assert fresh(army_list).history_version == 3


def test_a_retry_that_lands_while_the_first_request_is_saving_is_a_replay(make_list, monkeypatch):
    """Two identical requests at once: the versioned save lets one through; the other, applied
    again to the newer list, finds its key there."""
    army_list = make_list("aof-regiments")
    add_entry, raced = edits.add_entry, []

    def add_while_the_retry_lands(document, entry):
        if not raced:
            raced.append(True)
            add(army_list, "knights", key="k")  # the retry, saved between this one's read and write
        return add_entry(document, entry)

    monkeypatch.setattr(edits, "add_entry", add_while_the_retry_lands)
    with pytest.raises(Replayed):
        add(army_list, "knights", key="k")
    assert units(army_list) == ["knights"]


def test_a_key_saved_by_another_request_while_this_one_saves_is_a_replay_not_an_error(make_list, monkeypatch):
    """The unique key in the history is the last guard: should the key be saved by another request
    after this one looked for it and yet the version still match, the insert fails, the whole save
    is rolled back, and the edit is answered as a replay."""
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    add_entry = edits.add_entry

    def add_while_the_key_is_saved(document, entry):
        ListVersion.objects.get_or_create(army_list_id=army_list.pk, version=99, edit_key="k",
                                          defaults={"document": document})
        return add_entry(document, entry)

    monkeypatch.setattr(edits, "add_entry", add_while_the_key_is_saved)
    with pytest.raises(Replayed):
        add(army_list, "knights", key="k")
    assert units(army_list) == ["infantry"] and fresh(army_list).version == 1


def test_an_edit_refused_for_its_content_is_still_refused_with_a_key(make_list):
    army_list = make_list("aof-regiments")
    with pytest.raises(Refused):
        services.remove_entry(army_list=fresh(army_list), library=library_of(army_list.game), entry_id="e9",
                              key="k")
    assert not ListVersion.objects.filter(edit_key="k").exists()


# --- the views: every builder edit -----------------------------------------------------------------

def _settings(army_list):
    return {"was": json.dumps({"points_limit": 1500, "force_organisation": True, "mixed_armies": "free"}),
            "points_limit": "2000", "force_organisation": "on", "mixed_armies": "free"}


def _entry_form(army_list):
    entry = fresh(army_list).document["entries"][0]
    was = entry_state(entry, game_home(army_list.game.slug).files.entry_fields)
    return {"was": json.dumps(was), "name": "", "option-veteran": "1"}


EDITS = {  # url name: (entry id in the url, the form posted)
    "list-entry-add": (None, lambda army_list: {"unit": "knights"}),
    "list-entry-remove": ("e1", lambda army_list: {}),
    "list-entry-duplicate": ("e1", lambda army_list: {}),
    "list-entry-move": ("e2", lambda army_list: {"direction": "up"}),
    "list-entry-update": ("e1", _entry_form),
    "list-settings": (None, _settings),
    "list-rename": (None, lambda army_list: {"name": "Renamed"}),
    "list-undo": (None, lambda army_list: {}),
}


@pytest.mark.parametrize("name", EDITS)
def test_every_edit_posted_twice_with_one_key_is_made_once_and_the_second_answer_shows_the_list(
        alice, make_list, name):
    army_list = make_list("aof-regiments", {"unit": "infantry"}, {"unit": "knights"}, {"unit": "levies",
                                                                                     "options": ["bows"]})
    add(army_list, "captain")  # something to undo
    army_list = fresh(army_list)
    entry_id, form = EDITS[name]
    data, args = form(army_list), [entry_id] if entry_id else []
    first = post(alice, army_list, name, data, *args, key="retry-me")
    assert first.status_code == 200 and REFUSED not in first.content.decode()
    after_first = fresh(army_list).document
    second = post(alice, army_list, name, data, *args, key="retry-me")  # from the same page: its answer lost
    body = second.content.decode()
    assert second.status_code == 200 and REPLAYED in body and REFUSED not in body
    assert fresh(army_list).version == army_list.version + 1 and fresh(army_list).document == after_first
    assert f'data-version="{army_list.version + 1}"' in body, "the answer brings the page to the list as it is"


def test_command_cards_posted_twice_with_one_key_are_changed_once(alice, make_list):
    army_list = make_list("diskwars", {"unit": "general"})
    post(alice, army_list, "list-command-cards", {"was": "[]", "cards": ["steady"]}, key="cards")
    body = post(alice, army_list, "list-command-cards", {"was": "[]", "cards": ["steady"]}, key="cards").content
    assert REPLAYED.encode() in body
    assert fresh(army_list).version == 2 and fresh(army_list).document["command_cards"] == ["steady"]


def test_the_same_add_posted_twice_adds_one_entry_and_the_second_answer_inserts_it_on_the_page(alice, make_list):
    """The page that lost the first answer still shows version 1: the replay's answer is that of an
    edit made to it, the new entry inserted after the last one, not the whole list."""
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    post(alice, army_list, "list-entry-add", {"unit": "knights"}, key="add-knights", version=1)
    response = post(alice, army_list, "list-entry-add", {"unit": "knights"}, key="add-knights", version=1)
    body = response.content.decode()
    assert response.status_code == 200 and REPLAYED in body
    assert '<div hx-swap-oob="afterend:#entry-e1"><article id="entry-e2"' in body
    assert 'id="entries" hx-swap-oob="true"' not in body and 'data-testid="stale"' not in body
    assert units(army_list) == ["infantry", "knights"]


def test_two_adds_posted_with_their_own_keys_add_two_entries(alice, make_list):
    army_list = make_list("aof-regiments")
    post(alice, army_list, "list-entry-add", {"unit": "knights"}, key="first-tap", version=1)
    body = post(alice, army_list, "list-entry-add", {"unit": "knights"}, key="second-tap", version=1).content
    assert REPLAYED.encode() not in body
    assert units(army_list) == ["knights", "knights"]


def test_a_remove_posted_twice_is_a_replay_not_a_refusal_and_the_other_entries_stay(alice, make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"}, {"unit": "knights"})
    post(alice, army_list, "list-entry-remove", {}, "e1", key="rm", version=1)
    body = post(alice, army_list, "list-entry-remove", {}, "e1", key="rm", version=1).content.decode()
    assert REPLAYED in body and "no longer in this list" not in body
    assert units(army_list) == ["knights"]


def test_an_add_posted_twice_without_a_key_adds_twice_as_before(alice, make_list):
    army_list = make_list("aof-regiments")
    post(alice, army_list, "list-entry-add", {"unit": "knights"}, version=1)
    body = post(alice, army_list, "list-entry-add", {"unit": "knights"}, version=1).content.decode()
    assert REPLAYED not in body and 'data-testid="stale"' in body
    assert units(army_list) == ["knights", "knights"]


@pytest.mark.parametrize("key", ["", "has space", "x" * 65, "é", "a;b", "<script>", "a\tb"])
def test_a_malformed_key_is_refused_with_400_and_writes_nothing(alice, make_list, key):
    army_list = make_list("aof-regiments")
    response = post(alice, army_list, "list-entry-add", {"unit": "knights"}, key=key)
    assert response.status_code == 400
    assert "X-Edit-Key header must be 1 to 64 letters, digits" in response.content.decode()
    assert units(army_list) == [] and fresh(army_list).version == 1
    assert not ListVersion.objects.filter(army_list=army_list).exists()


def test_a_malformed_key_on_a_rename_is_refused_too(alice, make_list):
    army_list = make_list("aof-regiments")
    assert post(alice, army_list, "list-rename", {"name": "New"}, key="no good").status_code == 400
    assert fresh(army_list).name == "Test list"


def test_the_longest_key_is_accepted(alice, make_list):
    army_list = make_list("aof-regiments")
    post(alice, army_list, "list-entry-add", {"unit": "knights"}, key="A-z_9" + "x" * 59)
    assert units(army_list) == ["knights"]


def test_without_javascript_a_replay_redirects_back_to_the_page(alice, make_list):
    army_list = make_list("aof-regiments")
    url = reverse("builder:list-entry-add", args=[army_list.pk])
    for _ in range(2):
        response = alice.post(url, {"unit": "knights"}, headers={"X-Edit-Key": "plain"})
        assert response.status_code == 302 and response["Location"].startswith(army_list.get_absolute_url())
    assert units(army_list) == ["knights"]


def test_undo_names_the_unit_as_the_player_reads_it_never_its_slug(make_list, client, user):
    """"Undo: added Orc Boyz", not "added boyz" (the developers' guide: people read words, never slugs)."""
    army_list = make_list("aof-regiments", mixed_armies="free")
    changed = services.add_entry(army_list=army_list, library=library_of(army_list.game), unit="boyz",
                                 faction="orcs")
    assert changed.summary == "Added Orc Boyz"
    client.force_login(user)
    page = client.get(reverse("builder:list-detail", args=[army_list.pk])).content.decode()
    assert "Added Orc Boyz" in page and "boyz</" not in page and "added boyz" not in page.lower()
