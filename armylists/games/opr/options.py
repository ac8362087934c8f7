"""What an OPR option's two fields of its own may say, declared once (docs/faction-file.md, "Options have
two more fields"): what its cost is bought for (`scope`) and which command group upgrade it is (`command`),
each value with the label the game library shows it by.

The faction file's schema (`home.OprOptionIn`), the Army Forge reader and the library's columns
(`Game.column_choices`) are derived from these. Plain Python: the rules may read them too.
"""
from __future__ import annotations

SCOPES = {"unit": "Unit", "model": "One model", "all_models": "All models"}
COMMANDS = {"sergeant": "Sergeant", "musician": "Musician", "banner": "Banner"}
