"""A small common-rules file in Army Forge's public shape (`/api/rules/common/<game system id>`): {"rules": [{"id",
"name", "description", "coreType"}], "traits": [{"id", "name", "description", ...}]}. Every name and text here is
invented for the tests; none is Army Forge's."""
from __future__ import annotations

import copy
from typing import Any

RULES: dict[str, Any] = {
    "rules": [
        {"id": "c1", "name": "Thrust", "description": "Made-up words: a charging weapon strikes harder.",
         "coreType": "weapon"},
        {"id": "c2", "name": "Bane", "description": "Made-up words: wounds from this are hard to shrug off.",
         "coreType": "weapon"},
        {"id": "c3", "name": "Quick Shot", "description": "Made-up words: this unit may shoot after it moves.",
         "coreType": "unit"},
        {"id": "c4", "name": "Counter-Attack", "description": "Made-up words: this unit strikes back first.",
         "coreType": "unit"},
        {"id": "c5", "name": "Mistwalker", "description": "Made-up words: the common rules' own Mistwalker.",
         "coreType": "unit"},
        {"id": "c6", "name": "Blank Rule", "description": "", "coreType": "unit"},
    ],
    "traits": [
        {"id": "t1", "name": "Steady", "description": "Made-up words: this unit does not run.", "type": "trait"},
    ],
}


def rules(**changes: Any) -> dict[str, Any]:
    return copy.deepcopy(RULES) | changes
