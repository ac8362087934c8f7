"""What an OPR option's two fields of its own may say, declared once (docs/faction-file.md, "AoF Regiments and
AoF Skirmish": "Options have two more fields"): what its cost is bought for (`scope`) and which command group
upgrade it is (`command`).

The faction file's schema (`home.OprOptionIn`) and the Army Forge reader are derived from these, and from the
schema what the game library keeps and the admin offers (`armylists/games/own_fields.py`). Plain Python: the
rules may read them too.
"""
from __future__ import annotations

SCOPES = ("unit", "model", "all_models")
COMMANDS = ("sergeant", "musician", "banner")
