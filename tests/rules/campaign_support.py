"""Builders for campaign engine tests: the shipped AoF Regiments campaign data, sample units, and a
`Play` helper that applies actions and keeps the state. No database, no Django."""
from __future__ import annotations

import itertools

from armylists.games.aof_regiments.campaign import CAMPAIGN
from armylists.games.aof_regiments.campaign.params import campaign_params
from armylists.rules.campaign import Choices, Dice, NeedChoice, apply, new_campaign
from armylists.rules.campaign.actions import (Fielded, NewUnit, PostBattle, RecordResult, StartArmy, StartMission,
                                              UnitResult)
from armylists.rules.campaign.model import Group, Offer, UnitSpec

CAMPAIGN_DATA = CAMPAIGN.data
PARAMS = campaign_params(CAMPAIGN_DATA)

# Sample units (costs made up for the tests, like the demo factions).
INFANTRY = UnitSpec("infantrymen", "human-empire", "Infantrymen", 90, offers=(
    Offer("spears", "Spears", 10, "weapons"), Offer("halberds", "Halberds", 15, "weapons"),
    Offer("sergeant", "Sergeant", 5), Offer("banner", "Banner", 25), Offer("rabble", "Rabble", -10),
    Offer("drummer", "Drummer", 0), Offer("pike", "Pike", 8), Offer("war-wagon", "War Wagon", 400)),
    groups=(Group("weapons", 1),))
CAPTAIN = UnitSpec("captain", "human-empire", "Captain", 60, hero=True,
                   offers=(Offer("holy-sword", "Holy Sword", 25),))
WIZARD = UnitSpec("battle-wizard", "human-empire", "Battle Wizard", 95, hero=True)


def units(*specs_and_names) -> tuple[NewUnit, ...]:
    return tuple(NewUnit(name, spec) for spec, name in specs_and_names)


def starting_roster(prefix: str = "") -> tuple[NewUnit, ...]:
    """Six Infantrymen (540) and a Captain (60): 600 spent, 150 kept."""
    return units(*[(INFANTRY, f"{prefix}Foot {i}") for i in range(1, 7)], (CAPTAIN, f"{prefix}Captain"))


class FirstChoice(Choices):
    """Takes the first option whenever the rules ask the player to choose."""

    def pick(self, key, options, prompt, labels=None):
        try:
            return super().pick(key, options, prompt, labels)
        except NeedChoice:
            self._given[key] = tuple(options)[0]
            return super().pick(key, options, prompt, labels)


class Play:
    """A campaign in progress: each call applies one action as `actor` and keeps the new state."""

    def __init__(self, params=PARAMS, rules=CAMPAIGN, **options):
        self.state = new_campaign(game="aof-regiments", game_master="gm", params=params, **options)
        self.rules = rules  # the game's campaign rules, handed to the engine with every action
        self.last = None

    def __call__(self, action, actor: str = "gm", dice=None, choices=None):
        dice = dice if isinstance(dice, Dice) else Dice(dice or [])
        self.last = apply(self.state, action, rules=self.rules, actor=actor, dice=dice, choices=Choices(choices))
        self.state = self.last.state
        return self.last

    def army(self, key: str):
        return self.state.armies[key]

    def unit(self, army: str, key: str):
        return self.state.armies[army].units[key]

    def two_armies(self) -> None:
        """Alice's army a1 (units u1-u7, u7 the Captain) and Bob's a2 (u8-u14, u14 the Captain)."""
        self(StartArmy("a1", "alice", "Red Host", "human-empire", starting_roster()), "alice")
        self(StartArmy("a2", "bob", "Blue Host", "human-empire", starting_roster()), "bob")

    def mission(self, a1=("u1", "u2"), a2=("u8", "u9"), winner="a1", objectives=(1, 1)):
        self(StartMission((Fielded("a1", a1), Fielded("a2", a2))), dice=list(objectives))
        self(RecordResult(len(self.state.missions), winner))
        return len(self.state.missions)

    def post_battle(self, army: str, *results: UnitResult, dice=None, choices=None, objective=False,
                    actor="gm", mission=None):
        number = mission or len(self.state.missions)
        return self(PostBattle(number, army, objective, results), actor, dice, choices)

    def after_mission(self) -> None:
        """Both armies play a mission and record their post-battles with nothing happening but the XP for
        surviving; level-ups roll 1, 2, 3… in turn."""
        self.mission()
        self.post_battle("a1", dice=cycling_dice())
        self.post_battle("a2", dice=cycling_dice())


def cycling_dice() -> Dice:
    faces = itertools.count()
    return Dice({}, fallback=lambda sides: next(faces) % sides + 1)
