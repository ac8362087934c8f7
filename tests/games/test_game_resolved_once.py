"""The game is resolved where a request, a command or a task starts and handed on: the game row a view
loads has its home (`GameSystem.home`), a library has its game's (`Library.home`), and what works for them takes
that home (a `Game`), never a slug to look up again. This counts the look-ups by slug left outside
armylists/games/, so that none is added. The aim (20 at most) is met: those left are the game row's home itself
and where a slug comes in from outside (a list file's or a faction file's `game`, a stored snapshot's, the game an
Army Forge import names, an admin row's), besides the words for what changed in a list, asked of its document's
game."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOOK_UP = re.compile(r"\bgame_home\(")
LEFT = 6  # look-ups by slug outside armylists/games/, where a slug comes in and the game is first resolved


def look_ups() -> list[str]:
    found = []
    for folder in ("armylists", "factions"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if (ROOT / "armylists" / "games") in path.parents:
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if LOOK_UP.search(line) and "def game_home" not in line:
                    found.append(f"{path.relative_to(ROOT)}:{n}")
    return found


def test_no_more_look_ups_of_a_game_by_slug_than_are_left():
    found = look_ups()
    assert len(found) <= LEFT, "hand on the game's home (GameSystem.home, Library.home) rather than look it up " \
                               f"again by slug: {len(found)} look-ups, at most {LEFT}:\n" + "\n".join(found)
