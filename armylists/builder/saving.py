"""How an edit is saved: optimistically, as the next version of the list, never twice.

An edit is applied to the latest stored document, validated as a list file (and against the unit
data) and checked, all outside any transaction; the save is one UPDATE that succeeds only if the
list is still at the version the edit started from (else the edit is applied again to the newer
list), and it appends the new version to the list's history (undo, a stale tab's notice, and the
edit keys that recognise a retried edit: replay.py).
"""
from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from armylists.boundary.errors import BadInput
from armylists.checking.check import Checked, check_against
from armylists.checking.library import Library
from armylists.checking.listfile import dump_list, parse_list
from armylists.checking.resolve import resolve
from factions.models import GameSystem

from .changes import describe_changes, sentence
from .edits import Refusal
from .models import ArmyList, ListVersion
from .replay import Replayed, saved_under


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


# Holding a lock over the check instead of saving optimistically made every SQLite writer queue
# behind it. An edit that loses the race this many times in a row is refused.
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


def apply_edit(army_list: ArmyList, library: Library, operation: Callable[[dict], Any],
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

    return apply_edit(army_list, library, operation, undoing=undoing, key=key)
