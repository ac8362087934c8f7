"""Entering results: a player enters their table's, the opponent confirms; an organiser enters or corrects any.

AoF Regiments, Tournament Guidelines, "Victory Points" and "Destruction
Points": a table's result is its winner (or a tie) and each player's
destruction points. A confirmed result is final for the players; an
organiser's correction is logged with its reason.
"""
from __future__ import annotations

import hashlib

from django.db import transaction

from armylists.events.models import Player
from armylists.rules.refused import Refused

from .day import last_round, log
from .models import DESTRUCTION_MAX, REASON_MAX, Table

Outcome = Table.Outcome
# A player says "I won", "I lost" or "tie"; the table stores who won.
SAID = ("win", "loss", "tie")


def _destruction(value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= DESTRUCTION_MAX:
        raise Refused(f"Destruction points are a whole number from 0 to {DESTRUCTION_MAX:,}.")
    return value


def _outcome(table: Table, player: Player, said: str) -> str:
    if said not in SAID:
        raise Refused("A result is a win, a loss or a tie.")
    if said == "tie":
        return Outcome.TIE
    first_won = (said == "win") == (player.pk == table.first_id)
    return Outcome.FIRST if first_won else Outcome.SECOND


def _current(table: Table) -> Table:
    # Only the table is locked: a bye's empty second player is the nullable side of an outer join.
    table = (Table.objects.select_for_update(of=("self",)).select_related("round__event", "first", "second")
             .get(pk=table.pk))
    if table.is_bye:
        raise Refused("A bye has no result to enter: it scores by itself.")
    return table


def _set(table: Table, player: Player, said: str, mine: int, theirs: int) -> None:
    table.outcome = _outcome(table, player, said)
    mine, theirs = _destruction(mine), _destruction(theirs)
    first = player.pk == table.first_id
    table.first_destruction, table.second_destruction = (mine, theirs) if first else (theirs, mine)


def summary(table: Table) -> str:
    """The result in words, the winner first wherever it is shown: "Cleo beat Dov, 250 to 180 destruction
    points" (pages, PDFs and CSVs alike)."""
    if table.is_bye:
        return f"{table.first.display_name} has a bye"
    if table.outcome == Outcome.TIE:
        return f"{table.first.display_name} and {table.second.display_name} tied, " \
               f"{table.first_destruction} to {table.second_destruction} destruction points"
    if table.outcome == Outcome.FIRST:
        return f"{table.first.display_name} beat {table.second.display_name}, " \
               f"{table.first_destruction} to {table.second_destruction} destruction points"
    if table.outcome == Outcome.SECOND:
        return f"{table.second.display_name} beat {table.first.display_name}, " \
               f"{table.second_destruction} to {table.first_destruction} destruction points"
    return "no result yet"


def entry_key(table: Table) -> str:
    """What a player's confirmation refers to: the entry as they saw it (who entered what). A confirmation sent
    with another key was of an entry changed since, and confirms nothing."""
    seen = f"{table.pk}:{table.outcome}:{table.first_destruction}:{table.second_destruction}:{table.entered_by_id}"
    return hashlib.sha256(seen.encode()).hexdigest()[:16]


def _where(table: Table) -> str:
    return f"Round {table.round.number}, table {table.number}"


@transaction.atomic
def enter(*, table: Table, player: Player, said: str, mine: int, theirs: int) -> Table:
    """A player's result for their table, waiting for the opponent to confirm it (or enter another). Every entry,
    and what it replaced, is in the day's log."""
    table = _current(table)
    if player.pk not in (table.first_id, table.second_id):
        raise Refused("You can only enter the result of your own table.")
    if table.confirmed:
        raise Refused("This result is confirmed; ask an organiser to correct it.")
    if table.round != last_round(table.round.event):
        raise Refused("This round is over; ask an organiser to correct its results.")
    before = summary(table) if table.outcome else ""
    earlier = table.entered_by
    _set(table, player, said, mine, theirs)
    now = summary(table)
    if before == now and earlier == player:
        return table  # the same entry sent again: nothing changes, nothing to log
    table.entered_by = player
    table.save()
    if not before:
        what = f"{player.display_name} entered: {now}"
    elif earlier == player:
        what = f"{player.display_name} changed their entry to: {now} (was: {before})"
    else:
        whose = f"{earlier.display_name}'s entry" if earlier else "the entry"
        what = f"{player.display_name} entered: {now} (in place of {whose}: {before})"
    log(table.round.event, player.user, f"{_where(table)}: {what}.")
    return table


@transaction.atomic
def confirm(*, table: Table, player: Player, seen: str | None = None) -> Table:
    """The opponent of the player who entered the result agrees with it: with `seen` (the page's `entry_key`),
    only with the entry they saw, not one changed since."""
    table = _current(table)
    if player.pk not in (table.first_id, table.second_id):
        raise Refused("You can only confirm the result of your own table.")
    if table.confirmed:
        return table
    if not table.outcome or table.entered_by_id in (None, player.pk):
        raise Refused("Your opponent confirms the result you entered.")
    if seen is not None and seen != entry_key(table):
        raise Refused(f"{table.entered_by.display_name} changed the result before you confirmed it; it is now: "
                      f"{summary(table)}. Check it and confirm again.")
    table.confirmed, table.entered_by = True, None
    table.save(update_fields=["confirmed", "entered_by"])
    log(table.round.event, player.user, f"{_where(table)}: {player.display_name} confirmed: {summary(table)}.")
    return table


@transaction.atomic
def organiser_result(*, table: Table, winner: Player | None, first_destruction: int, second_destruction: int,
                     by, reason: str = "") -> Table:
    """An organiser's result for any table, confirmed at once; correcting a confirmed one needs a reason."""
    table = _current(table)
    reason = " ".join(reason.split())[:REASON_MAX]
    if table.confirmed and not reason:
        raise Refused("Say why the confirmed result is corrected.")
    if winner is not None and winner.pk not in (table.first_id, table.second_id):
        raise Refused("The winner must be one of the table's players.")
    before = summary(table) if table.outcome else ""
    table.outcome = Outcome.TIE if winner is None else Outcome.FIRST if winner.pk == table.first_id else Outcome.SECOND
    table.first_destruction = _destruction(first_destruction)
    table.second_destruction = _destruction(second_destruction)
    table.confirmed, table.entered_by = True, None
    table.save()
    what = f"corrected (was: {before})" if before else "entered"
    why = f"; reason: {reason}" if reason else ""
    log(table.round.event, by, f"{_where(table)}: {summary(table)}, {what}{why}.")
    return table
