"""What every kind of action shares: who may act, unique names, upgrades a unit may hold, a unit's value
and whether the campaign is over."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Iterable

from ..text import listing, plural
from .house import BY_HAND, GAME_MASTER, UPGRADES, WHO_CHANGES
from .model import ArmyState, CampaignState, MissionState, Refused, UnitSpec, UnitState

if TYPE_CHECKING:
    from .game import CampaignNumbers


def book(state: CampaignState, section: str) -> str:
    """The book's section that makes a rule, in words; a campaign kept by hand has no book to cite."""
    return state.params.section(section) if state.params is not None else BY_HAND


def may_change(state: CampaignState, army: ArmyState, actor: str) -> None:
    """Only an army's player or the game master changes it."""
    if actor not in (army.owner, state.game_master):
        raise Refused(f"only {army.owner} or the game master may change {army.name}", WHO_CHANGES)


def game_master_only(state: CampaignState, actor: str, what: str) -> None:
    if actor != state.game_master:
        raise Refused(f"only the game master may make {what}", GAME_MASTER)


def participant(state: CampaignState, mission: MissionState, actor: str) -> None:
    """A mission is recorded by one of its players or the game master."""
    if actor != state.game_master and actor not in {state.armies[a].owner for a in mission.armies}:
        raise Refused(f"only a player of mission {mission.number} or the game master may record it", WHO_CHANGES)


def require_rules(state: CampaignState) -> CampaignNumbers:
    if state.params is None:
        raise Refused(f"{state.game} has no campaign rules: this campaign is kept by hand", BY_HAND)
    return state.params


def unit_value(unit: UnitState, params: CampaignNumbers | None) -> int:
    """What a unit is worth: under the game's campaign rules, or its base and upgrades in a campaign kept
    by hand."""
    return unit.bought_value if params is None else params.unit_value(unit)


def campaign_over(state: CampaignState) -> str | None:
    """Why no more missions are played, for game- and point-limited campaigns once their length is set."""
    if state.length is None:
        return None
    if state.kind == "game-limited" and len(state.missions) >= state.length:
        return f"the campaign's {state.length} missions have been played"
    if state.kind == "point-limited":
        leader = max(state.armies.values(), key=lambda a: a.vp, default=None)
        if leader is not None and leader.vp >= state.length:
            return f"{leader.name} has reached {state.length} VP and won the campaign"
    return None


def unit_name_free(army: ArmyState, name: str, but: str | None = None) -> None:
    """Unit names are unique in an army, whatever their case (Preparation: The Army Sheet)."""
    for unit in army.active_units():
        if unit.key != but and unit.name.casefold() == name.casefold():
            raise Refused(f"{army.name} already has a unit called {unit.name}",
                          "every unit of an army has a unique name")


def upgrades_fit(spec: UnitSpec, upgrades: Iterable[str], name: str) -> None:
    """Every upgrade is one the unit offers, taken once, and no option group holds more than it allows."""
    upgrades = list(upgrades)
    taken = Counter(upgrades)
    for slug, count in taken.items():
        offer = spec.offer(slug)
        if offer is None:
            raise Refused(f"{name} ({spec.unit_name}) has no upgrade {slug!r}", UPGRADES)
        if count > 1:
            raise Refused(f"{name} already has {offer.name}", UPGRADES)
    groups = Counter(spec.offer(slug).group for slug in upgrades if spec.offer(slug).group)
    for group, count in groups.items():
        limit = spec.group_max(group)
        if limit is not None and count > limit:
            # The group has no name of its own in the campaign file: it is named by its upgrades.
            choices = listing([o.name for o in spec.offers if o.group == group], "or")
            raise Refused(f"{name} may take only {plural(limit, 'upgrade')} of {choices}; "
                          "sell the one it has first", UPGRADES)
