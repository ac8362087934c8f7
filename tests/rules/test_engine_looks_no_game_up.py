"""The engine is handed a game's rules and looks no game up (docs/architecture.md, "The layers"): checking a list
or applying a campaign action works with only the engine and the game's rules imported, whatever else was
imported before or not, and no module of the engine keeps a registry that something must fill first."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from django.conf import settings

ENGINE = Path(__file__).resolve().parents[2] / "armylists" / "rules"

# What the engine's list (`model.py`) defines, and the fields and methods of each: what every game's list has.
# A game's own idea (a command card, a grimoire, a unit's sizes, a faction's side, a Tough rule, a weapon) is typed
# in its package and read from `details` (docs/architecture.md, "A game is one package").
EVERY_GAMES = {
    "OptionGroup": {"slug", "name", "min", "max"},
    "OwnFields": {"details", "__post_init__", "__getattr__", "with_details", "_said"},
    "Option": {"slug", "name", "cost", "group", "grants", "details"},
    "Unit": {"slug", "name", "faction", "rules", "options", "option_groups", "sample", "details", "option"},
    "Faction": {"slug", "name", "details"},
    "Entry": {"id", "unit", "options", "name", "details", "rules", "faction", "label"},
    "Army": {"game", "faction", "entries", "points_limit", "name", "factions", "banned_factions", "banned_units",
             "details", "_positions", "_factions", "__post_init__", "entry", "position", "in_order", "faction_named",
             "faction_name"},
}

# Run in a fresh interpreter, so nothing this test process imported (the games registry, Django's apps) helps.
# For each game in use: its rules and numbers alone check an empty list (its army's own fields at their defaults,
# as its home declares them); its campaign rules, where it has
# rules for a campaign's length, alone set a campaign's length.
CHECK_BY_THE_RULES_GIVEN = """
import importlib, importlib.util, json, sys
from pathlib import Path
from armylists.rules import Report, check, params_for
from armylists.rules.model import Army
from armylists.rules.campaign import Dice, apply, new_campaign, rules_code
from armylists.rules.campaign.actions import SetLength

campaigns = 0
for game in sys.argv[1:]:
    rules = importlib.import_module(f"{game}.rules").RULES
    system = Path(importlib.util.find_spec(game).origin).parent / "system.json"
    params = params_for(rules, json.loads(system.read_text(encoding="utf-8"))["params"])
    details = importlib.import_module(f"{game}.home").GAME.files.army_details({})
    army = Army(game="a game the engine was never told of", faction="any", entries=(), details=details)
    report = check(rules, army, params)
    assert isinstance(report, Report) and not report.entry_points, (game, report)
    if importlib.util.find_spec(f"{game}.campaign") is None:
        continue
    campaign = importlib.import_module(f"{game}.campaign").CAMPAIGN
    assert Path(sys.modules[f"{game}.campaign"].__file__).parent in rules_code([campaign]), game
    if SetLength not in campaign.handlers:
        continue
    state = new_campaign(game="a game the engine was never told of", game_master="gm",
                         params=campaign.read(campaign.data, None), kind="game-limited")
    outcome = apply(state, SetLength(), rules=campaign, actor="gm", dice=Dice({"length": [3]}))
    assert outcome.state.length is not None, game
    campaigns += 1
assert campaigns, "no game in use has rules for a campaign's length"
assert "armylists.games.registry" not in sys.modules, "the games registry was imported"
print("checked")
"""


def test_a_list_and_a_campaign_are_checked_by_the_rules_given_with_no_registry_imported():
    result = subprocess.run([sys.executable, "-c", CHECK_BY_THE_RULES_GIVEN, *settings.MUSTER_GAMES],
                            capture_output=True, text=True, cwd=ENGINE.parents[1])
    assert result.returncode == 0 and result.stdout.strip() == "checked", result.stderr or result.stdout


def defined(source: str) -> dict[str, set[str]]:
    """Each name a module defines at its top level, with the fields and methods a class defines (a function or
    a constant as a name with none)."""
    found: dict[str, set[str]] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef):
            found[node.name] = {m.target.id if isinstance(m, ast.AnnAssign) else m.name for m in node.body
                                if isinstance(m, (ast.AnnAssign, ast.FunctionDef))}
        elif isinstance(node, ast.FunctionDef):
            found[node.name] = set()
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found |= {t.id: set() for t in targets if isinstance(t, ast.Name)}
    return found


def test_the_engines_list_defines_only_what_every_game_has():
    assert defined((ENGINE / "model.py").read_text(encoding="utf-8")) == EVERY_GAMES


def test_no_module_of_the_engine_keeps_state_that_something_fills_in():
    """A `global` statement is how a module-level registry gets installed; the engine has none."""
    found = [f"{path.relative_to(ENGINE.parents[1])}:{node.lineno}"
             for path in sorted(ENGINE.rglob("*.py"))
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Global)]
    assert not found, "module-level state set from outside: " + ", ".join(found)
