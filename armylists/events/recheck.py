"""Re-checking an event: every latest submission against today's rules, unit data and event settings.

Nothing is written: the frozen submissions keep their verdicts, and the new
ones are shown beside them with what changed and why (the unit data, the
settings, the violations).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from armylists.boundary.errors import BadInput, said_on_page
from armylists.checking.check import Batch
from armylists.checking.listfile import parse_list
from armylists.checking.resolve import snapshot_of
from armylists.rules.text import in_words, setting_name

from .eventsettings import check_settings
from .models import Event, Player, Submission
from .people import latest_submissions

SCALARS = (str, int, float, bool, type(None))


@dataclass(frozen=True)
class Rechecked:
    player: Player
    submission: Submission
    legal: bool | None  # None when the list no longer resolves against today's data
    points: int | None
    violations: tuple[dict, ...]
    problem: str | None  # with its JSON path, as `recheck_event` prints it
    why: tuple[str, ...]
    problem_on_page: str | None = None  # in words, as the dashboard shows it (docs/checking.md, "Bad input")

    @property
    def verdict_changed(self) -> bool:
        return self.legal != self.submission.legal

    @property
    def codes(self) -> list[str]:
        return [v["code"] for v in self.violations]

    @property
    def changed(self) -> bool:
        return (self.verdict_changed or self.points != self.submission.points
                or Counter(self.codes) != Counter(self.submission.codes))

    @property
    def verdict(self) -> str:
        return "bad input" if self.legal is None else ("legal" if self.legal else "illegal")


def _value(value: Any) -> str:
    return in_words(value) if isinstance(value, SCALARS) else "changed"


def data_changes(frozen: dict, today: dict) -> list[str]:
    """Unit by unit, what today's data says differently from the frozen copy."""
    lines = []
    for slug, faction in frozen["factions"].items():
        now_units = today["factions"].get(slug, {}).get("units", {})
        for unit_slug, was in faction["units"].items():
            now = now_units.get(unit_slug)
            if now is None:
                lines.append(f"{was['name']}: no longer in the unit data")
            elif now != was:
                keys = sorted(k for k in set(was) | set(now) if was.get(k) != now.get(k))
                fields = ", ".join(
                    f"{setting_name(k).lower()} {_value(was.get(k))} → {_value(now.get(k))}"
                    if isinstance(was.get(k), SCALARS) and isinstance(now.get(k), SCALARS)
                    else f"{setting_name(k).lower()} changed"
                    for k in keys)
                lines.append(f"{was['name']}: {fields}")
    return lines


def settings_changes(frozen: dict, today: dict) -> list[str]:
    keys = sorted(k for k in set(frozen) | set(today) if frozen.get(k) != today.get(k))
    return [f"setting {setting_name(k).lower()}: {_value(frozen.get(k))} → {_value(today.get(k))}" for k in keys]


def violation_changes(before: Iterable[dict], after: Iterable[dict]) -> list[str]:
    was = Counter(v["message"] for v in before)
    now = Counter(v["message"] for v in after)
    return ([f"now reported: {message}" for message in (now - was)]
            + [f"no longer reported: {message}" for message in (was - now)])


def _recheck_one(player: Player, submission: Submission, event: Event, settings: dict,
                 batch: Batch) -> Rechecked:
    why = settings_changes(submission.checked_with, settings)
    try:
        document = parse_list(submission.document)
        checked = batch.check(document, overrides=settings)
    except (BadInput, ValueError) as error:
        return Rechecked(player, submission, None, None, (), str(error), tuple(why), said_on_page(error))
    today = snapshot_of(document, checked.library)
    violations = tuple(v.as_dict() for v in checked.report.violations)
    if checked.report.points != submission.points:
        why.append(f"points {submission.points} → {checked.report.points}")
    why = data_changes(submission.library, today) + why + violation_changes(submission.violations, violations)
    return Rechecked(player, submission, checked.report.legal, checked.report.points, violations, None, tuple(why))


def recheck_event(event: Event) -> list[Rechecked]:
    """Every player's latest submission, checked again; the unit data is got once per run."""
    batch = Batch()
    settings = check_settings(event.game, event.settings)
    return [_recheck_one(player, submission, event, settings, batch)
            for player, submission in latest_submissions(event, frozen_data=True) if submission is not None]

