"""The numbers of AoF Regiments' campaign rules, as one typed record, and what follows from them alone.

They are data of the game (`rules.json` beside this module, copied into the
game library's campaign rules and shown on every campaign page); nothing here
holds a default. A campaign's house rules may change any number but the
book's name and its tables.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from armylists.rules.campaign.model import ArmyState, UnitState
from armylists.rules.params import build_params

from .tables import Tables, read_tables


@dataclass(frozen=True, slots=True)
class CampaignParams:
    book: str  # how messages name the rules, e.g. "AoF Regiments, Campaign Rules"
    length_die: int  # the campaign lasts D<length_die> + length_add missions, VP or weeks
    length_add: int
    starting_points: int
    max_banked: int
    max_starting_heroes: int
    max_value_difference: int  # no army fields more than this over the lowest
    underdog_step: int  # one underdog point per this many points below the highest
    objective_points: int
    win_vp: int
    win_points: int
    loss_points: int
    event_min_roll: int
    # Play Mission: Mission Length: "Missions are played using the standard rules" (4 rounds); one random event
    # at most at the beginning of each (Random Events).
    mission_rounds: int
    xp_not_casualty: int
    xp_killed_unit: int
    xp_killed_hero: int
    xp_killed_hero_and_unit: int
    xp_per_level: int
    max_xp: int
    level_cost: int
    hero_level_cost: int
    hero_trait_cost: int  # per injury (cheaper) or talent (dearer)
    sit_out_die: int  # without permadeath a dead unit sits out D<sit_out_die> matches
    sell_divisor: int  # upgrades sell for price / divisor, rounded down to a multiple of sell_step
    sell_step: int
    gamble_price: int  # an upgrade of exactly this price sells only on a roll of gamble_min_roll+
    gamble_min_roll: int
    heroes_per_mission: int
    max_heroes: int
    veterans_per_mission: int
    veteran_fee: int
    veteran_xp: int
    tables: Tables

    @property
    def max_level(self) -> int:
        return self.max_xp // self.xp_per_level

    def section(self, name: str) -> str:
        """How a message cites the rules, e.g. "AoF Regiments, Campaign Rules: Recruit Units"."""
        return f"{self.book}: {name}"

    def level(self, xp: int) -> int:
        """One level per `xp_per_level` XP, up to the XP cap's level (Earn Experience)."""
        return min(xp, self.max_xp) // self.xp_per_level

    def unit_value(self, unit: UnitState) -> int:
        """Base + upgrades + the level cost per level (more for heroes) + hero talents - hero injuries.

        AoF Regiments, Campaign Rules: Earn Experience (25 or 55 points per level) and
        Check for Casualties (a hero is 5 points cheaper per injury, 5 dearer per talent).
        """
        per_level = self.hero_level_cost if unit.hero else self.level_cost
        scars = (len(unit.talents) - len(unit.injuries)) * self.hero_trait_cost if unit.hero else 0
        return unit.bought_value + self.level(unit.xp) * per_level + scars

    def fielded_value(self, army: ArmyState, units: tuple[str, ...]) -> int:
        return sum(self.unit_value(army.units[u]) for u in units)

    def sale_price(self, price: int) -> int:
        """Half the price, rounded down to a multiple of 5; an upgrade that cost less than 0 costs its
        full price to sell (AoF Regiments, Campaign Rules: Upgrade Armies)."""
        if price < 0:
            return price
        return price // self.sell_divisor // self.sell_step * self.sell_step

    def underdog_points(self, values: Mapping[str, int]) -> dict[str, int]:
        """One underdog point per full 50 points below the army of highest value (Mission Setup)."""
        if not values:
            return {}
        highest = max(values.values())
        return {army: (highest - value) // self.underdog_step for army, value in values.items()}

    def difference_problem(self, values: Mapping[str, int], names: Mapping[str, str]) -> str | None:
        """No army may field more than 250 points over the lowest (Mission Setup: The Armies)."""
        if len(values) < 2:
            return None
        low = min(values, key=values.get)
        high = max(values, key=values.get)
        gap = values[high] - values[low]
        if gap <= self.max_value_difference:
            return None
        return (f"{names[high]} fields {values[high]} points, {gap} more than {names[low]} ({values[low]}); "
                f"at most {self.max_value_difference} more is allowed")


def number_names() -> tuple[str, ...]:
    """The campaign numbers a group may change as house rules (everything but the book's name and tables)."""
    return tuple(f.name for f in fields(CampaignParams) if f.name not in ("book", "tables"))


def campaign_params(data: Mapping[str, Any], overrides: Mapping[str, Any] | None = None) -> CampaignParams:
    """The typed campaign rules from a game system's `campaign` data, with a campaign's overrides on top.

    Unknown and missing names are refused (as for the list rules' numbers), and so is a number that is not whole.
    """
    merged = {**data, **(overrides or {})}
    bad = sorted(k for k, v in merged.items() if k not in ("book", "tables")
                 and (not isinstance(v, int) or isinstance(v, bool)))
    if bad:
        raise ValueError(f"campaign setting(s) must be whole numbers: {', '.join(bad)}")
    if "tables" in merged:
        merged["tables"] = read_tables(merged["tables"])
    return build_params(CampaignParams, merged)
