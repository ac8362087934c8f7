"""A mission, steps 1 to 4: setting up, the result, casualties and experience.

AoF Regiments, Campaign Rules: 1. Mission Setup, 2. Play Mission, 3. Check for
Casualties and 4. Earn Experience, plus the campaign types' lengths.
"""
from __future__ import annotations

from armylists.rules.campaign.actions import PostBattle, RecordResult, StartMission, UnitResult
from armylists.rules.campaign.dice import Choices, Dice
from armylists.rules.campaign.house import FILE_BOUNDS, GONE, WHO_CHANGES
from armylists.rules.campaign.model import DEAD, Allowance, ArmyState, CampaignState, MissionState, UnitState
from armylists.rules.campaign.support import book, campaign_over, participant, require_rules
from armylists.rules.refused import Refused

from .params import CampaignParams
from .progression import casualty_roll, earn_xp


def _check_fielded(state: CampaignState, army: ArmyState, units: tuple[str, ...]) -> None:
    if not units:
        raise Refused(f"{army.name} fields no units", book(state, "Mission Setup"))
    if len(set(units)) != len(units):
        raise Refused(f"{army.name} fields a unit twice", book(state, "Mission Setup"))
    for key in units:
        unit = state.unit(army, key)
        if not unit.active:
            raise Refused(f"{unit.name} is no longer in {army.name}", GONE)
        if unit.sitting_out:
            raise Refused(f"{unit.name} sits out {unit.sitting_out} more match(es)",
                          book(state, "Check for Casualties"))


def start_mission(state: CampaignState, action: StartMission, actor: str, dice: Dice, choices: Choices) -> str:
    params = require_rules(state)
    ended = campaign_over(state)
    if ended:
        raise Refused(f"no more missions: {ended}", params.section("Campaign Length"))
    armies = [state.army(f.army) for f in action.fielded]
    if len({a.key for a in armies}) != len(armies) or len(armies) < 2:
        raise Refused("a mission needs two or more different armies", params.section("Campaign Length"))
    if actor != state.game_master and actor not in {a.owner for a in armies}:
        raise Refused("only a player of the mission or the game master may set it up", WHO_CHANGES)
    everyone = {a.key for a in state.armies.values() if a.started}
    if not state.parallel_play and {a.key for a in armies} != everyone:
        raise Refused("every army plays every mission unless the campaign allows parallel play",
                      params.section("Parallel Play"))
    for army, fielded in zip(armies, action.fielded, strict=True):
        if not army.started:
            raise Refused(f"{army.name} has not started", book(state, "Preparation"))
        if state.open_mission_of(army.key):
            raise Refused(f"{army.name} is still in mission {state.open_mission_of(army.key).number}",
                          book(state, "Campaign Structure"))
        _check_fielded(state, army, fielded.units)
    values = {f.army: params.fielded_value(state.armies[f.army], f.units) for f in action.fielded}
    problem = params.difference_problem(values, {a.key: a.name for a in armies})
    if problem:
        raise Refused(problem, params.section("Mission Setup"))
    objectives = {}
    for army in armies:
        table = params.tables.objectives
        objectives[army.key] = table.lookup(dice.roll(f"{army.key}/objective", table.sides)).key
        _count_down_sitting_out(army)
    number = len(state.missions) + 1
    state.missions.append(MissionState(number, tuple(a.key for a in armies),
                                       {f.army: tuple(f.units) for f in action.fielded}, values, objectives))
    return f"mission {number} set up: " + " v ".join(f"{a.name} ({values[a.key]} pts)" for a in armies)


def _count_down_sitting_out(army: ArmyState) -> None:
    """Units sitting out miss this match: one fewer to go (Check for Casualties: No Permadeath)."""
    for unit in list(army.active_units()):
        if unit.sitting_out:
            army.units[unit.key] = unit.changed(sitting_out=unit.sitting_out - 1)


def record_result(state: CampaignState, action: RecordResult, actor: str, dice: Dice, choices: Choices) -> str:
    """The winner gets 2 VP and 150 points, every loser 300; conceding is losing (Play Mission)."""
    params = require_rules(state)
    mission = state.mission(action.mission)
    participant(state, mission, actor)
    if mission.has_result:
        raise Refused(f"mission {mission.number} already has its result", book(state, "Play Mission"))
    if action.winner not in mission.armies:
        raise Refused(f"the winner must be one of the armies of mission {mission.number}", book(state, "Play Mission"))
    conceded = set(action.conceded)
    if not conceded <= set(mission.armies) or action.winner in conceded:
        raise Refused("only a losing army of the mission can have conceded", params.section("Play Mission"))
    mission.winner, mission.conceded = action.winner, tuple(a for a in mission.armies if a in conceded)
    for key in mission.armies:
        army = state.armies[key]
        army.matches += 1
        if key == action.winner:
            army.vp += params.win_vp
            state.post(army, params.win_points, "mission", f"won mission {mission.number}")
        else:
            how = "conceded" if key in conceded else "lost"
            state.post(army, params.loss_points, "mission", f"{how} mission {mission.number}")
    return f"mission {mission.number}: {state.armies[action.winner].name} wins"


