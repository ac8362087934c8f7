"""A game's unit fields are read by name only in the games' package.

Each game declares its units' own fields once, in its home (docs/architecture.md,
"A game is one package"); whatever else needs to know something of a unit
("is it a hero?", "how many models?", "what does it cost?") asks the game
(`Game.is_hero`, `models_of`, `listed_cost`...). A field's name written in a
shared layer would make a game whose units spell it otherwise, or lack it, touch
that file too. This test reads the tree, as `test_games_named_once.py` does, so
that nothing slips back: a unit's fields read by name (`details.get("hero")`,
`details["models"]`, `unit.details.kind` in a template, `getattr(unit, "spellcaster")`,
`doc.get("hero")` of a unit's document) or a hard-coded tuple of them.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

from armylists.games.own_fields import FACTION_SHARED
from armylists.games.own_fields import UNIT_SHARED as SHARED
from armylists.games.registry import homes

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "armylists" / "games"
PYTHON = ("armylists", "factions")
TEMPLATES = ROOT / "templates"
# Names a shared layer uses for a unit's document or its own fields (`own = unit.details`).
UNIT_DOCUMENTS = r"(?:details|doc|own|unit|was)"
# The engine lies below the games and cannot ask them (docs/architecture.md, "The layers"): its
# `weapons_from` reads an option's weapons and a unit's alike, as the faction file writes both.
ALLOWED = {("armylists/rules/model.py", "weapons")}


def field_names() -> set[str]:
    """Every game's own unit fields, as its faction file names them (what every unit has is not one)."""
    return {f.name for home in homes() for f in home.unit_fields} - SHARED


def python_files():
    for top in PYTHON:
        for path in sorted((ROOT / top).rglob("*.py")):
            if GAMES not in path.parents and "migrations" not in path.parts:
                yield path


def reads_by_name(names: set[str]) -> re.Pattern[str]:
    name = "(" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + ")"
    quoted = rf"""["']{name}["']"""
    return re.compile("|".join((
        rf"\b{UNIT_DOCUMENTS}\s*\.\s*get\(\s*{quoted}",  # details.get("hero"), doc.get("models", 1)
        rf"\b{UNIT_DOCUMENTS}\s*\[\s*{quoted}\s*\]",  # details["models"]
        rf"\bdetails\.{name}\b",  # unit.details.hero, in a template or in Python
        rf"\bgetattr\(\s*{UNIT_DOCUMENTS}\s*,\s*{quoted}",  # getattr(unit, "spellcaster", None)
    )))


def read_by_name(path: Path, pattern: re.Pattern[str]) -> list[str]:
    where = path.relative_to(ROOT)
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        named = {next(group for group in match.groups() if group) for match in pattern.finditer(line)}
        if {(where.as_posix(), name) for name in named} - ALLOWED:
            found.append(f"{where}:{number}: {line.strip()}")
    return found


def key_tuples(path: Path, names: set[str]) -> list[str]:
    """Tuples, lists and sets of words of which two or more are unit fields: `("models", "hero", ...)`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and node.elts and all(
                isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts):
            named = sorted({e.value for e in node.elts} & names)
            if len(named) >= 2:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {', '.join(named)}")
    return found


def test_the_games_declare_the_fields_searched_for():
    assert {"hero", "models", "kind", "cost", "spellcaster", "weapons"} <= field_names()


def test_nothing_outside_the_games_reads_a_units_own_field_by_name():
    names = field_names()
    pattern = reads_by_name(names)
    found = [line for path in python_files() for line in read_by_name(path, pattern)]
    found += [line for path in sorted(TEMPLATES.rglob("*.html")) for line in read_by_name(path, pattern)]
    found += [line for path in python_files() for line in key_tuples(path, names)]
    assert not found, "a unit's own field is read by name outside the games (ask its game):\n" + "\n".join(found)


def test_the_search_finds_what_it_is_for():
    pattern = reads_by_name({"hero", "models", "kind", "spellcaster"})
    for line in ('unit.details.get("kind") == "hero"', "own.get('models', 1)", 'doc["models"]',
                 '{% if unit.details.hero %}', 'getattr(unit, "spellcaster", None)'):
        assert pattern.search(line), line
    for line in ('entry.get("size")', 'getattr(entry, "regiment", None)', 'unit.details.items()'):
        assert not reads_by_name({"size", "regiment"}).search(line), line


# --- a faction's own fields (an alignment, command cards, grimoires, a book's spells, an Army Forge book)

# Names a shared layer uses for a faction: its row, its document, its file's model (validated) or its own fields.
FACTIONS = r"(?:details|own|faction|faction_row|faction_in|existing)"


def faction_field_names() -> set[str]:
    """Every game's own faction fields, as its faction file names them."""
    return {f.name for home in homes() for f in home.faction_fields} - FACTION_SHARED


def reads_faction_fields(names: set[str]) -> re.Pattern[str]:
    name = "(" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + ")"
    quoted = rf"""["']{name}["']"""
    return re.compile("|".join((
        rf"\b{FACTIONS}\s*\.\s*get\(\s*{quoted}",  # details.get("alignment")
        rf"\b{FACTIONS}\s*\[\s*{quoted}\s*\]",  # details["spells"]
        rf"\b{FACTIONS}\.{name}\b",  # faction.army_forge, faction_row.command_cards.all(), {{ faction.spells }}
        rf"\bgetattr\(\s*(?:data|faction|faction_in)\s*,\s*{quoted}",  # getattr(data, "grimoires", [])
        rf"\bvalues_list\(\s*{quoted}",  # .values_list("army_forge", flat=True)
    )))


def test_the_games_declare_the_faction_fields_searched_for():
    assert {"alignment", "command_cards", "grimoires", "spells", "army_forge"} <= faction_field_names()


def test_nothing_outside_the_games_reads_a_factions_own_field_by_name():
    names = faction_field_names()
    pattern = reads_faction_fields(names)
    found = [line for path in python_files() for line in read_by_name(path, pattern)]
    found += [line for path in sorted(TEMPLATES.rglob("*.html")) for line in read_by_name(path, pattern)]
    found += [line for path in python_files() for line in key_tuples(path, names)]
    assert not found, "a faction's own field is read by name outside the games (ask its game):\n" + "\n".join(found)


def test_the_faction_search_finds_what_it_is_for():
    """Each way the library read a faction's own fields before they were declared."""
    pattern = reads_faction_fields({"alignment", "command_cards", "grimoires", "spells", "army_forge"})
    for line in ('"alignment": getattr(data, "alignment", "") or ""', "faction_row.command_cards.all()",
                 "{% if faction.spells %}", 'values_list("army_forge", flat=True)', "existing.army_forge else []",
                 'getattr(faction, "grimoires", [])', 'details.get("alignment")', "self.faction.army_forge.version"):
        assert pattern.search(line), line
    for line in ('entry.get("spells")', "existing.army_forge_book", 'raw.get("spells", [])', "magic.grimoires"):
        assert not pattern.search(line), line
