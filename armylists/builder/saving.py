"""How an edit is saved: optimistically, as the next version of the list, never twice.

An edit is applied to the latest stored document, validated as a list file (and against the unit
data) and checked, all outside any transaction; the save is one UPDATE that succeeds only if the
list is still at the version the edit started from (else the edit is applied again to the newer
list), and it appends the new version to the list's history (undo, a stale tab's notice, and the
edit keys that recognise a retried edit: replay.py).
"""
from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from armylists.boundary.errors import BadInput
from armylists.checking.check import Checked, check_against
from armylists.checking.library import Library
from armylists.checking.listfile import dump_list, parse_list
from armylists.rules.refused import Refused
from factions.models import GameSystem

from .changes import describe_changes, sentence
from .models import ArmyList, ListVersion
from .replay import Replayed


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
    # The (check, problem) of `before` where the edit made it (a move reads it, `apply_edit`), else None: the
    # answer compares the page before and after, and lays out `before` again only when the page's shape
    # before is not kept (views/common.py).
    before_check: tuple[Checked | None, str | None] | None = None
    drawn: Any = None  # what `draw` made of the list as saved (`apply_edit`), else None
    before_shape: dict | None = None  # the page's shape stored with `before_version` (views/common.py)


@dataclass(frozen=True)
class Stored:
    """The list as an edit starts from, and what its history says of it."""

    pk: int
    document: dict
    version: int
    name: str
    recorded: bool  # its history has this version
    replayed: bool  # a version of it carries the edit's key: the edit was saved before (replay.py)
    page_shape: dict | None  # stored with this version (`Draw`)


def _stored(pk: int, document: dict, version: int, name: str, key: str, page_shape: dict | None) -> Stored:
    """`recorded` and `replayed` for the list as read again (`_latest`), in one query of its history."""
    which = Q(version=version) | Q(edit_key=key) if key else Q(version=version)
    found = list(ListVersion.objects.filter(which, army_list_id=pk).values_list("version", "edit_key"))
    return Stored(pk, document, version, name, recorded=any(v == version for v, _ in found),
                  replayed=bool(key) and any(k == key for _, k in found), page_shape=page_shape)


def _as_read(army_list: ArmyList) -> Stored:
    """The list as the view has just read it, where an edit's first attempt starts (a retry starts from what
    another tab saved meanwhile: the save's version check finds out which, `_latest`). Nothing is looked up:
    the row says whether its history holds its version (`ArmyList.history_version`), and a retry of an edit
    saved before is found by the history's unique key when it is saved, rolled back, and read by `_latest`."""
    return Stored(army_list.pk, army_list.document, army_list.version, army_list.name,
                  recorded=army_list.history_version == army_list.version, replayed=False,
                  page_shape=army_list.page_shape)


def _latest(pk: int, key: str) -> Stored:
    """The list as stored now (another tab saved since the view read it)."""
    row = ArmyList.objects.filter(pk=pk).values("document", "version", "name", "page_shape").first()
    if row is None:
        raise Refused("This list no longer exists (it may have been deleted in another tab).")
    return _stored(pk, key=key, **row)


def checked_as_stored(game: GameSystem, document: dict, library: Library) -> tuple[Checked | None, str | None]:
    """A stored document's check, or why it cannot be checked (unit data gone since it was saved)."""
    try:
        return check_against(parse_list(document), library, game), None
    except BadInput as error:
        return None, error.on_page


def _validate(game: GameSystem, before: Callable[[], tuple[Checked | None, str | None]], after: dict,
              library: Library) -> tuple:
    parsed = parse_list(after)
    try:
        return parsed, check_against(parsed, library, game), None
    except BadInput as error:
        # Unit data re-imported since the list was saved: let the player repair it.
        if before()[0] is None:
            return parsed, None, error.on_page
        raise


# What the page shows of the list as an edit will save it, made before the save from the list as it will
# be (its document, version and name), its check (or why there is none) and the entry the edit touched: the
# columns to save with that version (its page's shape: views/common.py) and what the answer is drawn from.
Draw = Callable[[ArmyList, "Checked | None", "str | None", "str | None"], tuple[dict[str, Any], Any]]


def as_saved(army_list: ArmyList, document: dict, version: int, name: str) -> ArmyList:
    """A copy of `army_list` as it is (or was) at `version`: the row itself is changed only once saved."""
    then = copy.copy(army_list)
    then.document, then.version, then.name = document, version, name
    return then


def json_copy(document: dict) -> dict:
    """A copy of a stored document (JSON data): several times faster than copy.deepcopy, the same result."""
    return json.loads(json.dumps(document))


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


def store_page_shape(army_list: ArmyList, columns: dict[str, Any]) -> None:
    """Keep the page's shape drawn from the list as it is now (`Draw`'s columns), unless the list changed meanwhile."""
    ArmyList.objects.filter(pk=army_list.pk, version=army_list.version).update(**columns)