def post_battle(state: CampaignState, action: PostBattle, actor: str, dice: Dice, choices: Choices) -> str:
    """One army's special objective, casualty rolls and XP, in the book's order."""
    params = require_rules(state)
    mission = state.mission(action.mission)
    army = state.army(action.army)
    if actor not in (army.owner, state.game_master):
        raise Refused(f"only {army.owner} or the game master may record {army.name}'s post-battle", WHO_CHANGES)
    if army.key not in mission.armies or army.key in mission.done:
        raise Refused(f"{army.name} has no post-battle to record for mission {mission.number}",
                      book(state, "Campaign Structure"))
    if not mission.has_result:
        raise Refused(f"record who won mission {mission.number} first", params.section("Campaign Structure"))
    results = _results_by_unit(state, mission, army, action.results)
    if action.objective_completed:
        objective = params.tables.objectives.row(mission.objectives[army.key])
        state.post(army, params.objective_points, "objective", f"special objective {objective.name}")
    lines = [_unit_after_battle(state, mission, army, army.units[key], result, dice, choices)
             for key, result in results.items()]
    mission.done |= {army.key}
    army.allowance = Allowance()
    return f"{army.name} after mission {mission.number}: " + "; ".join(lines)


def _results_by_unit(state: CampaignState, mission: MissionState, army: ArmyState,
                     results: tuple[UnitResult, ...]) -> dict:
    fielded = mission.fielded[army.key]
    by_unit = {key: UnitResult(key) for key in fielded}
    for result in results:
        if result.unit not in by_unit:
            unit = army.units.get(result.unit)
            named = unit.name if unit else "a unit it does not have"
            raise Refused(f"{army.name}: {named} did not play mission {mission.number}", book(state, "Earn Experience"))
        kills = (result.killed_units, result.killed_heroes, result.killed_heroes_and_units)
        if min(kills) < 0:
            raise Refused("kills are counted from 0", FILE_BOUNDS)
        by_unit[result.unit] = result
    return by_unit


def _earned(result: UnitResult, params: CampaignParams) -> int:
    """Earn Experience: 1 for not being a casualty, 1 per unit, 2 per hero, 3 per hero and its unit killed."""
    return ((0 if result.casualty else params.xp_not_casualty) + result.killed_units * params.xp_killed_unit
            + result.killed_heroes * params.xp_killed_hero
            + result.killed_heroes_and_units * params.xp_killed_hero_and_unit)


def _unit_after_battle(state: CampaignState, mission: MissionState, army: ArmyState, unit: UnitState,
                       result: UnitResult, dice: Dice, choices: Choices) -> str:
    params = state.params
    if not unit.active:
        return f"{unit.name} is no longer in the army"  # struck off by a correction during the mission
    xp = _earned(result, params) + mission.pending_xp.get((army.key, unit.key), 0)
    notes = []
    dead = (army.key, unit.key) in mission.doomed
    if result.casualty and not dead:
        casualty = casualty_roll(unit, params, dice, reroll_ones=army.key in mission.rerolls)
        dead, xp = casualty.dead, xp + casualty.xp
        if casualty.injury:
            unit = unit.changed(injuries=unit.injuries + (casualty.injury,))
            notes.append(params.tables.injuries.row(casualty.injury).name)
        if casualty.talent:
            unit = unit.changed(talents=unit.talents + (casualty.talent,))
            notes.append(params.tables.talents.row(casualty.talent).name)
    if dead and state.permadeath:
        army.units[unit.key] = unit.changed(status=DEAD)
        return f"{unit.name} is dead"
    if dead:
        # No permadeath: the unit keeps its sheet but loses this match's XP and sits out D3 matches.
        out = dice.roll(f"{unit.key}/sit-out", params.sit_out_die)
        army.units[unit.key] = unit.changed(sitting_out=out)
        return f"{unit.name} is down: no XP this match and sits out {out} match(es)"
    gain = earn_xp(unit, xp, params, dice, choices)
    army.units[unit.key] = gain.unit
    notes += [params.tables.trait_name(t) for t in gain.gained]
    line = f"{unit.name} +{gain.kept} XP"
    if gain.levels:
        line += f", {gain.levels} level(s) up"
    return line + (f" ({', '.join(notes)})" if notes else "")
