"""A game's unit and option fields are read by name only in the games' package.

Each game declares its units' own fields once, in its home (docs/architecture.md,
"A game is one package"); whatever else needs to know something of a unit
("is it a hero?", "how many models?", "what does it cost?") asks the game
(`home.library.is_hero`, `models_of`, `listed_cost`...). A field's name written in a
shared layer would make a game whose units spell it otherwise, or lack it, touch
that file too. This test reads the tree, as `test_games_named_once.py` does, so
that nothing slips back: a unit's fields read by name (`details.get("hero")`,
`details["models"]`, `unit.details.kind` in a template, `getattr(unit, "spellcaster")`,
`doc.get("hero")` of a unit's document) or a hard-coded tuple of them. An option's own fields
(an OPR option's `scope`, `command`, `weapons`...) likewise: a shared layer asks the game
(`home.library.option_cost_note`, `option_card_notes`, `option_taken_once`), or the code is the game's.

The same holds for a list entry's own fields and an army's, declared by the game's list file schema and its
list settings (`Files.entry_fields`, `Files.army_details`): what a shared layer needs of them it asks the game,
or draws by the kind of control the game declares for each field (`own_fields.CONTROLS`), never by name
(`entry.combined`, `raw.get("size")`, `entry["regiment"]`, `army.cards_chosen`, `entry.raw.size` in a template).
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

from armylists.games.files import ARMY_SHARED
from armylists.games.own_fields import ENTRY_SHARED, FACTION_SHARED, OPTION_SHARED
from armylists.games.own_fields import UNIT_SHARED as SHARED
from armylists.games.registry import homes
from armylists.games.schema import ListIn

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "armylists" / "games"
PYTHON = ("armylists", "factions")
TEMPLATES = ROOT / "templates"
# Names a shared layer uses for a unit's document or its own fields (`own = unit.details`).
UNIT_DOCUMENTS = r"(?:details|doc|own|unit|was)"
# Names a shared layer uses for an option, its document or its own fields (`for o in doc["options"]`).
OPTIONS = r"(?:o|opt|option|details)"
# The engine lies below the games and cannot ask them (docs/architecture.md, "The layers"): its
# `Entry.rules` reads the rules an option grants, named as a unit's own rules are.
ALLOWED = {("armylists/rules/model.py", "rules")}
# Names a shared layer uses for a list entry (the engine's `Entry`, its list file's document, what its form
# shows) and for the engine's `Army`.
ENTRY_DOCUMENTS = r"(?:entry|e|raw|state|hero|host|target|troop|joining|copy|other|fields)"
ARMIES = r"(?:army|lst)"


def field_names() -> set[str]:
    """Every game's own unit fields, as its faction file names them (what every unit has is not one)."""
    return {f.name for home in homes() for f in home.files.unit_fields} - SHARED


def option_field_names() -> set[str]:
    """Every game's own option fields, as its faction file names them (what every option has is not one)."""
    return {f.name for home in homes() for f in home.files.option_fields} - OPTION_SHARED


def python_files():
    for top in PYTHON:
        for path in sorted((ROOT / top).rglob("*.py")):
            if GAMES not in path.parents and "migrations" not in path.parts:
                yield path


def reads_by_name(names: set[str]) -> re.Pattern[str]:
    name = one_of(names)
    quoted = rf"""["']{name}["']"""
    return re.compile("|".join((
        rf"\b{UNIT_DOCUMENTS}\s*\.\s*get\(\s*{quoted}",  # details.get("hero"), doc.get("models", 1)
        rf"\b{UNIT_DOCUMENTS}\s*\[\s*{quoted}\s*\]",  # details["models"]
        rf"\bdetails\.{name}\b",  # unit.details.hero, in a template or in Python
        rf"\bgetattr\(\s*{UNIT_DOCUMENTS}\s*,\s*{quoted}",  # getattr(unit, "spellcaster", None)
    )))


