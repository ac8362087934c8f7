"""What Diskwars' rules read besides the engine's list: a command card a list chooses (Diskwars, Customising an
Army; command-card Keywords), built by its home from a card of a faction file (docs/faction-file.md, "Command
cards")."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CommandCard:
    """A command card, chosen at list time: of `faction`, and for armies of one alignment only where it says."""

    slug: str
    title: str
    faction: str
    alignment_only: str | None = None
