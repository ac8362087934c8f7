"""Each game says which of the game library's unit columns are its own; the admin shows them from that."""
from __future__ import annotations

from django.contrib import admin

from armylists.games.registry import homes
from factions.models import Unit

SHARED = {"id", "faction", "slug", "name", "position", "rules", "stats", "notes"}


def test_every_unit_column_is_shared_or_declared_by_a_game():
    columns = {f.name for f in Unit._meta.get_fields() if f.concrete}
    declared = {c for home in homes() for c in home.unit_columns}
    assert declared <= columns, "a game declares a column the library does not have"
    assert columns - SHARED - declared == set(), "a unit column no game declares"


def test_the_admin_shows_each_column_once_under_its_game(rf, admin_user):
    request = rf.get("/")
    request.user = admin_user
    fieldsets = admin.site._registry[Unit].get_fieldsets(request)
    shown = [c for _, options in fieldsets for c in options["fields"]]
    assert len(shown) == len(set(shown)) and set(shown) == {f.name for f in Unit._meta.get_fields()
                                                              if f.concrete and f.name != "id"}
    titles = [title for title, _ in fieldsets[1:]]
    assert titles and set(titles) <= {h.system["name"] for h in homes()}
