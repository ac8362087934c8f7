"""Army Forge's common rules of a game system, as its API serves them (`/api/rules/common/<game system id>`):
{"rules": [{"id", "name", "description", "coreType"}], "traits": [{"id", "name", "description", ...}]}.

The core rules army books do not describe (Thrust, Bane...) are kept here by Army Forge, one file per game
system (Age of Fantasy 4, Skirmish 5, Regiments 6). Only the names and descriptions are read; every list and
text is bounded, like every file Muster reads (docs/faction-file.md, "Army Forge's common rules").
"""
from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from armylists.boundary.errors import BadInput
from armylists.boundary.messages import bad_input

from .book import MANY, BookRule, Loose, bounded


class CommonRules(Loose):
    rules: bounded(BookRule, MANY)
    traits: bounded(BookRule, MANY) = []


def read_common_rules(data: Any) -> list[dict[str, str]]:
    """The file's rules, then its traits, as rule texts ({"name", "text"}): each name once (a rule before a
    trait of the same name), those without a description left out; BadInput naming the JSON path."""
    if not isinstance(data, dict) or "rules" not in data:
        raise BadInput("rules" if isinstance(data, dict) else "",
                       "is missing: this is not Army Forge's common rules file")
    try:
        parsed = CommonRules.model_validate(data)
    except ValidationError as error:
        raise bad_input(error) from None
    texts: dict[str, dict[str, str]] = {}
    for rule in (*parsed.rules, *parsed.traits):
        if rule.description.strip():
            texts.setdefault(rule.name.casefold(), {"name": rule.name, "text": rule.description})
    return list(texts.values())