def option_reads_by_name(names: set[str]) -> re.Pattern[str]:
    """An option's own field read by name: as an attribute too (`option.scope`, `o.command` in a template or
    in Python), as the engine's option and the library's row once had them."""
    name = one_of(names)
    quoted = rf"""["']{name}["']"""
    return re.compile("|".join((
        rf"\b{OPTIONS}\s*\.\s*get\(\s*{quoted}",  # o.get("scope", "unit"), details.get("command")
        rf"\b{OPTIONS}\s*\[\s*{quoted}\s*\]",  # o["replaces"]
        rf"\b{OPTIONS}\s*\.\s*{name}\b",  # option.scope, o.command, details.replaces
        rf"\bgetattr\(\s*{OPTIONS}\s*,\s*{quoted}",  # getattr(o, "army_forge_id", "")
    )))


def read_by_name(path: Path, pattern: re.Pattern[str], allowed: set[tuple[str, str]] = ALLOWED) -> list[str]:
    where = path.relative_to(ROOT)
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        named = {next(group for group in match.groups() if group) for match in pattern.finditer(line)}
        if {(where.as_posix(), name) for name in named} - allowed:
            found.append(f"{where}:{number}: {line.strip()}")
    return found


def read_outside_the_games(pattern: re.Pattern[str], names: set[str]) -> list[str]:
    """Every line of the shared layers' code and of the templates that reads one of `names` by name as `pattern`
    finds it, and every tuple of two or more of them."""
    found = [line for path in python_files() for line in read_by_name(path, pattern)]
    found += [line for path in sorted(TEMPLATES.rglob("*.html")) for line in read_by_name(path, pattern)]
    return found + [line for path in python_files() for line in key_tuples(path, names)]


def one_of(names: set[str]) -> str:
    """A regular expression's group matching any of `names` (the longest first, so none is cut short)."""
    return "(" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + ")"


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


def entry_field_names() -> set[str]:
    """Every game's own list entry fields, as its list file names them."""
    return {f.name for home in homes() for f in home.files.entry_fields} - ENTRY_SHARED


def army_field_names() -> set[str]:
    """Every game's own fields of the engine's `Army`: its list settings' and what it resolves from the library."""
    return {name for home in homes() for name in home.files.army_details({})} - ARMY_SHARED


def entry_reads_by_name(entry_names: set[str], army_names: set[str]) -> re.Pattern[str]:
    entry, army = one_of(entry_names), one_of(army_names)
    quoted = rf"""["']{entry}["']"""
    return re.compile("|".join((
        rf"\b{ENTRY_DOCUMENTS}\s*\.\s*get\(\s*{quoted}",  # entry.get("size"), raw.get("spells", [])
        rf"\b{ENTRY_DOCUMENTS}\s*\[\s*{quoted}\s*\]",  # entry["regiment"] = ..., state["combined"]
        rf"\b{ENTRY_DOCUMENTS}\s*\.\s*{entry}\b",  # entry.combined, e.size, entry.raw.size in a template
        rf"\bgetattr\(\s*{ENTRY_DOCUMENTS}\s*,\s*{quoted}",  # getattr(entry, "regiment", None)
        rf"""["']{entry}["']\s+in\s+[\w.]*fields\b""",  # {% if "combined" in entry.fields %}
        rf"\b{ARMIES}\s*\.\s*{army}\b",  # army.cards_chosen, army.grimoires
    )))


def test_the_games_declare_the_fields_searched_for():
    assert {"hero", "models", "kind", "cost", "spellcaster", "weapons"} <= field_names()


def test_nothing_outside_the_games_reads_a_units_own_field_by_name():
    names = field_names()
    pattern = reads_by_name(names)
    found = read_outside_the_games(pattern, names)
    assert not found, "a unit's own field is read by name outside the games (ask its game):\n" + "\n".join(found)


def test_the_search_finds_what_it_is_for():
    pattern = reads_by_name({"hero", "models", "kind", "spellcaster"})
    for line in ('unit.details.get("kind") == "hero"', "own.get('models', 1)", 'doc["models"]',
                 '{% if unit.details.hero %}', 'getattr(unit, "spellcaster", None)'):
        assert pattern.search(line), line
    for line in ('entry.get("size")', 'getattr(entry, "regiment", None)', 'unit.details.items()'):
        assert not reads_by_name({"size", "regiment"}).search(line), line


