"""What the engine answers: the points, the limit and every violation."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Severity = Literal["error", "warning"]
# Where a violation is shown (docs/violations.md, "Where a violation is shown"): "list", once
# above the list even when it names entries (too many heroes names every hero); "entries", on
# each entry it names. The check that makes a violation says which; there is no default.
Scope = Literal["list", "entries"]
SCOPES = ("list", "entries")


@dataclass(frozen=True, slots=True)
class Violation:
    code: str  # fixed by the public contract, e.g. "too-many-heroes"
    message: str  # one sentence for the player, with the numbers
    severity: Severity = "error"
    entries: tuple[str, ...] = ()  # entry ids, in list order
    rule: str = ""  # book and section, e.g. "AoF Regiments: Force Organisation"
    scope: Scope = field(kw_only=True)

    def __post_init__(self) -> None:
        if self.scope not in SCOPES:
            raise ValueError(f"a violation's scope is one of {SCOPES}, not {self.scope!r}")
        if self.scope == "entries" and not self.entries:
            raise ValueError(f"{self.code}: a violation shown on entries names at least one")

    @property
    def list_wide(self) -> bool:
        return self.scope == "list"

    def as_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "entries": list(self.entries),
            "rule": self.rule,
        }


@dataclass(frozen=True, slots=True)
class Figure:
    """One count the builder shows against its limit, e.g. heroes 3 of 4."""

    label: str
    value: int
    limit: int | None = None
    kind: Literal["max", "min", "exact", "info"] = "max"

    @property
    def ok(self) -> bool:
        if self.limit is None or self.kind == "info":
            return True
        if self.kind == "exact":
            return self.value == self.limit
        return self.value <= self.limit if self.kind == "max" else self.value >= self.limit


@dataclass(frozen=True, slots=True)
class Report:
    points: int | None
    points_limit: int | None
    violations: tuple[Violation, ...] = ()
    entry_points: dict[str, int] = field(default_factory=dict)
    figures: tuple[Figure, ...] = ()

    @property
    def legal(self) -> bool:
        return not any(v.severity == "error" for v in self.violations)

    @property
    def errors(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity == "error")

    @property
    def warnings(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity == "warning")

    def as_dict(self) -> dict[str, object]:
        """The contract's JSON object (without "file")."""
        return {
            "legal": self.legal,
            "points": self.points,
            "points_limit": self.points_limit,
            "violations": [v.as_dict() for v in self.violations],
        }
