"""The only code that writes players' lists.

Every edit is applied to the latest stored document, validated as a list
file (and against the unit data), and saved with a version bump only if no
other edit was saved meanwhile (else it is applied again to the newer list);
a bad edit writes nothing and raises `Refusal` or `BadInput` for the view to
show. Game legality is never checked here: an illegal list is saved and
reported (warn, never block).
"""
from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from armylists.checking.boundary import BadInput
from armylists.checking.check import Checked, check_against, find_game
from armylists.checking.library import Library, library_of
from armylists.checking.listfile import FORMAT, LIST_NAME_MAX, dump_list, parse_list
from armylists.checking.resolve import resolve
from factions.models import Faction, GameSystem

from . import edits
from .changes import describe_changes, sentence
from .edits import EntryChanges, Refusal
from .models import ArmyList, ListVersion, new_share_token
from .replay import Replayed, saved_under

__all__ = ["Refusal", "BadInput", "Replayed", "Changed", "EntryChanges"]


@dataclass(frozen=True)
class Changed:
    """A saved edit: the list as saved and its check.

    `checked` is None when the list names unit data that no longer exists
    (`problem` says what); such a list can still be edited and repaired.
    """

    army_list: ArmyList
    checked: Checked | None
    problem: str | None = None
    entry_id: str | None = None
    before: dict | None = None  # the document the edit was applied to
    before_version: int | None = None
    summary: str = ""  # what the edit changed, as undo names it


def _latest(pk: int, key: str) -> ArmyList:
    """The list as stored now; `recorded`: its history has this version; `replayed`: a version of it
    carries the edit key `key` (the edit was saved before). One query."""
    recorded = ListVersion.objects.filter(army_list_id=OuterRef("pk"), version=OuterRef("version"))
    row = (ArmyList.objects.only("document", "version", "name").filter(pk=pk)
           .annotate(recorded=Exists(recorded), replayed=saved_under(key)).first())
    if row is None:
        raise Refusal("This list no longer exists (it may have been deleted in another tab).")
    return row


def _still_broken(before: dict, library: Library) -> bool:
    try:
        resolve(parse_list(before), library)
    except BadInput:
        return True
    return False


def _validate(game: GameSystem, before: dict, after: dict, library: Library) -> tuple:
    parsed = parse_list(after)
    try:
        return parsed, check_against(parsed, library, game), None
    except BadInput as error:
        # Unit data re-imported since the list was saved: let the player repair it.
        if _still_broken(before, library):
            return parsed, None, str(error)
        raise


# Edits are optimistic: the work (applying, validating, checking) is done
# outside any transaction, and the save is one UPDATE that succeeds only if
# the list is still at the version the edit started from. Holding a lock over
# the check instead made every SQLite writer queue behind it.
ATTEMPTS = 5


def verdict_of(checked: Checked | None, problem: str | None = None) -> dict[str, Any]:
    """What "My lists" shows of a check: legal or not, the points, the entries."""
    if checked is None:
        return {"problem": problem or "cannot be checked"}
    report = checked.report
    return {"legal": report.legal, "points": report.points, "points_limit": report.points_limit,
            "errors": len(report.errors), "warnings": len(report.warnings), "entries": len(checked.army.entries)}


def store_verdict(army_list: ArmyList, verdict: dict[str, Any], data_version) -> dict[str, Any]:
    """Keep a verdict reached on the list as it is now, unless the list changed meanwhile."""
    if data_version is not None:
        ArmyList.objects.filter(pk=army_list.pk, version=army_list.version).update(
            verdict=verdict, verdict_version=army_list.version, verdict_data_version=data_version)
    return verdict


