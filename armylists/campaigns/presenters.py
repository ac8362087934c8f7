"""What the campaign pages and sheets show, built from the replayed state: plain rows, no queries.

Every number here is computed from the state when it is shown (values, levels,
VP per match), never read from a stored column.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from armylists.rules.campaign import CampaignNumbers, CampaignState, Refused, campaign_over, unit_value
from armylists.rules.campaign.model import ArmyState, LedgerEntry, MissionState, Offer, UnitState
from armylists.rules.campaign.support import upgrades_fit
from armylists.web.confirm import Question


def trait_label(params: CampaignNumbers | None, key: str) -> str:
    """"specialist:melee" -> "Specialist (melee)"; any table's key -> its name."""
    return key if params is None else params.tables.trait_name(key)


@dataclass(frozen=True)
class UnitRow:
    key: str
    name: str
    unit_name: str
    hero: bool
    value: int
    xp: int
    level: int | None
    traits: list[str]
    injuries: list[str]
    talents: list[str]
    upgrades: list[str]
    held: list[tuple[str, str, int]]  # (slug, name, price) of the upgrades it has
    offers: list[tuple[str, str, int]]  # (slug, name, price) of upgrades it may still buy
    notes: str
    status: str
    sitting_out: int
    track: list[tuple[int, bool, bool]]  # the sheet's XP boxes: (XP, earned, a level is reached here)
    keys: dict[str, str]  # traits, skill sets, skills, injuries, talents as the rules name them, for corrections

    @property
    def active(self) -> bool:
        return self.status == "active"


def unit_row(unit: UnitState, params: CampaignNumbers | None) -> UnitRow:
    label = [trait_label(params, t) for t in unit.traits]
    skills = [f"{trait_label(params, s)}" for s in unit.skills]
    sets = [params.tables.skill_sets[s].name for s in unit.skill_sets] if params else []
    return UnitRow(
        key=unit.key, name=unit.name, unit_name=unit.spec.unit_name, hero=unit.hero,
        value=unit_value(unit, params), xp=unit.xp, level=params.level(unit.xp) if params else None,
        traits=label + ([f"Skill sets: {', '.join(sets)}"] if sets else []) + skills,
        injuries=[trait_label(params, i) for i in unit.injuries],
        talents=[trait_label(params, t) for t in unit.talents],
        upgrades=[o.name for o in unit.upgrade_offers()],
        held=[(o.slug, o.name, o.price) for o in unit.upgrade_offers()],
        offers=[(o.slug, o.name, o.price) for o in buyable(unit)],
        notes=unit.notes, status=unit.status, sitting_out=unit.sitting_out, track=xp_track(unit.xp, params),
        keys={name: ", ".join(getattr(unit, name)) for name in ("traits", "skill_sets", "skills", "injuries",
                                                                 "talents")})


def buyable(unit: UnitState) -> list[Offer]:
    """The upgrades the unit may still buy: those the engine's own check lets it add (one of each, and
    no option group over its limit), asked of that check so the rule is written once."""
    def fits(offer: Offer) -> bool:
        try:
            upgrades_fit(unit.spec, unit.upgrades + (offer.slug,), unit.name)
        except Refused:
            return False
        return True
    return [o for o in unit.spec.offers if fits(o)]


def sell_question(params: CampaignNumbers, unit: UnitState, offer: Offer, back: str) -> Question:
    """What selling an upgrade gives back, asked before it is sold: the points are not regained by buying again."""
    if offer.price == params.gamble_price:
        back_text = (f"it sells for {params.gamble_price} points only on a roll of {params.gamble_min_roll}+, "
                     "one try after each mission")
    elif offer.price < 0:
        back_text = f"selling it costs {-params.sale_price(offer.price)} points"
    else:
        back_text = f"it sells for {params.sale_price(offer.price)} points"
    return Question(f"Sell {offer.name} from {unit.name}?",
                    f"{offer.name} was bought for {offer.price} points; {back_text}. Buying it again costs its "
                    "full price.", f"Sell {offer.name}", back)


