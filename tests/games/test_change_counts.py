"""docs/architecture.md, "Which folders a change touches", counts the files each kind of change touches; where a
count can be checked it is: every game in use is the package of five files the table names, so a sixth game is
those five (and a campaign package, with campaign rules) and a line in MUSTER_GAMES."""
from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
TABLE = (ROOT / "docs" / "architecture.md").read_text()
NEW_GAME_ROW = next(line for line in TABLE.splitlines() if line.startswith("| **A new game**"))


def named_files() -> set[str]:
    """The files the table's "A new game" row lists, from "(5 files: `__init__.py`, ...)"."""
    listed = re.search(r"\((\d+) files: ([^)]*)\)", NEW_GAME_ROW)
    names = {name for name in re.findall(r"`([^`]+)`", listed.group(2)) if not name.endswith("/")}
    assert len(names) == int(listed.group(1)), "the row's count and its list of files disagree"
    return names


def test_every_game_in_use_is_the_package_the_table_describes():
    expected = named_files()
    for path in settings.MUSTER_GAMES:
        package = Path(import_module(path).__file__).parent
        entries = {p.name for p in package.iterdir() if p.name != "__pycache__"}
        # A game's rules may be one module or a package of them; a campaign package comes with campaign rules.
        found = {"rules.py" if name == "rules" else name for name in entries} - {"campaign"}
        assert found == expected, f"{path}: {sorted(found ^ expected)}"
        if "campaign" in entries:
            assert "`campaign/`" in NEW_GAME_ROW