def _record(row: ArmyList, new: ListVersion) -> None:
    """Append the new version to the list's history (and the one it came from, if the history
    does not have it yet: lists saved before there was a history, or never edited). No conflict is
    ignored: a retry of the same edit that saved its key meanwhile fails this one."""
    earlier = [] if row.recorded else [ListVersion(army_list_id=row.pk, version=row.version, document=row.document)]
    ListVersion.objects.bulk_create([*earlier, new])
    if new.version % 10 == 0:
        ListVersion.objects.filter(army_list_id=row.pk, version__lte=new.version - ListVersion.KEPT).delete()


def _save(row: ArmyList, changes: dict[str, Any], new: ListVersion) -> bool:
    """Save `changes` as the list's next version, and `new` in its history, if the list is still at
    `row`'s version; False when another request saved first (another tab, or a retry of this edit)."""
    try:
        with transaction.atomic():
            if not ArmyList.objects.filter(pk=row.pk, version=row.version).update(
                    version=new.version, updated=timezone.now(), **changes):
                return False
            _record(row, new)
    except IntegrityError:  # the retry saved `new.edit_key` first: the caller's next turn finds it
        return False
    return True


def _apply(army_list: ArmyList, library: Library, operation: Callable[[dict], Any],
           undoing: Callable[[ArmyList], int | None] | None = None, key: str = "") -> Changed:
    """Apply `operation` to the latest document, check it and save it as the next version.

    `undoing(row)` gives the version undo should go back to after this change (an undo's own);
    by default it is the version this change was made to. An edit whose `key` a version of the
    list carries already was saved before: it raises `Replayed` and writes nothing (replay.py).
    """
    for _ in range(ATTEMPTS):
        row = _latest(army_list.pk, key)
        if row.replayed:
            raise Replayed
        document = copy.deepcopy(row.document)
        parent = undoing(row) if undoing else row.version
        result = operation(document)
        parsed, checked, problem = _validate(army_list.game, row.document, document, library)
        saved, name = dump_list(parsed), parsed.name or row.name
        summary = (("Undo: " if undoing else "") + sentence(describe_changes(row.document, saved)))[:300]
        version = row.version + 1
        changes = {"document": saved, "name": name, "verdict": verdict_of(checked, problem),
                   "verdict_version": version, "verdict_data_version": library.version}
        if _save(row, changes, ListVersion(army_list_id=row.pk, version=version, document=saved, parent=parent,
                                           summary=summary, edit_key=key)):
            army_list.document, army_list.version, army_list.name = saved, version, name
            entry_id = result if isinstance(result, str) else None
            return Changed(army_list, checked, problem, entry_id, row.document, row.version,
                           summary if parent is not None else "")
        # Another tab saved first: apply this edit again, to what it saved.
    raise Refusal("The list kept changing while this edit was saved; nothing was changed, please try again.")


def undo(*, army_list: ArmyList, library: Library, key: str = "") -> Changed:
    """Take back the list's last change: its document goes back to the version before it (itself a
    new version, so an undo is undone the same way and the history stays append-only)."""
    restored: dict[str, ListVersion] = {}

    def undoing(row: ArmyList) -> int | None:
        current = ListVersion.objects.filter(army_list_id=row.pk, version=row.version).first()
        if current is None or current.parent is None:
            raise Refusal("There is no change to undo.")
        found = ListVersion.objects.filter(army_list_id=row.pk, version=current.parent).first()
        if found is None:
            raise Refusal("That change is too old to undo.")
        restored["to"] = found
        return found.parent

    def operation(document: dict) -> None:
        document.clear()
        document.update(copy.deepcopy(restored["to"].document))

    return _apply(army_list, library, operation, undoing=undoing, key=key)


def _new_document(game: GameSystem, faction: Faction, name: str, settings: dict[str, Any]) -> dict:
    if faction.game_id != game.pk:
        raise Refusal(f"{faction.name} is not a faction of {game.name}.")
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
    """A list file becomes a new list; the whole file is checked first, a bad file writes nothing."""
    document = parse_list(data)
    game = find_game(document.game)
    library = library_of(game)
    checked = check_against(document, library, game)
    name = _unused_name(owner, (document.name or name or "Imported list").strip() or "Imported list")
    faction = Faction.objects.get(game=game, slug=document.faction)
    saved = dump_list(document.model_copy(update={"name": name}))
    return ArmyList.objects.create(owner=owner, name=name, game=game, faction=faction, document=saved,
                                   verdict=verdict_of(checked), verdict_version=1,
                                   verdict_data_version=library.version)


