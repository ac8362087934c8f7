"""Every rule a roster names is explained once (docs/faction-file.md, "Army Forge's common rules"): in the army
book's words, else the game's common rules', else Muster's glossary, else one line saying where to read it;
with the rules that rules give (auras, marks, "get X") and the rules its spells name. The book and the common
rules are made up for the tests, in Army Forge's shapes."""
from __future__ import annotations

import json
import re

import pytest
from django.core.management import call_command
from django.utils import timezone

from armylists.checking.check import check_document
from armylists.games.registry import game_home
from armylists.printing.roster import build_sheet
from tests.factions.armyforge_book import book
from tests.factions.armyforge_rules import rules

pytestmark = pytest.mark.django_db
EXPLANATION = re.compile(r"^[A-Z][\w' -]*(\([^)]*\))?(: | — )")


def _rule(name, rating=None):
    rule = {"id": f"r-{name}", "name": name, "type": "ArmyBookRule"}
    return rule | ({"rating": rating, "label": f"{name}({rating})"} if rating is not None else {})


def riverfolk():
    data = book()
    sage = data["units"][0]
    sage["rules"] += [_rule("Ferocious Boost Aura"), _rule("Quick Shot Mark"), _rule("Stonewatch Oath")]
    sage["weapons"][0]["specialRules"].append(_rule("Thrust"))
    data["specialRules"] += [
        {"id": "r4", "name": "Ferocious Boost Aura", "description": "This model and its unit get Ferocious Boost."},
        {"id": "r5", "name": "Ferocious Boost", "description": "Made-up words: hits of six count twice here."}]
    data["spells"][0]["effect"] = "Pick one friendly unit within 12\", which gets Counter-Attack once."
    data["spells"][1]["effect"] = "Pick one enemy unit within 18\": your next attack on it has Bane."
    return data


def riverfolk_sheet(tmp_path):
    """The roster of a Reed Sage (a caster, on a River Turtle) and Oarsmen, with the book and common rules in."""
    (tmp_path / "book.json").write_text(json.dumps(riverfolk()))
    (tmp_path / "rules.json").write_text(json.dumps(rules()))
    call_command("import_factions", "--army-forge", "aof-regiments", str(tmp_path / "book.json"))
    call_command("import_factions", "--army-forge-rules", "aof-regiments", str(tmp_path / "rules.json"))
    document = {"format": "armylists/list@1", "game": "aof-regiments", "faction": "riverfolk-leagues",
                "points_limit": 1000, "entries": [{"id": "e1", "unit": "reed-sage", "options": ["river-turtle"]},
                                                  {"id": "e2", "unit": "oarsmen"}]}
    return build_sheet(check_document(document), player=None, checked_at=timezone.now(), game_name="AoF Regiments")


@pytest.fixture
def sheet(tmp_path):
    return riverfolk_sheet(tmp_path)


def test_each_rule_is_explained_from_the_first_source_that_has_it(sheet):
    terms = {t.name: t.description for t in sheet.glossary}
    assert terms["Mistwalker"] == "Made-up words: this unit walks through mist."  # the book's, not the common's
    assert terms["Thrust"] == "Made-up words: a charging weapon strikes harder."  # the common rules'
    assert terms["Hero"] == game_home("aof-regiments").glossary["Hero"]  # Muster's
    assert terms["Stonewatch Oath"] == "no description in Muster; see the Riverfolk Leagues army book or the rulebook"
    assert "Thrust: no description" not in " ".join(f"{n}: {d}" for n, d in terms.items())


def test_the_rules_that_rules_give_are_explained(sheet):
    """An aura's rule (by its name, and as its text says units "get" it) and a mark's."""
    terms = {t.name: t.description for t in sheet.glossary}
    assert terms["Ferocious Boost"] == "Made-up words: hits of six count twice here."
    assert terms["Quick Shot"] == "Made-up words: this unit may shoot after it moves."


def test_the_rules_the_spells_name_are_explained(sheet):
    terms = {t.name: t.description for t in sheet.glossary}
    assert terms["Counter-Attack"] == "Made-up words: this unit strikes back first."
    assert terms["Bane"] == "Made-up words: wounds from this are hard to shrug off."


def test_the_rules_of_units_weapons_items_and_options_are_explained_once_each(sheet):
    names = [t.name for t in sheet.glossary]
    assert len(names) == len({n.casefold() for n in names})
    assert {"AP", "Shielded", "Impact", "Caster", "Tough", "Fearless"} <= set(names)
    for term in sheet.glossary:
        line = f"{term.name}: {term.description}"
        assert EXPLANATION.match(line), line
        assert term.description.startswith("no description") or len(term.description.split()) >= 5 or (
            term.description in {t["text"] for t in riverfolk()["specialRules"]} | {
                r["description"] for r in rules()["rules"]}), line
