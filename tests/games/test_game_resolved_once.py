"""The game is resolved where a request, a command or a task starts and handed on: the game row a view
loads has its home (`GameSystem.home`), a library has its game's (`Library.home`). This counts the look-ups by
slug left outside armylists/games/, so that none is added; the figure comes down as each is handed on (the aim
is 20 at most)."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOOK_UP = re.compile(r"\bgame_home\(")
LEFT = 47  # look-ups by slug outside armylists/games/, after GameSystem.home and Library.home


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
