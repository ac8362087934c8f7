"""The unit side of the builder: one faction's units, searched and filtered.

Works on the library's unit documents, so it needs no query of its own.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from armylists.checking.library import Library
from armylists.games.registry import game_home

# Dulce Bellum's rarities, from the most to the least common, sort its filter that way.
RARITY_ORDER = {"common": 0, "irregular": 1, "uncommon": 2, "rare": 3}


@dataclass
class UnitChoice:
    slug: str
    name: str
    faction: str
    cost: str
    tags: list[str] = field(default_factory=list)
    sizes: list[dict] = field(default_factory=list)
    rules: str = ""


def _value(doc: dict, key: str) -> str:
    if key == "hero":
        return "yes" if doc.get("hero") else "no"
    return str(doc.get(key) or "")


def _filter(game: str, docs: list[dict], query: Mapping[str, str]) -> list[dict]:
    chosen = []
    for key, label in game_home(game).picker_filters:
        values = sorted({_value(d, key) for d in docs if _value(d, key)}, key=lambda v: (RARITY_ORDER.get(v, 9), v))
        options = [("yes", "Heroes"), ("no", "Not heroes")] if key == "hero" else [(v, v.capitalize()) for v in values]
        chosen.append({"name": key, "label": label, "options": options, "value": query.get(key, "")})
    return chosen


def _tags(doc: dict) -> list[str]:
    tags = ["Hero"] if doc.get("hero") else []
    if doc.get("models", 1) > 1:
        tags.append(f"{doc['models']} models")
    for key in ("class", "kind", "size", "race", "rarity", "type"):
        if doc.get(key):
            tags.append(str(doc[key]))
    if doc.get("mercenary"):
        tags.append("mercenary")
    if doc.get("unique"):
        tags.append("unique")
    if doc.get("limit"):
        tags.append(f"limit {doc['limit']}")
    return tags


def picker_context(game: str, library: Library, faction: str, query: Mapping[str, str],
                   factions: list[tuple[str, str]], mixed: bool) -> dict[str, Any]:
    source = library.factions.get(faction)
    docs = list(source.unit_docs.values()) if source else []
    search = (query.get("q") or "").strip()
    filters = _filter(game, docs, query)
    shown = [d for d in docs if (not search or search.lower() in d["name"].lower())
             and all(not f["value"] or _value(d, f["name"]) == f["value"] for f in filters)]
    home = game_home(game)
    units = [UnitChoice(slug=d["slug"], name=d["name"], faction=faction, cost=home.unit_price(d), tags=_tags(d),
                        sizes=[{"value": s["size"], "label": f"{s['size'].capitalize()} ({s['points']} pts)"}
                               for s in d.get("sizes", [])],
                        rules=", ".join(d.get("rules", [])))
             for d in shown]
    return {"picker_units": units, "picker_total": len(docs), "picker_query": search,
            "picker_filters": filters, "picker_faction": faction,
            "picker_factions": factions if mixed else [], "picker_faction_name": source.name if source else faction}