def _record(row: Stored, new: ListVersion) -> None:
    """Append the new version to the list's history (and the one it came from, if the history
    does not have it yet: lists saved before there was a history, or never edited). No conflict is
    ignored: a retry of the same edit that saved its key meanwhile fails this one."""
    earlier = [] if row.recorded else [ListVersion(army_list_id=row.pk, version=row.version, document=row.document)]
    for version in [*earlier, new]:
        version.save(force_insert=True)  # a fifth cheaper than bulk_create for the one row an edit adds
    if new.version % 10 == 0:
        ListVersion.objects.filter(army_list_id=row.pk, version__lte=new.version - ListVersion.KEPT).delete()


def _save(row: Stored, changes: dict[str, Any], new: ListVersion) -> bool:
    """Save `changes` as the list's next version, and `new` in its history, if the list is still at
    `row`'s version; False when another request saved first (another tab, or a retry of this edit)."""
    try:
        with transaction.atomic():
            if not ArmyList.objects.filter(pk=row.pk, version=row.version).update(
                    version=new.version, updated=timezone.now(), **changes):
                return False
            _record(row, new)
    except IntegrityError:  # the edit's key was saved before (a retry), or `row` was recorded: `_latest` finds which
        return False
    return True


def apply_edit(army_list: ArmyList, library: Library, operation: Callable[[dict, Checked | None], Any],
               undoing: Callable[[Stored], int | None] | None = None, key: str = "",
               reads_before: bool = False, draw: Draw | None = None) -> Changed:
    """Apply `operation` to the latest document, check it and save it as the next version.

    The list is checked once, after the edit, and never again for the answer. The list before the
    edit is checked only where it is needed: `reads_before` (`operation(document, before)` gets that
    check; else None), or when the list after the edit cannot be checked (unit data gone: a list that
    could not be checked before either may still be saved, to be repaired). A check of the same
    document was the previous edit's (docs/architecture.md, "One edit, one way").
    `undoing(row)` gives the version undo should go back to after this change (an undo's own);
    by default it is the version this change was made to. An edit whose `key` a version of the
    list carries already was saved before: it raises `Replayed` and writes nothing (replay.py).
    `draw` (`Draw`) draws the page of the list as saved, in the same UPDATE (`Changed.drawn`).
    """
    row = _as_read(army_list)
    for _ in range(ATTEMPTS):
        if row.replayed:
            raise Replayed
        document = json_copy(row.document)
        parent = undoing(row) if undoing else row.version
        before = _BeforeCheck(army_list.game, row.document, library)
        result = operation(document, before()[0] if reads_before else None)
        parsed, checked, problem = _validate(army_list.game, before, document, library)
        saved, name = dump_list(parsed), parsed.name or row.name
        said = sentence(describe_changes(row.document, saved, library.unit_names(), library.home))
        summary = (("Undo: " if undoing else "") + said)[:300]
        version, entry_id = row.version + 1, result if isinstance(result, str) else None
        columns, drawn = draw(as_saved(army_list, saved, version, name), checked, problem, entry_id) \
            if draw else ({}, None)
        changes = {"document": saved, "name": name, "verdict": verdict_of(checked, problem),
                   "verdict_version": version, "verdict_data_version": library.version,
                   "history_version": version, **columns}
        if _save(row, changes, ListVersion(army_list_id=row.pk, version=version, document=saved, parent=parent,
                                           summary=summary, edit_key=key)):
            army_list.document, army_list.version, army_list.name = saved, version, name
            army_list.history_version = version
            for column, value in columns.items():
                setattr(army_list, column, value)
            return Changed(army_list, checked, problem, entry_id, row.document, row.version,
                           summary if parent is not None else "", before.made, drawn, row.page_shape)
        # Another tab saved first: apply this edit again, to what it saved.
        row = _latest(army_list.pk, key)
    raise Refused("The list kept changing while this edit was saved; nothing was changed, please try again.")


class _BeforeCheck:
    """The check of the list before an edit, made the first time it is asked for (`made`: None until then)."""

    def __init__(self, game: GameSystem, document: dict, library: Library):
        self.game, self.document, self.library = game, document, library
        self.made: tuple[Checked | None, str | None] | None = None

    def __call__(self) -> tuple[Checked | None, str | None]:
        if self.made is None:
            self.made = checked_as_stored(self.game, self.document, self.library)
        return self.made


def undo(*, army_list: ArmyList, library: Library, key: str = "", draw: Draw | None = None) -> Changed:
    """Take back the list's last change: its document goes back to the version before it (itself a
    new version, so an undo is undone the same way and the history stays append-only)."""
    restored: dict[str, ListVersion] = {}

    def undoing(row: Stored) -> int | None:
        current = ListVersion.objects.filter(army_list_id=row.pk, version=row.version).first()
        if current is None or current.parent is None:
            raise Refused("There is no change to undo.")
        found = ListVersion.objects.filter(army_list_id=row.pk, version=current.parent).first()
        if found is None:
            raise Refused("That change is too old to undo.")
        restored["to"] = found
        return found.parent

    def operation(document: dict, _before: Checked | None) -> None:
        document.clear()
        document.update(copy.deepcopy(restored["to"].document))

    return apply_edit(army_list, library, operation, undoing=undoing, key=key)
