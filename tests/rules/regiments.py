"""AoF Regiments units and list helpers shared by the Regiments rule tests (plain data, no database)."""
from __future__ import annotations

from armylists.rules.model import Faction

from .conftest import army, check, entry, option, params, unit

GAME = "aof-regiments"

COMMAND = (
    option("sergeant", 5, scope="model", command="sergeant"),
    option("musician", 5, scope="model", command="musician"),
    option("banner", 5, scope="model", command="banner"),
)
INFANTRY = unit("infantry", name="Infantrymen", cost=100, models=10,
                options=(option("spears", 10, scope="all_models"), *COMMAND))
ARCHERS = unit("archers", cost=90, models=5)
CAPTAIN = unit("captain", cost=60, hero=True, rules=("Tough(3)",), options=COMMAND)
WARLORD = unit("warlord", cost=120, hero=True, rules=("Tough(6)",))
PRIEST = unit("priest", cost=40, hero=True)
DRAGON_LORD = unit("dragon-lord", name="Dragon Lord", cost=300, hero=True, rules=("Tough(9)",))
GIANT = unit("giant", cost=150, rules=("Tough(9)",))
SKELETONS = unit("skeletons", faction="undead", cost=80, models=10)
NECROMANCER = unit("necromancer", faction="undead", cost=70, hero=True, rules=("Tough(3)",))
ORCS = unit("orcs", faction="orcs", cost=80, models=10)
FACTIONS = (Faction("kingdom", "Kingdom of Albion"), Faction("undead", "Undead Legions"),
            Faction("orcs", "Orc Marauders"))


def costing(points: int, slug: str | None = None, **fields):
    """A 5-model unit of its own kind costing `points`."""
    return unit(slug or f"unit-{points}", name=f"Unit {points}", cost=points, models=5, **fields)


def hero(i: int):
    """A hero of its own kind, so several of them are not copies of one unit."""
    return unit(f"hero-{i}", name=f"Hero {i}", cost=40, hero=True)


def heroes(n: int, prefix: str = "h", **fields):
    return [entry(f"{prefix}{i}", hero(i), **fields) for i in range(1, n + 1)]


def several(n: int, make=lambda i: costing(10, f"kind-{i}"), prefix: str = "e"):
    return [entry(f"{prefix}{i}", make(i)) for i in range(1, n + 1)]


def report(*entries, points_limit=1500, game_params=None, **fields):
    return check(army(GAME, *entries, points_limit=points_limit, **fields),
                 game_params or params(GAME))




def limits(result) -> dict[str, int]:
    return {f.label: f.limit for f in result.figures}
