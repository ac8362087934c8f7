"""A game's home is made of parts, each optional where a game lacks the idea (issue 42; docs/architecture.md,
"A game is one package"): a caller knows from None that a game has no command cards, no magic or reads no Army
Forge files, so no method under armylists/games/ refuses for a missing idea."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from armylists.games.parts import ArmyForge, CommandCards, Magic
from armylists.games.registry import homes

GAMES = Path(__file__).resolve().parents[2] / "armylists" / "games"
PARTS = {"cards": CommandCards, "magic": Magic, "army_forge_reader": ArmyForge}


def _classes():
    for path in sorted(GAMES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                yield path.relative_to(GAMES.parent.parent), node


def test_no_method_under_the_games_raises_not_implemented_error():
    raising = [f"{path}:{node.lineno} {cls.name}" for path, cls in _classes() for node in ast.walk(cls)
               if isinstance(node, ast.Raise) and node.exc is not None
               and "NotImplementedError" in ast.unparse(node.exc)]
    assert not raising, "a method refuses a game that lacks its idea; make the idea an optional part:\n" + \
        "\n".join(raising)


@pytest.mark.parametrize("home", homes(), ids=lambda h: h.slug)
def test_each_optional_part_is_none_or_a_whole_part(home):
    for name, part in PARTS.items():
        found = getattr(home, name)
        assert found is None or isinstance(found, part), (home.slug, name)


def test_the_parts_are_small():
    """Each part has one job: no more than 150 lines and 25 methods."""
    parts_module = GAMES / "parts.py"
    big = [f"{cls.name}: {cls.end_lineno - cls.lineno + 1} lines, "
           f"{sum(isinstance(n, ast.FunctionDef) for n in cls.body)} methods"
           for cls in ast.parse(parts_module.read_text(encoding="utf-8")).body if isinstance(cls, ast.ClassDef)
           and (cls.end_lineno - cls.lineno + 1 > 150 or sum(isinstance(n, ast.FunctionDef) for n in cls.body) > 25)]
    assert not big, big
