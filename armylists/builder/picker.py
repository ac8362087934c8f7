"""The unit side of the builder: one faction's units, searched and filtered.

Works on the library's unit documents, so it needs no query of its own.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from armylists.checking.library import Library

# What the picker can filter on, per game: (unit document field, label).
FILTERS: dict[str, tuple[tuple[str, str], ...]] = {
    "aof-regiments": (("hero", "Heroes"),),
    "aof-skirmish": (("hero", "Heroes"),),
    "battleground": (("class", "Class"),),
    "diskwars": (("kind", "Kind"), ("size", "Size")),
    "dulce-bellum": (("rarity", "Rarity"), ("type", "Type")),
}
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
    for key, label in FILTERS.get(game, ()):
        values = sorted({_value(d, key) for d in docs if _value(d, key)}, key=lambda v: (RARITY_ORDER.get(v, 9), v))
        if key == "hero":
            options = [("yes", "Heroes"), ("no", "Not heroes")]
        else:
            options = [(v, v.capitalize()) for v in values]
        chosen.append({"name": key, "label": label, "options": options, "value": query.get(key, "")})
    return chosen


def _cost(doc: dict) -> str:
    if doc.get("sizes"):
        return " / ".join(str(s["points"]) for s in doc["sizes"]) + " pts"
    if doc.get("kind") == "hero":
        return f"{doc.get('recruitment_points', 0)} RP · CV {doc.get('command_value', 0)}"
    if doc.get("kind") == "troop":
        return f"costs {doc.get('recruitment_cost', 0)} RP"
    return f"{doc.get('cost', 0)} pts"


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
    units = [UnitChoice(slug=d["slug"], name=d["name"], faction=faction, cost=_cost(d), tags=_tags(d),
                        sizes=[{"value": s["size"], "label": f"{s['size'].capitalize()} ({s['points']} pts)"}
                               for s in d.get("sizes", [])],
                        rules=", ".join(d.get("rules", [])))
             for d in shown]
    return {"picker_units": units, "picker_total": len(docs), "picker_query": search,
            "picker_filters": filters, "picker_faction": faction,
            "picker_factions": factions if mixed else [], "picker_faction_name": source.name if source else faction}
