"""Which moments an event's date and deadline may be (docs/events.md, "The steps").

Python's datetime holds the years 1 to 9999, and reading a moment back from the database converts it to UTC
and then to the event's zone: a wall-clock 9999-12-31 23:59 in Etc/GMT+12 is 10000-01-01 in UTC, which
PostgreSQL stores and Python cannot read back, so every page showing the event would fail. Both the moment as
entered and its UTC are kept within 1900 to 2999: far inside Python's years whatever the zone (no offset
reaches a day), so any arithmetic on them stays in range too, and wide enough for any real event. Before
1900 the time zone database has only local mean time, and no event is run there.
"""
from __future__ import annotations

from datetime import UTC, datetime

FIRST_YEAR, LAST_YEAR = 1900, 2999


def date_fault(moment: datetime) -> str | None:
    """Why an aware `moment` cannot be an event's date, as a sentence's end ("must be ..."); None if it can."""
    try:
        utc = moment.astimezone(UTC)
    except (OverflowError, ValueError):
        utc = None
    if utc is None or not all(FIRST_YEAR <= m.year <= LAST_YEAR for m in (moment, utc)):
        return f"must be between the years {FIRST_YEAR} and {LAST_YEAR}"
    return None
