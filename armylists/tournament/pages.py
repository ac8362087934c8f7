"""What the day's pages show (read side): the current round, a player's table, the organisers' panel."""
from __future__ import annotations

from django.utils.html import format_html
from django.utils.safestring import SafeString

from armylists.events.models import Event, Player, Submission
from armylists.events.permissions import Access

from .day import describe, in_round, may_undo_drop
from .models import Dropped, LateEntry, LateInvitation, LogEntry, Round, Table
from .read import Standing, book_scoring, entrants, round_closed, tournament_of
from .results import entry_key, summary
from .sideboards import latest_set, rule_of, sideboard_sets


def current_round(event: Event) -> Round | None:
    return Round.objects.filter(event=event).order_by("-number").first()


def tables_of(round_: Round) -> list[Table]:
    """The round's tables, each confirmed one with its result in words (`result`, the winner first)."""
    tables = list(round_.tables.select_related("first", "second", "entered_by").order_by("number"))
    for table in tables:
        table.result = summary(table) if table.confirmed else ""
    return tables


def my_table(round_: Round | None, player: Player | None) -> Table | None:
    if round_ is None or player is None:
        return None
    return (round_.tables.select_related("first", "second").filter(first=player).first()
            or round_.tables.select_related("first", "second").filter(second=player).first())


def opponent_of(table: Table, player: Player) -> Player | None:
    return table.second if table.first_id == player.pk else table.first


def day_context(access: Access) -> dict:
    event = access.event
    tournament = tournament_of(event)
    round_ = current_round(event)
    closed = round_ is None or round_closed(round_)
    context = {"event": event, "access": access, "tournament": tournament, "round": round_, "closed": closed,
               "running": round_ is not None and not closed,
               "finished": round_ is not None and closed and round_.number >= tournament.rounds,
               "from_book": book_scoring(event) is not None}
    context["sideboard_rule"] = rule_of(event)
    if access.player is not None:
        context["my_drop"] = Dropped.objects.filter(player=access.player).first()
        context["my_late"] = LateEntry.objects.filter(player=access.player).first()
        context["my_sideboards"] = latest_set(access.player) if context["sideboard_rule"] else None
        table = my_table(round_, access.player)
        context["table"] = table
        context["opponent"] = opponent = opponent_of(table, access.player) if table else None
        # A late player may have no list: then there is no roster to link to (the link would lead nowhere).
        context["opponent_has_list"] = opponent is not None and Submission.objects.filter(player=opponent).exists()
        context["summary"] = summary(table) if table and table.outcome else ""
        context["entry_key"] = entry_key(table) if table and table.outcome else ""
    if access.is_organiser:
        context["tables"] = tables_of(round_) if round_ else []
        context["scoring_text"] = describe(tournament)
        context["sideboard_sets"] = sideboard_sets(event) if context["sideboard_rule"] else []
        players = entrants(event)
        number = round_.number + 1 if round_ else 1
        context["active"] = [p for p in players if in_round(p, number)]
        paired = round_.number if round_ else 0
        context["dropped"] = [(p, p.dropped, may_undo_drop(p.dropped, paired)) for p in players
                              if getattr(p, "dropped", None) is not None]
        context["late_invitations"] = list(LateInvitation.objects.filter(event=event))
        context["log"] = list(LogEntry.objects.filter(event=event).select_related("by").order_by("-at", "-pk")[:100])
    return context


FACTION_CELL = "<td>{}</td>"
# Each row's id is its place in the table (from 1), which a standings poll's changed rows are swapped into
# (board.py).
STANDING_ROW = ('<tr id="standing-{}" data-testid="standing"><td class="num" data-label="Rank" data-testid="rank">{}'
                '</td><td><strong data-testid="standing-player">{}</strong> <span class="muted" '
                'data-testid="standing-notes">{}</span></td>' + FACTION_CELL +
                '<td class="num" data-testid="vp">{} VP</td><td class="num" data-label="Destruction points">{}</td>'
                '<td class="num" data-testid="played">{}</td><td class="opponents" data-label="Opponents">{}</td></tr>')


def standing_rows(standings: list[Standing], factions: bool = True) -> list[SafeString]:
    """The standings' rows, escaped, built here: 1,000 rows through the template engine take half a second.
    Without `factions`, no faction cell (a player's view before the lists are published: `sees_factions`)."""
    row = STANDING_ROW if factions else STANDING_ROW.replace(FACTION_CELL, "", 1)
    return [format_html(row, place, s.line.rank, s.player.display_name, f"({s.notes})" if s.notes else "",
                        *((s.player.faction or "no list",) if factions else ()), s.line.vp, s.line.destruction,
                        s.played, s.opponent_names or "–")
            for place, s in enumerate(standings, start=1)]