def test_the_games_declare_the_entry_and_army_fields_searched_for():
    assert {"combined", "joined_to", "size", "regiment", "grimoire", "spells"} <= entry_field_names()
    assert {"force_organisation", "mixed_armies", "cards_bought", "cards_chosen", "regiments",
            "grimoires"} <= army_field_names()


def test_nothing_outside_the_games_reads_an_entrys_or_an_armys_own_field_by_name():
    entries, armies = entry_field_names(), army_field_names()
    pattern = entry_reads_by_name(entries, armies)
    found = read_outside_the_games(pattern, entries)
    assert not found, ("a list entry's or an army's own field is read by name outside the games (ask its game, or "
                       "draw it by the kind of control it declares):\n" + "\n".join(found))


def test_the_entry_search_finds_what_it_is_for():
    """Each line is one the shared layers held before entries had details of their own."""
    pattern = entry_reads_by_name({"combined", "joined_to", "size", "regiment", "grimoire", "spells"},
                                  {"cards_bought", "cards_chosen", "grimoires"})
    for line in ('combined=getattr(entry, "combined", False), joined_to=getattr(entry, "joined_to", None),',
                 'size = getattr(entry, "size", None)', '"size": entry.get("size") or "",',
                 'entry["regiment"] = heroes[-1]', 'label += f" [{models * (2 if entry.combined else 1)}]"',
                 'spec_of(army.game, e.unit, combined=e.combined, size=e.size)', 'if army.cards_bought:',
                 'grimoires = {g.slug: g for g in army.grimoires}', '{% if entry.raw.size %}',
                 '{% if "joined_to" in entry.fields %}', 'chosen = list(raw.get("spells", []))',
                 'fields["combined"] = state["combined"]'):
        assert pattern.search(line), line
    for line in ('entry.get("faction") or document["faction"]', 'raw.get(magic.spells_field, [])',
                 'library.grimoires', 'unit.sizes[0].size', 'entry.details[field.name]', 'own.kind == "size"',
                 'upload.size', 'army.entries'):
        assert not pattern.search(line), line


def test_the_games_declare_the_option_fields_searched_for():
    assert {"scope", "command", "weapons", "replaces", "rules"} <= option_field_names()


def test_nothing_outside_the_games_reads_an_options_own_field_by_name():
    names = option_field_names()
    pattern = option_reads_by_name(names)
    found = read_outside_the_games(pattern, names)
    assert not found, "an option's own field is read by name outside the games (ask its game):\n" + "\n".join(found)


def test_the_option_search_finds_what_it_is_for():
    pattern = option_reads_by_name({"scope", "command", "replaces", "army_forge_id"})
    for line in ('cost_text(o.cost, o.scope)', 'once = option.command', 'o.get("scope", "unit")',
                 '{% for replaced in option.replaces %}', 'getattr(o, "army_forge_id", "")', 'details["command"]'):
        assert pattern.search(line), line
    for line in ('v.scope == "list"', 'Violation(scope="entries")', 'option.cost', 'o.group', 'commands.scope'):
        assert not pattern.search(line), line


# --- a faction's own fields (an alignment, command cards, grimoires, a book's spells, an Army Forge book)

# Names a shared layer uses for a faction: its row, its document, its file's model (validated) or its own fields.
FACTIONS = r"(?:details|own|faction|faction_row|faction_in|existing)"


def faction_field_names() -> set[str]:
    """Every game's own faction fields, as its faction file names them."""
    return {f.name for home in homes() for f in home.files.faction_fields} - FACTION_SHARED


def reads_faction_fields(names: set[str]) -> re.Pattern[str]:
    name = one_of(names)
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
    found = read_outside_the_games(pattern, names)
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


# Attribute reads named as a game's faction field on whatever object (`f.alignment`, `source.grimoires`,
# `library.factions[f].spells`...): a facade named after the fields would hide them from the patterns above.
# Each read allowed is of something else spelt the same: (what it is read of, as written; the attribute) -> why.
ATTRIBUTES_ALLOWED = {
    ("library", "command_cards"): "every card of the game by slug (`GameLibrary.command_cards`), asked of the game",
    ("library", "grimoires"): "the game's grimoires as its rules read them (`Game.grimoire`), not a faction's",
    ("self", "grimoires"): "the same, in `Library` itself",
    ("library", "spells"): "the game's spells by slug, from its grimoires (`Library.spells`)",
    ("magic", "grimoires"): "the grimoires an entry's caster may choose (`controls.Caster`)",
    ("magic.current", "spells"): "a grimoire's spells (`library_items.Grimoire`)",
    ("g", "spells"): "a grimoire's spells (`library_items.Grimoire`)",
    ("self.library.grimoire(grimoire)", "spells"): "a grimoire's spells (`library_items.Grimoire`)",
    ("c", "spells"): "the spells a roster card prints (`printing.cards.Card`)",
    ("j", "spells"): "the spells a joined hero's roster card prints (`printing.cards.Card`)",
}


