"""Freezing a list for an event, and checking it again from what was frozen.

A frozen submission holds the list document, `Library.snapshot()` of every unit
it uses, the settings of its check and the check's verdict. Its fingerprints are
the ones its roster prints: the list document's, and the unit data's.
"""
from __future__ import annotations

from typing import Any

from armylists.checking.check import Checked, check_against, find_game, muster_document
from armylists.checking.library import Library, fingerprint, library_of
from armylists.checking.listfile import dump_list, parse_list
from armylists.checking.resolve import snapshot_of
from armylists.rules.refused import Refused
from factions.models import GameSystem

from .eventsettings import check_settings, usable
from .models import Event, Submission


def frozen_fields(event: Event, data: Any) -> dict[str, Any]:
    """The fields of a new submission of `data` (a list document) for `event`.

    Raises BadInput when the document is not a list of existing units, Refused
    when it is for another game, and ValueError when the event's settings no
    longer fit its game.
    """
    parsed = parse_list(muster_document(data))  # an Army Forge list file is frozen as Muster's own
    if parsed.game != event.game.slug:
        raise Refused(f"{event.name} plays {event.game.name}; "
                      f"this list is for another game ({find_game(parsed.game).name}).")
    settings = check_settings(event.game, event.settings)
    checked = check_against(parsed, library_of(event.game), event.game, settings)
    document = dump_list(checked.document)
    # The roster's data fingerprint hashes the same snapshot (printing.roster).
    snapshot = snapshot_of(checked.document, checked.library)
    report = checked.report
    return {
        "list_name": checked.document.name or "",
        "faction": checked.document.faction,
        "faction_name": checked.library.factions[checked.document.faction].name,
        "document": document,
        "library": snapshot,
        "checked_with": settings,
        "legal": report.legal,
        "points": report.points,
        "points_limit": report.points_limit,
        "violations": [v.as_dict() for v in report.violations],
        "sample_data": any(e.unit.sample for e in checked.army.entries),
        "list_fingerprint": fingerprint(document),
        "data_fingerprint": fingerprint(snapshot),
    }


def thaw(submission: Submission, game: GameSystem) -> Checked:
    """The submission checked again against its own frozen units and settings."""
    library = Library.from_snapshot(submission.library)
    return check_against(parse_list(submission.document), library, game, usable(game, submission.checked_with))
