"""Saved lists within the list file's bounds (docs/list-file.md, Bounds): `meta` kept through import,
edits and export; the import form bounded as every way in; at most 1,000 entries; URL-safe ids,
and the migration that makes old lists so."""
from __future__ import annotations

import importlib
import json

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.urls import NoReverseMatch, reverse

from armylists.boundary.errors import BadInput
from armylists.builder import services
from armylists.builder.edits import Refused
from armylists.builder.models import ArmyList
from armylists.checking.library import library_of
from tests.factories import list_file

from .conftest import htmx

pytestmark = pytest.mark.django_db
META = {"event": "Spring Open 2026", "club": "Riverside", "tags": ["casual"], "deep": {"a": [1, {"b": None}]}}
MIGRATION = importlib.import_module("armylists.builder.migrations.0003_safe_entry_ids")


def upload(content: bytes, name: str = "list.json") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type="application/json")


def list_data(**fields) -> dict:
    return list_file("aof-regiments", {"unit": "infantry"}, points_limit=1500, **fields)


def test_meta_survives_import_an_edit_and_export(alice, games):
    alice.post(reverse("builder:list-import"), {"file": upload(json.dumps(list_data(meta=META)).encode())})
    army_list = ArmyList.objects.get()
    assert army_list.document["meta"] == META
    htmx(alice, reverse("builder:list-entry-add", args=[army_list.pk]), {"unit": "knights"})
    army_list.refresh_from_db()
    assert len(army_list.entries) == 2 and army_list.document["meta"] == META
    exported = json.loads(alice.get(reverse("builder:list-export", args=[army_list.pk])).content)
    assert exported["meta"] == META


@pytest.mark.parametrize("content, message", [
    (json.dumps(list_data(entries=[{"id": "../18/delete", "unit": "infantry"}])).encode(),
     "the list&#x27;s first entry: its id must be 1 to 40 letters, digits, &#x27;_&#x27; or &#x27;-&#x27;"),
    (json.dumps(list_data()).encode("utf-16"), "must be UTF-8; this file is UTF-16"),
    (json.dumps(list_data()).encode("utf-16-le"), "must be UTF-8; this file looks like UTF-16"),
    (b"[" * 100_000, "nests more than 20 levels deep"),
    (json.dumps(list_data()).replace('1500', "9" * 5_000).encode(),
     "the list&#x27;s points limit must be at most 1,000,000"),
    (json.dumps(list_data(colour="red")).encode(), "the list&#x27;s colour is not a field of this format"),
])
def test_the_import_form_refuses_hostile_files_and_writes_nothing(alice, games, content, message):
    response = alice.post(reverse("builder:list-import"), {"file": upload(content)})
    assert response.status_code == 200 and message in response.content.decode()
    assert not ArmyList.objects.exists()


def test_the_import_form_refuses_an_upload_over_the_bound_from_its_declared_length(alice, games):
    response = alice.post(reverse("builder:list-import"), {"file": upload(b" " * 1_100_000)})
    assert response.status_code == 413
    assert "must be at most 1,000,000 bytes" in response.content.decode()
    assert not ArmyList.objects.exists()


def test_the_import_form_refuses_a_file_just_over_one_megabyte(alice, games):
    response = alice.post(reverse("builder:list-import"), {"file": upload(b" " * 1_000_001)})
    assert "must be at most 1,000,000 bytes (it is 1,000,001)" in response.content.decode()
    assert not ArmyList.objects.exists()


def test_the_builder_refuses_the_1001st_entry_with_a_message(user, games):
    army_list = services.import_list(owner=user, data=list_data(
        entries=[{"id": f"e{i}", "unit": "infantry"} for i in range(1_000)]))
    library = library_of(army_list.game)
    with pytest.raises(Refused, match="at most 1,000 entries"):
        services.add_entry(army_list=army_list, library=library, unit="knights")
    with pytest.raises(Refused, match="at most 1,000 entries"):
        services.duplicate_entry(army_list=army_list, library=library, entry_id="e0")
    assert len(ArmyList.objects.get().entries) == 1_000


def test_the_builder_page_says_why_the_1001st_entry_was_not_added(alice, user, games):
    army_list = services.import_list(owner=user, data=list_data(
        entries=[{"id": f"e{i}", "unit": "infantry"} for i in range(1_000)]))
    body = htmx(alice, reverse("builder:list-entry-add", args=[army_list.pk]), {"unit": "knights"}).content.decode()
    assert "at most 1,000 entries" in body


def test_entry_urls_cannot_be_built_from_an_unsafe_id():
    """The URLconf takes only [A-Za-z0-9_-] for an entry id, so a path can never leave its segment."""
    with pytest.raises(NoReverseMatch):
        reverse("builder:list-entry-remove", args=[1, "../18/delete"])
    assert reverse("builder:list-entry-remove", args=[1, "Az_-9"]).endswith("/Az_-9")


def test_the_migration_renames_stored_unsafe_ids_and_what_refers_to_them(user, games):
    army_list = services.import_list(owner=user, data=list_data(
        entries=[{"id": "e1", "unit": "infantry"}, {"id": "e3", "unit": "captain", "joined_to": "e1"}]))
    bad = {**army_list.document, "name": "x" * 250, "entries": [
        {"id": "../18/delete", "unit": "infantry"},
        {"id": "e3", "unit": "captain", "joined_to": "../18/delete"},
        {"id": "front rank", "unit": "infantry", "name": "n" * 300},
        {"id": "t1", "unit": "infantry", "regiment": "front rank"},
    ]}
    # Stored before 1.1, when the name column took 300 characters; PostgreSQL holds the column at
    # today's 200 (SQLite does not enforce a length), so there the column's part cannot be staged.
    too_long = 250 if connection.vendor == "sqlite" else ArmyList._meta.get_field("name").max_length
    ArmyList.objects.filter(pk=army_list.pk).update(document=bad, name="y" * too_long)

    MIGRATION.make_lists_safe(apps, None)

    army_list.refresh_from_db()
    entries = army_list.document["entries"]
    assert [e["id"] for e in entries] == ["e4", "e3", "e5", "t1"]
    assert entries[1]["joined_to"] == "e4" and entries[3]["regiment"] == "e5"
    assert len(entries[2]["name"]) == 200 and len(army_list.document["name"]) == 200
    assert len(army_list.name) == 200


def test_the_migration_leaves_safe_lists_alone():
    assert MIGRATION.safe_document({"entries": [{"id": "e1"}, {"id": "A_b-2", "joined_to": "e1"}]}) is None


def test_a_diskwars_hero_with_a_regiment_is_bad_input_at_that_path(user, games):
    data = list_file("diskwars", {"id": "h1", "unit": "general"}, {"id": "h2", "unit": "captain", "regiment": "h1"},
                     faction="empire")
    with pytest.raises(BadInput) as error:
        services.import_list(owner=user, data=data)
    assert str(error.value).startswith("entries[1].regiment: 'Captain' is a hero and leads its own regiment")
