"""The only code that writes players' lists: what each edit does to the document.

Each edit is saved by `saving.apply_edit` (validated, checked, saved as the next version, never
twice); a bad edit writes nothing and raises `Refused` or `BadInput` for the view to show. Game
legality is never checked here: an illegal list is saved and reported (warn, never block).
"""
from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from django.db import transaction

from armylists.boundary.errors import BadInput
from armylists.checking.check import Checked, check_against, find_game, muster_document
from armylists.checking.library import Library, library_of
from armylists.checking.listfile import FORMAT, LIST_NAME_MAX, dump_list, parse_list
from armylists.games.own_fields import REGIMENT
from armylists.rules.refused import Refused
from factions.models import Faction, GameSystem

from . import edits
from .context import shown_next_to
from .edits import EntryChanges
from .models import ArmyList, new_share_token
from .replay import Replayed
from .saving import Changed, Draw, apply_edit, store_verdict, undo, verdict_of

__all__ = ["Refused", "BadInput", "Replayed", "Changed", "EntryChanges", "undo", "verdict_of", "store_verdict"]


def _new_document(game: GameSystem, faction: Faction, name: str, settings: dict[str, Any]) -> dict:
    if faction.game_id != game.pk:
        raise Refused(f"{faction.name} is not a faction of {game.name}.")
    data = {"format": FORMAT, "game": game.slug, "faction": faction.slug, "name": name, "entries": [],
            **{k: v for k, v in settings.items() if v is not None}}
    return dump_list(parse_list(data))


@transaction.atomic
def create_list(*, owner, name: str, game: GameSystem, faction: Faction,
                settings: dict[str, Any] | None = None) -> ArmyList:
    document = _new_document(game, faction, name, settings or {})
    return ArmyList.objects.create(owner=owner, name=name, game=game, faction=faction, document=document)


def _unused_name(owner, name: str) -> str:
    """`name`, or when the owner has a list of that name already "name (imported)", "(imported 2)"..."""
    taken = set(ArmyList.objects.filter(owner=owner, name__startswith=name[:100]).values_list("name", flat=True))
    candidate, n = name[:LIST_NAME_MAX], 1
    while candidate in taken:
        suffix = " (imported)" if n == 1 else f" (imported {n})"
        candidate, n = name[:LIST_NAME_MAX - len(suffix)] + suffix, n + 1
    return candidate


@transaction.atomic
def import_list(*, owner, data: Any, name: str | None = None) -> ArmyList:
    """A list file (or an Army Forge list file: docs/list-file.md, "Army Forge lists") becomes a new list; the
    whole file is checked first, a bad file writes nothing."""
    document = parse_list(muster_document(data))
    game = find_game(document.game)
    library = library_of(game)
    checked = check_against(document, library, game)
    name = _unused_name(owner, (document.name or name or "Imported list").strip() or "Imported list")
    faction = Faction.objects.get(game=game, slug=document.faction)
    saved = dump_list(document.model_copy(update={"name": name}))
    return ArmyList.objects.create(owner=owner, name=name, game=game, faction=faction, document=saved,
                                   verdict=verdict_of(checked), verdict_version=1,
                                   verdict_data_version=library.version)


def rename_list(*, army_list: ArmyList, library: Library, name: str, key: str = "",
                draw: Draw | None = None) -> Changed:
    name = name.strip()
    if not name:
        raise Refused("A list needs a name.")
    return apply_edit(army_list, library, lambda document, _: document.__setitem__("name", name), key=key,
                      draw=draw)


@transaction.atomic
def duplicate_list(*, army_list: ArmyList, owner) -> ArmyList:
    source = ArmyList.objects.get(pk=army_list.pk)
    name = f"Copy of {source.name}"[:LIST_NAME_MAX]
    document = {**copy.deepcopy(source.document), "name": name}
    return ArmyList.objects.create(owner=owner, name=name, game_id=source.game_id,
                                   faction_id=source.faction_id, document=document)


@transaction.atomic
def delete_list(*, army_list: ArmyList) -> None:
    ArmyList.objects.filter(pk=army_list.pk).delete()


@transaction.atomic
def set_sharing(*, army_list: ArmyList, shared: bool, show_owner: bool = False) -> ArmyList:
    """Sharing again after it was stopped gives a new link: the old one stays dead. The shared
    roster names the owner only while `show_owner` is asked for."""
    changes: dict[str, Any] = {"shared": shared, "share_shows_owner": shared and show_owner}
    if shared and not ArmyList.objects.filter(pk=army_list.pk, shared=True).exists():
        changes["share_token"] = new_share_token()
    ArmyList.objects.filter(pk=army_list.pk).update(**changes)
    for key, value in changes.items():
        setattr(army_list, key, value)
    return army_list


