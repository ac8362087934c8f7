"""What changed between two versions of a list document, said in a few words for the player.

Used for a stale tab's notice ("changed in another tab: added Knights") and for what undo
will take back. Plain dict work: no database, no check; the settings are named as their game declares them.
"""
from __future__ import annotations

from armylists.games.base import Game

MOST = 6  # changes named one by one; more are counted


def describe_changes(before: dict, after: dict, unit_names: dict[str, str], home: Game) -> list[str]:
    """One short phrase per change from `before` to `after`, in list order; entries are named by
    their custom name, else their unit's name (`unit_names`, by slug; Library.unit_names), and the
    settings as their game (`home`) names them. A unit the data no longer has is "a unit": a slug
    is no word for a player."""

    def _label(entry: dict) -> str:
        return entry.get("name") or unit_names.get(entry.get("unit", ""), "a unit")

    old = {e["id"]: e for e in before.get("entries", [])}
    new = {e["id"]: e for e in after.get("entries", [])}
    said = []
    if before.get("name") != after.get("name"):
        said.append(f"renamed the list “{after.get('name', '')}”")
    said += [f"added {_label(e)}" for i, e in new.items() if i not in old]
    said += [f"removed {_label(e)}" for i, e in old.items() if i not in new]
    said += [f"changed {_label(e)}" for i, e in new.items() if i in old and old[i] != e]
    kept_old = [i for i in old if i in new]
    kept_new = [i for i in new if i in old]
    if kept_old != kept_new:
        said.append("reordered the entries")
    for setting in home.list_settings:
        if before.get(setting.name) != after.get(setting.name):
            said.append(f"changed the {setting.noun}")
    if len(said) > MOST:
        said = [*said[:MOST], f"{len(said) - MOST} more"]
    return said


def sentence(phrases: list[str]) -> str:
    text = "; ".join(phrases) or "nothing that shows"
    return text[0].upper() + text[1:]
