"""Sideboard lists (AoF Regiments, Sideboard Lists, optional): each combination checked, all frozen.

"All players must submit one main force list made of up to 70% worth of units
of the total game size, plus up to three other lists made of up to 30% worth
of units of the total game size"; "once combined with the main list, the
combined list follows regular composition rules". The shares and the number
of lists are the game's (`Game.sideboards`); each main + sideboard combination
is checked by the same check as any submission, with the event's settings.
"""
from __future__ import annotations

import copy
from typing import Any

from django.db import transaction
from django.db.models import Max

from armylists.builder.models import ArmyList
from armylists.events import services as event_services
from armylists.events.frozen import frozen_fields
from armylists.events.models import Event, Player, Submission
from armylists.games.base import Game
from armylists.rules.refused import Refused

from .models import Sideboard, SideboardSet
from .read import tournament_of

RULE = "Sideboard lists"


def rule_of(event) -> tuple[int, int, int] | None:
    """(main %, sideboard %, most lists) when the event uses the game's sideboard rule, else None."""
    declared = event.game.home.sideboards
    return declared if declared and tournament_of(event).sideboards else None


def _share(code: str, what: str, points: int | None, percent: int, limit: int | None) -> list[dict]:
    if points is None or limit is None or points * 100 <= percent * limit:
        return []
    most = limit * percent // 100
    return [{"code": code, "severity": "error", "rule": RULE,
             "message": f"{what} costs {points} points, more than {percent}% of the game size ({most})"}]


def combined(main: dict[str, Any], side: dict[str, Any], home: Game) -> dict[str, Any]:
    """The main list with the sideboard list's entries added; a sideboard id the main list uses is renamed, and
    so is every naming of it (a hero's host: the fields of the game, `home`, that name an entry)."""
    taken = {e["id"] for e in main["entries"]}
    renamed = {e["id"]: f"sideboard-{e['id']}" for e in side["entries"] if e["id"] in taken}
    naming = [f.name for f in home.files.entry_fields if f.names_an_entry]
    entries = []
    for entry in copy.deepcopy(side["entries"]):
        entry["id"] = renamed.get(entry["id"], entry["id"])
        for key in naming:
            if entry.get(key) in renamed:
                entry[key] = renamed[entry[key]]
        entries.append(entry)
    return {**copy.deepcopy(main), "entries": [*copy.deepcopy(main["entries"]), *entries]}


def _frozen_sideboard(event, main: Submission, slot: int, document: dict, sideboard_percent: int,
                      main_over: list[dict]) -> Sideboard:
    """A combination is legal only when both its lists keep to their shares (`main_over`: the main list's
    excess, which every combination built on it breaks too) and the two together follow the usual rules."""
    if document.get("faction") != main.faction:
        raise Refused(f"Sideboard list {slot} is of another faction than your main list.")
    alone = frozen_fields(event, document)
    both = frozen_fields(event, combined(main.document, alone["document"], event.game.home))
    share = main_over + _share("sideboard-over-share", f"Sideboard list {slot}", alone["points"],
                               sideboard_percent, event.points_limit)
    return Sideboard(slot=slot, list_name=alone["list_name"], document=alone["document"], library=alone["library"],
                     points=alone["points"], combined_legal=both["legal"] and not share,
                     combined_points=both["points"], violations=share + both["violations"],
                     list_fingerprint=alone["list_fingerprint"])


def submit_sideboards(*, player: Player, lists: list[ArmyList]) -> SideboardSet:
    """Freeze the player's sideboard lists against their latest main submission, each combination checked."""
    event = player.event
    rule = rule_of(event)
    if rule is None:
        raise Refused("This event does not use sideboard lists.")
    main_percent, side_percent, most = rule
    if event_services.lock_if_due(event).state != Event.State.OPEN:
        raise Refused("Sideboard lists are submitted while the event is open for submissions.")
    if not 1 <= len(lists) <= most:
        raise Refused(f"Choose one to {most} sideboard lists.")
    if any(army_list.owner_id != player.user_id for army_list in lists):
        raise Refused("Only your own lists can be submitted.")
    main = Submission.objects.filter(player=player).order_by("-version").first()
    if main is None:
        raise Refused("Submit your main list first.")
    main_over = _share("main-list-over-share", "The main list", main.points, main_percent, event.points_limit)
    try:
        sideboards = [_frozen_sideboard(event, main, slot, army_list.document, side_percent, main_over)
                      for slot, army_list in enumerate(lists, start=1)]
    except ValueError as error:
        raise Refused(f"The event's settings no longer fit {event.game.name} ({error}).") from None
    with transaction.atomic():
        latest = main.sideboard_sets.aggregate(n=Max("version"))["n"] or 0
        made = SideboardSet.objects.create(
            submission=main, version=latest + 1, submitted=event_services.now(), main_points=main.points,
            main_violations=main_over)
        for sideboard in sideboards:
            sideboard.set = made
            sideboard.save()
    return made


def latest_set(player: Player) -> SideboardSet | None:
    main = Submission.objects.filter(player=player).order_by("-version").first()
    return main.sideboard_sets.order_by("-version").first() if main else None


def sideboard_sets(event) -> list[SideboardSet]:
    """Each player's latest sideboard lists (of their latest main submission), for the organisers."""
    found: dict[int, SideboardSet] = {}
    for made in (SideboardSet.objects.filter(submission__player__event=event)
                 .select_related("submission__player").prefetch_related("lists")
                 .order_by("submission__version", "version")):
        found[made.submission.player_id] = made
    return sorted(found.values(), key=lambda s: s.submission.player.display_name.lower())