def change_settings(*, army_list: ArmyList, library: Library, changes: dict[str, Any], key: str = "",
                    draw: Draw | None = None) -> Changed:
    return apply_edit(army_list, library, lambda document, _: edits.change_settings(document, changes, library.home),
                      key=key, draw=draw)


def _unit(library: Library, faction: str, unit: str):
    found = library.unit(faction, unit)
    if found is None:
        # A unit the form offered, gone since (an import): said of what was asked, not of a place in the file.
        raise BadInput("unit", f"no unit '{unit}' in faction '{faction}'",
                       shown=f"there is no unit '{unit}' in faction '{faction}' (any more)")
    return found


def _default_options(unit) -> list[str]:
    """The first options of each group that must be taken, so a new entry starts out whole."""
    chosen = []
    for group in unit.option_groups:
        chosen += [o.slug for o in unit.options if o.group == group.slug][:group.min]
    return chosen


def add_entry(*, army_list: ArmyList, library: Library, unit: str, faction: str | None = None,
              size: str | None = None, key: str = "", draw: Draw | None = None) -> Changed:
    """Append an entry of `unit`, at `size` (else its first size, where it has sizes); a troop that joins a
    regiment joins the last hero's."""
    primary = army_list.document["faction"]
    faction = faction or primary
    found = _unit(library, faction, unit)
    home = library.home
    entry: dict[str, Any] = {"unit": unit, "options": _default_options(found)}
    if faction != primary:
        entry["faction"] = faction
    if sizes := home.library.sizes_of(found.details):
        entry |= home.files.taken_at(size or sizes[0][0])
    regiment = home.files.entry_field(REGIMENT.kind) if home.library.joins_regiment(found.details) else None

    def operation(document: dict, _before: Checked | None) -> str:
        heroes = [e["id"] for e in document["entries"] if _is_hero(library, document, e)] if regiment else []
        if heroes:
            entry[regiment.name] = heroes[-1]
        return edits.add_entry(document, {k: v for k, v in entry.items() if v})

    return apply_edit(army_list, library, operation, key=key, draw=draw)


def _is_hero(library: Library, document: dict, entry: dict) -> bool:
    unit = library.unit(entry.get("faction") or document["faction"], entry.get("unit", ""))
    return unit is not None and library.home.library.is_hero(unit.details)


def remove_entry(*, army_list: ArmyList, library: Library, entry_id: str, key: str = "",
                 draw: Draw | None = None) -> Changed:
    return apply_edit(army_list, library, lambda document, _: edits.remove_entry(document, entry_id, library.home),
                      key=key, draw=draw)


def move_entry(*, army_list: ArmyList, library: Library, entry_id: str, up: bool, key: str = "",
               draw: Draw | None = None) -> Changed:
    """Move up (before the entry shown above it) or down (after the one shown below it)."""
    def operation(document: dict, shown: Checked | None) -> str:
        neighbour = shown_next_to(shown, document, entry_id, above=up)
        if not neighbour:
            raise Refused(f"That entry is already the {'first' if up else 'last'} of its group.")
        edits.move_entry(document, entry_id, **({"before": neighbour} if up else {"after": neighbour}))
        return entry_id

    return apply_edit(army_list, library, operation, key=key, reads_before=True, draw=draw)


def duplicate_entry(*, army_list: ArmyList, library: Library, entry_id: str, key: str = "",
                    draw: Draw | None = None) -> Changed:
    return apply_edit(army_list, library, lambda document, _: edits.duplicate_entry(document, entry_id, library.home),
                      key=key, draw=draw)


def edit_entry(*, army_list: ArmyList, library: Library, entry_id: str, changes: EntryChanges,
               key: str = "", draw: Draw | None = None) -> Changed:
    def operation(document: dict, _before: Checked | None) -> str:
        entry = edits.find_entry(document, entry_id)
        unit = library.unit(entry.get("faction") or document["faction"], entry["unit"])
        edits.edit_entry(document, entry_id, changes, unit, library.home)
        return entry_id

    return apply_edit(army_list, library, operation, key=key, draw=draw)


def change_command_cards(*, army_list: ArmyList, library: Library, add: Iterable[str] = (),
                         remove: Iterable[str] = (), key: str = "", draw: Draw | None = None) -> Changed:
    add, remove = list(add), list(remove)
    return apply_edit(army_list, library,
                      lambda document, _: edits.change_command_cards(document, add, remove, library.home), key=key,
                      draw=draw)