def correction_keys(params: CampaignNumbers) -> dict[str, str]:
    """What a game master may type in each trait field of a correction."""
    tables = params.tables
    traits = [r.key + (f":{p}" if p else "") for r in tables.traits.rows if r.effect != "pick-other"
              for p in (r.picks or ("",))]
    return {"traits": ", ".join(traits), "skill_sets": ", ".join(tables.skill_sets),
            "skills": ", ".join(k for t in tables.skill_sets.values() for k in t.row_keys()),
            "injuries": ", ".join(r.key for r in tables.injuries.rows if r.effect != "dead"),
            "talents": ", ".join(tables.talents.row_keys())}


def xp_track(xp: int, params: CampaignNumbers | None) -> list[tuple[int, bool, bool]]:
    """The army sheet's boxes, 1 to 30 XP, a level marked every 5 (AoF Regiments, Campaign Rules: army sheet)."""
    if params is None:
        return []
    return [(n, n <= xp, n % params.xp_per_level == 0) for n in range(1, params.max_xp + 1)]


@dataclass(frozen=True)
class ArmyRow:
    key: str
    name: str
    owner: str
    vp: int
    matches: int
    bank: int
    value: int
    units: list[UnitRow]
    ledger: list[LedgerEntry]
    started: bool
    per_match: bool

    @property
    def score(self) -> Fraction:
        """With Parallel Play (and for Late Joiners) VP are divided by matches played (AoF Regiments,
        Campaign Rules: Campaign Types)."""
        if not self.per_match:
            return Fraction(self.vp)
        return Fraction(self.vp, self.matches) if self.matches else Fraction(0)

    @property
    def score_text(self) -> str:
        return f"{float(self.score):.2f}".rstrip("0").rstrip(".") if self.per_match else str(self.vp)


def per_match(state: CampaignState, army: ArmyState) -> bool:
    return state.parallel_play or state.late_joiners or army.restarted


def army_row(state: CampaignState, army: ArmyState, details: bool = True) -> ArmyRow:
    """An army as pages show it; without `details` (a leaderboard) its units and ledger are left out,
    so the row costs the same however long the army's history."""
    params = state.params
    return ArmyRow(key=army.key, name=army.name, owner=army.owner, vp=army.vp, matches=army.matches,
                   bank=army.bank, value=sum(unit_value(u, params) for u in army.active_units()),
                   units=[unit_row(u, params) for u in army.units.values()] if details else [],
                   ledger=list(army.ledger) if details else [], started=army.started,
                   per_match=per_match(state, army))


def leaderboard(state: CampaignState) -> list[ArmyRow]:
    rows = [army_row(state, a, details=False) for a in state.armies.values()]
    return sorted(rows, key=lambda r: (-r.score, -r.vp, r.name.casefold()))


def progress(state: CampaignState) -> str:
    """How far the campaign has come, e.g. "mission 3 of 7"."""
    if state.kind == "endless" or state.length is None:
        return f"{len(state.missions)} missions played"
    ended = campaign_over(state)
    if ended:
        return f"Over: {ended}"
    if state.kind == "game-limited":
        return f"{len(state.missions)} of {state.length} missions played"
    if state.kind == "point-limited":
        return f"first army to {state.length} VP wins"
    return f"lasts {state.length} weeks"


@dataclass(frozen=True)
class MissionRow:
    number: int
    armies: list[tuple[str, str, int, int, str, bool, bool]]  # key, name, value, underdog, objective, won, done
    has_result: bool
    open: bool


def mission_row(state: CampaignState, mission: MissionState) -> MissionRow:
    params = state.params
    underdog = params.underdog_points(mission.values)
    rows = []
    for key in mission.armies:
        objective = params.tables.objectives.row(mission.objectives[key])
        rows.append((key, state.armies[key].name, mission.values[key], underdog[key],
                     f"{objective.name}: {objective.text}", mission.winner == key, key in mission.done))
    return MissionRow(mission.number, rows, mission.has_result, mission.open)
