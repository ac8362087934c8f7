"""A game is named only in its own package and in the setting that lists the games in use.

Everything else asks the games registry (docs/architecture.md, "A game is one
package"): a slug or a game package's name written anywhere else would make a
new game touch that file too. This test reads the tree so that nothing slips back.
"""
from __future__ import annotations

import re
from pathlib import Path

from armylists.games.registry import homes

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "armylists" / "games"
SEARCHED = ("armylists", "factions", "templates")
# Python, templates and scripts; the setting that lists the games is the one place allowed.
SUFFIXES = {".py", ".html", ".js", ".txt"}
ALLOWED = {ROOT / "armylists" / "settings.py"}


def game_names() -> set[str]:
    """Each game's slug and the name of every package under armylists/games (the shared ones too)."""
    packages = {p.parent.name for p in GAMES.glob("*/__init__.py")}
    return {home.slug for home in homes()} | packages


def searched_files():
    for top in SEARCHED:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix in SUFFIXES and GAMES not in path.parents and path not in ALLOWED:
                yield path


def test_the_games_are_the_packages_in_use():
    assert {"aof-regiments", "battleground", "opr"} <= game_names()


def test_no_file_outside_the_games_package_names_a_game():
    pattern = re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(map(re.escape, sorted(game_names()))) + r")(?![A-Za-z0-9_])")
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in searched_files()
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if pattern.search(line)
    ]
    assert not found, "a game is named outside its package:\n" + "\n".join(found)
