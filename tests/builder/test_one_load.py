"""An edit flows one way (view -> service -> check -> render) and reads the game's unit data once;
once read, it stays in memory until the game's data changes."""
from __future__ import annotations

import pytest
from django.urls import reverse

from armylists.builder.views import common
from armylists.checking import library as library_module

from .conftest import htmx

pytestmark = pytest.mark.django_db


@pytest.fixture
def loads(monkeypatch):
    """Counts: `library_of` asked by the builder's views, `load_library` reading the database."""
    counts = {"library_of": 0, "load_library": 0}
    def counting(name: str, real):
        def counted(*args, **kwargs):
            counts[name] += 1
            return real(*args, **kwargs)
        return counted

    monkeypatch.setattr(common, "library_of", counting("library_of", common.library_of))
    monkeypatch.setattr(library_module, "load_library", counting("load_library", library_module.load_library))
    return counts


def add(alice, army_list, unit: str):
    return htmx(alice, reverse("builder:list-entry-add", args=[army_list.pk]), {"unit": unit})


def test_adding_an_entry_gets_the_library_once_and_reads_it_from_the_database_at_most_once(
        alice, make_list, loads, monkeypatch, django_assert_max_num_queries):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    monkeypatch.setattr(library_module, "_LIBRARIES", {})  # a process that has not read this game yet
    loads.update(library_of=0, load_library=0)
    # 12 queries: session, user, list, seven for the unit data (the factions' grimoires the seventh,
    # formats 1.1), the list's history, update; since the version history, the update and the history row are
    # saved together (+ the row's insert and a savepoint pair). Before the game homes it was 11 with six.
    with django_assert_max_num_queries(15):
        assert 'id="entry-e2"' in add(alice, army_list, "knights").content.decode()
    assert loads == {"library_of": 1, "load_library": 1}

    # Warm: no unit-data query, not even the data version's (the game was read with the list):
    # session, user, list, its history, the update and the history row in a savepoint pair.
    with django_assert_max_num_queries(8):
        assert 'id="entry-e3"' in add(alice, army_list, "captain").content.decode()
    assert loads == {"library_of": 2, "load_library": 1}


def test_an_import_changes_the_data_version_and_the_next_edit_reads_the_new_data(
        alice, make_list, load_game, loads):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    add(alice, army_list, "knights")
    before = loads["load_library"]
    load_game("aof-regiments")  # the same faction file again: a new data version
    assert 'id="entry-e3"' in add(alice, army_list, "captain").content.decode()
    assert loads["load_library"] == before + 1