def rename_list(*, army_list: ArmyList, library: Library, name: str, key: str = "") -> Changed:
    name = name.strip()
    if not name:
        raise Refusal("A list needs a name.")
    return _apply(army_list, library, lambda document: document.__setitem__("name", name), key=key)


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


def change_settings(*, army_list: ArmyList, library: Library, changes: dict[str, Any], key: str = "") -> Changed:
    return _apply(army_list, library, lambda document: edits.change_settings(document, changes), key=key)


def _unit(library: Library, faction: str, unit: str):
    found = library.unit(faction, unit)
    if found is None:
        raise BadInput("unit", f"no unit '{unit}' in faction '{faction}'")
    return found


def _default_options(unit) -> list[str]:
    """The first options of each group that must be taken, so a new entry starts out whole."""
    chosen = []
    for group in unit.option_groups:
        chosen += [o.slug for o in unit.options if o.group == group.slug][:group.min]
    return chosen


def add_entry(*, army_list: ArmyList, library: Library, unit: str, faction: str | None = None,
              size: str | None = None, key: str = "") -> Changed:
    """Append an entry of `unit`; a troop that joins a regiment joins the last hero's."""
    primary = army_list.document["faction"]
    faction = faction or primary
    found = _unit(library, faction, unit)
    entry: dict[str, Any] = {"unit": unit, "options": _default_options(found)}
    if faction != primary:
        entry["faction"] = faction
    if found.sizes:
        entry["size"] = size or found.sizes[0].size

    def operation(document: dict) -> str:
        if found.kind == "troop":
            heroes = [e["id"] for e in document["entries"] if _is_hero(library, document, e)]
            if heroes:
                entry["regiment"] = heroes[-1]
        return edits.add_entry(document, {k: v for k, v in entry.items() if v})

    return _apply(army_list, library, operation, key=key)


def _is_hero(library: Library, document: dict, entry: dict) -> bool:
    unit = library.unit(entry.get("faction") or document["faction"], entry.get("unit", ""))
    return unit is not None and unit.kind == "hero"


def remove_entry(*, army_list: ArmyList, library: Library, entry_id: str, key: str = "") -> Changed:
    return _apply(army_list, library, lambda document: edits.remove_entry(document, entry_id), key=key)


def move_entry(*, army_list: ArmyList, library: Library, entry_id: str, before: str = "",
               after: str = "", key: str = "") -> Changed:
    def operation(document: dict) -> str:
        edits.move_entry(document, entry_id, before=before, after=after)
        return entry_id

    return _apply(army_list, library, operation, key=key)


def duplicate_entry(*, army_list: ArmyList, library: Library, entry_id: str, key: str = "") -> Changed:
    return _apply(army_list, library, lambda document: edits.duplicate_entry(document, entry_id), key=key)


def edit_entry(*, army_list: ArmyList, library: Library, entry_id: str, changes: EntryChanges,
               key: str = "") -> Changed:
    def operation(document: dict) -> str:
        entry = edits.find_entry(document, entry_id)
        unit = library.unit(entry.get("faction") or document["faction"], entry["unit"])
        edits.edit_entry(document, entry_id, changes, unit)
        return entry_id

    return _apply(army_list, library, operation, key=key)


def change_command_cards(*, army_list: ArmyList, library: Library, add: Iterable[str] = (),
                         remove: Iterable[str] = (), key: str = "") -> Changed:
    add, remove = list(add), list(remove)
    return _apply(army_list, library, lambda document: edits.change_command_cards(document, add, remove), key=key)
