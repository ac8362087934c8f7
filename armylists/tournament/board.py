"""What a standings poll sends when the day has changed (docs/events.md, "Polling"): only the rows that differ
from the board its page showed, each swapped in by htmx in place of the row of the same place in the table.

Every board a page is given is remembered for a while, a digest of each row, under the event, the day's version
and whether its viewer sees the factions (another column: `sees_factions`); the page's poll names that board
(`?shown=`, version and columns), which counts only with the poll token, signed for that version. A poll whose
board is not remembered (expired, drawn while the day moved on, another number of rows or columns, a name or
token that does not match), or nearly all of whose rows changed, gets the whole board instead.
"""
from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.http import HttpRequest
from django.utils.crypto import constant_time_compare
from django.utils.safestring import SafeString, mark_safe

from .polling import current_version, poll_token

# A page polls every 10 seconds; a browser slows the timers of a tab in the background to one a minute or less.
KEEP_S = 5 * 60
# From this share of the rows changed, the whole board: hardly longer, and swapped in at once. In round 1 every
# result moves nearly every row (the rank of all who have not played yet, and everyone below the winner).
WHOLE_BOARD_SHARE = 0.9


def _key(event_pk: int, version: str, factions: bool) -> str:
    return f"standings-board:{event_pk}:{version}:{int(factions)}"


def _digests(rows: list[SafeString]) -> list[str]:
    return [hashlib.blake2b(row.encode(), digest_size=8).hexdigest() for row in rows]


def remember(event, version: str | None, factions: bool, rows: list[SafeString]) -> str:
    """The name of the board `rows` make for the page's poll (`?shown=`), remembered for that poll; "" when the
    day moved on while the rows were drawn (they may show more than `version`: its next poll gets the whole
    board)."""
    if version is None or current_version(event.slug) != version:
        return ""
    key = _key(event.pk, version, factions)
    if cache.get(key) is None:  # one look-up for every page after the first at this version (add is four)
        cache.set(key, _digests(rows), KEEP_S)
    return f"{version}:{int(factions)}"


def changed_places(request: HttpRequest, event, factions: bool, rows: list[SafeString]) -> list[int] | None:
    """The places (from 0) whose rows differ from the board the poll's page showed; None for the whole board:
    when that board is not known (the module's docstring), or nearly every row changed."""
    version, _, columns = request.GET.get("shown", "").rpartition(":")
    if columns != str(int(factions)) or not constant_time_compare(request.GET.get("seen", ""),
                                                                   poll_token(request, event.slug, version)):
        return None
    before = cache.get(_key(event.pk, version, factions))
    if before is None or len(before) != len(rows):
        return None
    changed = [place for place, (old, new) in enumerate(zip(before, _digests(rows), strict=True)) if old != new]
    return changed if len(changed) < WHOLE_BOARD_SHARE * len(rows) else None


def out_of_band(row: SafeString) -> SafeString:
    """A row of `standing_rows` (pages.py), escaped, that htmx swaps in place of the one with its id (sent in a
    <template>: a <tr> does not stand alone in a fragment)."""
    return mark_safe('<tr hx-swap-oob="true" ' + row.removeprefix("<tr "))
