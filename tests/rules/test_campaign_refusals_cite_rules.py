"""Every refusal of the campaign engine names its rule in words: the book's section (AoF Regiments, Campaign
Rules, by section name) or one of Muster's own campaign rules (docs/campaigns.md). Walks the source of the
engine and of every game's campaign rules, so a new refusal without a rule fails here."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from armylists.games.registry import campaigns
from armylists.rules.campaign import Refused, rules_code
from armylists.rules.campaign.actions import Fielded, StartMission, UnitResult

from .campaign_support import PARAMS, Play

MODULES = [path for folder in rules_code(campaigns()) for path in sorted(folder.rglob("*.py"))]


def refusals(path: Path) -> list[ast.Call]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name) and node.func.id == "Refused"]


def names_a_rule(call: ast.Call) -> bool:
    rule = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "rule"), None)
    return len(call.args) <= 2 and rule is not None and not (isinstance(rule, ast.Constant) and not rule.value)


def test_the_walk_finds_the_refusals():
    assert sum(len(refusals(path)) for path in MODULES) > 60


@pytest.mark.parametrize("path", MODULES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_refusal_names_its_rule(path):
    missing = [f"{path.name}: the refusal at {call.lineno}" for call in refusals(path) if not names_a_rule(call)]
    assert not missing, "refusals without a rule: " + "; ".join(missing)


def test_a_refusal_shows_its_rule_in_words():
    """AoF Regiments, Campaign Rules, Check for Casualties: without permadeath a dead unit sits out D3 matches,
    and the refusal to field it says which rule keeps it out."""
    play = Play(permadeath=False)
    play.two_armies()
    play.mission()
    play.post_battle("a1", UnitResult("u1", casualty=True), dice={"u1/casualty": [1], "u1/sit-out": [2]})
    play.post_battle("a2")
    with pytest.raises(Refused) as refused:
        play(StartMission((Fielded("a1", ("u1",)), Fielded("a2", ("u8",)))), dice=[1, 1])
    assert str(refused.value).endswith(f"sits out 2 more match(es) ({PARAMS.book}: Check for Casualties)")
