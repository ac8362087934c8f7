"""Battleground Fantasy Warfare's construction rules: plain Python, like the engine.

`checks` holds the rules, `numbers` the numbers they read.
"""
from __future__ import annotations

from .checks import RULES
from .numbers import BattlegroundParams

__all__ = ["RULES", "BattlegroundParams"]
