"""The unit side of the builder: the units a list may take, searched and filtered, each with its card.

Which factions are offered, and which of their units, is the list's game's
rule (its home's `picker_factions` and `offers_unit`): allies by faction where a
list mixes them, mercenaries only in Battleground, none in a single-faction
list. Works on the library's unit documents, so it needs no query of its own.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from django.http import HttpRequest, QueryDict

from armylists.checking.library import Library
from armylists.games.base import Game
from armylists.games.builder import FactionChoice
from armylists.games.own_fields import filter_options, matches_filter
from factions.models import Faction, game_params, labelled

from .models import ArmyList
from .unitcards import card_maker

# The page address an edit reports is read no further: the picker's query is a few short fields.
PAGE_URL_MAX = 2000


def _filter(home: Game, docs: list[dict], query: Mapping[str, str]) -> list[dict]:
    return [{"name": f.name, "label": f.label, "options": filter_options(f, {d.get(f.name) for d in docs}),
             "value": query.get(f.name, "")} for f in home.library.filters]


def _told_apart(army_list: ArmyList, library: Library) -> dict[str, str]:
    """The library's factions' names by slug, two of one name told apart as everywhere (`Faction.label`)."""
    names = {slug: f.name for slug, f in library.factions.items()}
    if len(set(names.values())) == len(names):
        return names
    rows = Faction.objects.filter(game=army_list.game, slug__in=names).select_related("game")
    return names | {f.slug: f.label for f in labelled(rows)}


def offered_factions(army_list: ArmyList, library: Library) -> list[FactionChoice]:
    document = army_list.document
    names = _told_apart(army_list, library)
    factions = [(slug, names[slug], f.home.library.alignment_of(f.details)) for slug, f in library.factions.items()]
    used = {e.get("faction") or document["faction"] for e in document.get("entries", [])}
    return army_list.game.home.builder.picker_factions(document["faction"], factions, document,
                                                          game_params(army_list.game), used)


def picker_context(army_list: ArmyList, library: Library, query: Mapping[str, str]) -> dict[str, Any]:
    game, primary = army_list.game.slug, army_list.document["faction"]
    offered = offered_factions(army_list, library)
    wanted = query.get("faction", "")
    choice = next((f for f in offered if f.slug == wanted), None) or next(
        (f for f in offered if f.slug == primary), offered[0] if offered else None)
    faction = choice.slug if choice else primary
    source = library.factions.get(faction)
    home = library.home
    docs = [d for d in (source.unit_docs.values() if source else ()) if home.builder.offers_unit(d, faction, primary)]
    search = (query.get("q") or "").strip()
    filters = _filter(home, docs, query)
    wanted = [(field, query[field.name]) for field in home.library.filters if query.get(field.name)]
    shown = [d for d in docs if (not search or search.lower() in d["name"].lower())
             and all(matches_filter(field, d, value) for field, value in wanted)]
    cards = card_maker(game, library)
    return {"picker_units": [cards(faction, d["slug"]) for d in shown], "picker_total": len(docs),
            "picker_query": search, "picker_filters": filters, "picker_faction": faction,
            "picker_factions": offered if len(offered) > 1 else [],
            "picker_faction_name": choice.label if choice else faction}


def page_picker(request: HttpRequest, army_list: ArmyList, library: Library) -> dict[str, Any]:
    """The picker as the player left it: its query string on a page; after an edit, the query of the
    page's address, where the picker keeps its choices (hx-push-url) and htmx sends it back as
    HX-Current-URL, so an edit that draws the picker again keeps the faction and filters chosen."""
    if request.method == "GET":
        return picker_context(army_list, library, request.GET)
    shown = urlsplit(request.headers.get("HX-Current-URL", "")[:PAGE_URL_MAX])
    query = QueryDict(shown.query) if shown.path == army_list.get_absolute_url() else QueryDict()
    return picker_context(army_list, library, query)
