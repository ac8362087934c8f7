"""A game's home is a small hub of parts, each optional where a game lacks the idea (docs/architecture.md,
"A game is one package"): a caller knows from None that a game has no command cards, no magic or reads no Army
Forge files, so no method under armylists/games/ refuses for a missing idea."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from armylists.games.builder import Builder
from armylists.games.files import Files
from armylists.games.library import LibraryQuestions
from armylists.games.parts import ArmyForge, CommandCards, Magic
from armylists.games.printing import Printing
from armylists.games.registry import homes

GAMES = Path(__file__).resolve().parents[2] / "armylists" / "games"
PARTS = {"cards": CommandCards, "magic": Magic, "army_forge_reader": ArmyForge}


def _modules():
    for path in sorted(GAMES.rglob("*.py")):
        yield path.relative_to(GAMES.parent.parent), ast.parse(path.read_text(encoding="utf-8"))


def _classes():
    for path, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                yield path, node


def test_no_method_under_the_games_raises_not_implemented_error():
    raising = [f"{path}:{node.lineno}" for path, tree in _modules() for node in ast.walk(tree)
               if isinstance(node, ast.Raise) and node.exc is not None
               and "NotImplementedError" in ast.unparse(node.exc)]
    assert not raising, "a method refuses a game that lacks its idea; make the idea an optional part:\n" + \
        "\n".join(raising)


@pytest.mark.parametrize("home", homes(), ids=lambda h: h.slug)
def test_each_optional_part_is_none_or_a_whole_part(home):
    for name, part in PARTS.items():
        found = getattr(home, name)
        assert found is None or isinstance(found, part), (home.slug, name)


def test_every_class_under_the_games_is_small():
    """Each class under armylists/games/ (a game's hub, its parts, its schemas, its rules) has one job: no more
    than 150 lines and 25 methods (docs/architecture.md, "A game is one package")."""
    big = [f"{path}:{cls.lineno} {cls.name}: {cls.end_lineno - cls.lineno + 1} lines, {_methods(cls)} methods"
           for path, cls in _classes() if cls.end_lineno - cls.lineno + 1 > 150 or _methods(cls) > 25]
    assert not big, big


def _methods(cls: ast.ClassDef) -> int:
    return sum(isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) for node in cls.body)


@pytest.mark.parametrize("home", homes(), ids=lambda h: h.slug)
def test_each_home_holds_its_parts(home):
    """A game is a small hub holding a part per job: `home.files`, `home.library`, `home.builder`,
    `home.printing`, each the game's own subclass where it differs, and each knowing its game."""
    for name, part in {"files": Files, "library": LibraryQuestions, "builder": Builder, "printing": Printing}.items():
        found = getattr(home, name)
        assert isinstance(found, part) and found.game is home, (home.slug, name)
