"""Freezing a list for an event, and checking it again from what was frozen.

A frozen submission holds the list document, `Library.snapshot()` of every unit
it uses, the settings of its check and the check's verdict. Its fingerprints are
the ones its roster prints: the list document's, and the unit data's.
"""
from __future__ import annotations

from typing import Any

from armylists.builder.checking import Checked, Libraries, check_document
from armylists.builder.library import Library, fingerprint
from armylists.builder.listfile import dump_list, parse_list
from armylists.builder.resolve import used_units
from armylists.builder.services import Refusal
from factions.models import GameSystem

from .eventsettings import check_settings, usable
from .models import Event, Submission


def frozen_fields(event: Event, data: Any, libraries: Libraries | None = None) -> dict[str, Any]:
    """The fields of a new submission of `data` (a list document) for `event`.

    Raises BadInput when the document is not a list of existing units, Refusal
    when it is for another game, and ValueError when the event's settings no
    longer fit its game.
    """
    parsed = parse_list(data)
    if parsed.game != event.game.slug:
        raise Refusal(f"{event.name} plays {event.game.name}; this list is for another game ({parsed.game}).")
    settings = check_settings(event.game, event.settings)
    checked = check_document(parsed, overrides=settings, game=event.game, libraries=libraries)
    document = dump_list(checked.document)
    snapshot = checked.library.snapshot(_kept(checked.document, checked.library))
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
        "list_fingerprint": fingerprint(document),
        # As the roster prints it: the data of the units the list uses.
        "data_fingerprint": fingerprint(checked.library.snapshot(used_units(checked.document))),
    }


def _kept(document, library: Library) -> dict[str, set[str]]:
    """What the frozen copy keeps: the units the list uses and, for Diskwars, the factions of the
    command cards it picks (a card may come from a faction none of its units belongs to)."""
    kept = used_units(document)
    picks = getattr(document, "command_cards", None)
    if isinstance(picks, list):
        owners = {card["slug"]: slug for slug, faction in library.factions.items() for card in faction.card_docs}
        for card in picks:
            kept.setdefault(owners[card], set())
    return kept


def thaw(submission: Submission, game: GameSystem) -> Checked:
    """The submission checked again against its own frozen units and settings."""
    library = Library.from_snapshot(submission.library)
    return check_document(submission.document, library=library, game=game,
                          overrides=usable(game, submission.checked_with))