def attribute_reads(path: Path, names: set[str], root: Path = ROOT) -> list[str]:
    """Each `<anything>.<a faction field>` of `path` not in `ATTRIBUTES_ALLOWED`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in names \
                and (ast.unparse(node.value), node.attr) not in ATTRIBUTES_ALLOWED:
            found.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_shared_layer_reads_an_attribute_named_as_a_factions_own_field():
    names = faction_field_names()
    found = [line for path in python_files() for line in attribute_reads(path, names)]
    assert not found, ("an attribute named as a faction's own field is read outside the games (ask its game, or "
                       "name it by its role):\n" + "\n".join(found))


def test_the_attribute_search_finds_what_it_is_for(tmp_path):
    """Each way a shared layer read the library's facade of a faction's fields."""
    code = tmp_path / "shared.py"
    code.write_text("f.alignment\nsource.grimoires\nlibrary.factions[f].spells\nx.f.command_cards\n"
                    "library.grimoires\nmagic.current.spells\n")
    names = {"alignment", "grimoires", "spells", "command_cards"}
    found = [line.split(": ", 1)[1] for line in attribute_reads(code, names, tmp_path)]
    assert found == ["f.alignment", "source.grimoires", "library.factions[f].spells", "x.f.command_cards"]



# --- a list file's own top-level fields (Diskwars' chosen `command_cards`, OPR's `force_organisation`...)

# Names a shared layer uses for a list file's document, as stored or validated.
LIST_DOCUMENTS = r"(?:document|doc|data|lst|listed)"


def list_field_names() -> set[str]:
    """Every game's own top-level fields of its list file: its list schema's beyond what every list has."""
    return {name for home in homes() for name in home.list_schema.model_fields} - set(ListIn.model_fields)


def reads_list_fields(names: set[str]) -> re.Pattern[str]:
    name = one_of(names)
    quoted = rf"""["']{name}["']"""
    return re.compile("|".join((
        rf"\b{LIST_DOCUMENTS}\s*\.\s*get\(\s*{quoted}",  # army_list.document.get("command_cards", [])
        rf"\b{LIST_DOCUMENTS}\s*\[\s*{quoted}\s*\]",  # document["regiments"]
        rf"\(\s*{LIST_DOCUMENTS}\s*,\s*{quoted}",  # _set(document, "command_cards", cards)
        rf"\b{LIST_DOCUMENTS}\s*\.\s*{name}\b",  # document.command_cards, validated
    )))


def test_the_games_declare_the_list_fields_searched_for():
    assert {"command_cards", "regiments", "force_organisation", "mixed_armies"} <= list_field_names()


def test_nothing_outside_the_games_reads_a_lists_own_field_by_name():
    names = list_field_names()
    found = read_outside_the_games(reads_list_fields(names), names)
    assert not found, ("a list file's own field is read by name outside the games (ask its game: "
                       "`CommandCards.field`, its list settings):\n" + "\n".join(found))


def test_the_list_search_finds_what_it_is_for():
    """Each line is one the builder held before a list's chosen cards were its game's to name."""
    pattern = reads_list_fields({"command_cards", "regiments"})
    for line in ('chosen = list(army_list.document.get("command_cards", []))', 'cards = list(document.get('
                 '"command_cards", []))', '_set(document, "command_cards", cards)', "tuple(document.command_cards)",
                 'document["regiments"] = 3'):
        assert pattern.search(line), line
    for line in ('document.get(named_in, [])', 'document["faction"]', '{"command_cards": cards}',
                 'library.command_cards()', 'context.get("command_cards")'):
        assert not pattern.search(line), line
