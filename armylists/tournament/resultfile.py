"""Results from a CSV file (`record_results`): every row checked against the round's pairings, all or nothing.

The columns are `round,table,player,opponent,result,destruction,opponent_destruction`;
`result` is `win`, `loss` or `tie` for `player`, and a bye has an empty
`opponent` (it needs no row: it scores by itself). The results are the
organisers': confirmed at once. One row per table is enough; a second row for
the same table must say the same.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from django.db import transaction

from armylists.events.models import Event

from .models import DESTRUCTION_MAX, Table
from .results import organiser_result

COLUMNS = ("round", "table", "player", "opponent", "result", "destruction", "opponent_destruction")
ROWS_MAX = 20_000
BYTES_MAX = 5_000_000


class BadRow(ValueError):
    """A row that does not match the round's pairings: its number (the header is row 1) and why."""


@dataclass(frozen=True)
class Row:
    table: Table
    winner_id: int | None  # None: a tie
    first: int
    second: int


CELL_MAX = 1_000  # characters in a cell: a name is at most a few dozen
QUOTED_MAX = 40  # characters of a cell quoted back in a message


def quoted(text: str) -> str:
    """A cell as a message quotes it: cut short when it is long, so a message stays one readable sentence."""
    return f"“{text[:QUOTED_MAX]}…”" if len(text) > QUOTED_MAX else f"“{text}”"


def _number(row: int, name: str, text: str, high: int) -> int:
    # ASCII digits only ("²" is a digit to Python), and no longer than the highest number allowed.
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit() and len(digits) <= len(str(high))) or int(digits) > high:
        raise BadRow(f"row {row}: {name} must be a whole number from 0 to {high:,}, not {quoted(text)}")
    return int(digits)


def _read_row(event: Event, row: int, cells: dict, tables: dict) -> Row | None:
    number = _number(row, "round", cells["round"], 1000)
    seat = _number(row, "table", cells["table"], 100_000)
    table = tables.get((number, seat))
    if table is None:
        raise BadRow(f"row {row}: there is no table {seat} in round {number} of {event.name}")
    names = (table.first.display_name.casefold(), table.second.display_name.casefold() if table.second else "")
    player, opponent = cells["player"].strip().casefold(), cells["opponent"].strip().casefold()
    if table.second is None:
        if (player, opponent) != names:
            raise BadRow(f"row {row}: table {seat} of round {number} is {table.first.display_name}'s bye")
        return None
    if {player, opponent} != set(names) or player == opponent:
        raise BadRow(f"row {row}: table {seat} of round {number} is {table.first.display_name} "
                     f"v {table.second.display_name}, not {quoted(cells['player'])} v {quoted(cells['opponent'])}")
    result = cells["result"].strip().lower()
    if result not in ("win", "loss", "tie"):
        raise BadRow(f"row {row}: result must be win, loss or tie, not {quoted(cells['result'])}")
    mine = _number(row, "destruction", cells["destruction"], DESTRUCTION_MAX)
    theirs = _number(row, "opponent_destruction", cells["opponent_destruction"], DESTRUCTION_MAX)
    first_is_player = player == names[0]
    me, them = (table.first_id, table.second_id) if first_is_player else (table.second_id, table.first_id)
    winner = None if result == "tie" else me if result == "win" else them
    return Row(table, winner, *((mine, theirs) if first_is_player else (theirs, mine)))


def read(event: Event, text: str) -> list[Row]:
    """Every row checked; raises BadRow on the first that does not match, before anything is written."""
    if len(text) > BYTES_MAX:
        raise BadRow(f"the file is larger than {BYTES_MAX // 1_000_000} MB")
    reader = csv.DictReader(io.StringIO(text))
    if tuple(name.strip() for name in reader.fieldnames or ()) != COLUMNS:
        raise BadRow(f"row 1: the columns must be {','.join(COLUMNS)}")
    tables = {(t.round.number, t.number): t
              for t in Table.objects.filter(round__event=event).select_related("round", "first", "second")}
    found: dict[int, Row] = {}
    for row, cells in _rows(reader):
        if row > ROWS_MAX + 1:
            raise BadRow(f"row {row}: a file has at most {ROWS_MAX:,} rows")
        if None in cells or any(cells.get(c) is None for c in COLUMNS):
            raise BadRow(f"row {row}: it must have the {len(COLUMNS)} columns")
        if any(len(value) > CELL_MAX for value in cells.values()):
            raise BadRow(f"row {row}: a cell is longer than {CELL_MAX:,} characters")
        read_row = _read_row(event, row, {k.strip(): v for k, v in cells.items()}, tables)
        if read_row is None:
            continue
        same = found.setdefault(read_row.table.pk, read_row)
        if (same.winner_id, same.first, same.second) != (read_row.winner_id, read_row.first, read_row.second):
            raise BadRow(f"row {row}: an earlier row gives table {read_row.table.number} another result")
    return list(found.values())


def _rows(reader: csv.DictReader):
    """Each row with its number; a row the csv module cannot read (a cell past its size limit, a stray quote)
    is bad input named by its number, not an error."""
    row = 1
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error:
            raise BadRow(f"row {row + 1}: not a row of comma-separated values (a cell far too long, or a quote "
                         "left open)") from None
        row += 1
        yield row, cells


@transaction.atomic
def record(event: Event, rows: list[Row], source: str) -> int:
    """Each row as the organisers' result, confirmed at once; a confirmed one is corrected, citing the file."""
    for row in rows:
        table = row.table
        winner = None if row.winner_id is None else table.first if row.winner_id == table.first_id else table.second
        organiser_result(table=table, winner=winner, first_destruction=row.first, second_destruction=row.second,
                         by=None, reason=f"from the file {source}" if table.confirmed else "")
    return len(rows)
