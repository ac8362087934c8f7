"""Benchmark a campaign's replay: every campaign page rebuilds the armies from the log, so its time is the
page's floor. A long campaign (6 armies, 10 missions each with random events, post-battles, upgrades and
recruits) is played through the rules engine, then replayed.

Run by hand (pytest does not collect it):

    .venv/bin/python tests/bench_campaign.py

Target on a 2-core machine: a 10-mission, 6-army campaign (some 500 actions) replays in under 50 ms.
"""
from __future__ import annotations

import contextlib
import itertools
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from armylists.rules.campaign import Dice, Refused, Stored, apply, new_campaign, replay  # noqa: E402
from armylists.rules.campaign.actions import (  # noqa: E402
    BuyUpgrade,
    Fielded,
    NewUnit,
    PostBattle,
    RandomEvent,
    RecordResult,
    Recruit,
    SellUpgrade,
    StartArmy,
    StartMission,
    UnitResult,
)
from tests.rules.campaign_support import INFANTRY, PARAMS, FirstChoice, starting_roster  # noqa: E402

ARMIES = 6
MISSIONS = 10


def long_campaign():
    start = new_campaign(game="aof-regiments", game_master="gm", params=PARAMS, kind="endless")
    faces = itertools.count()
    state, log = start, []

    def do(action, actor="gm"):
        nonlocal state
        dice = Dice({}, fallback=lambda sides: next(faces) % sides + 1)
        outcome = apply(state, action, actor=actor, dice=dice, choices=FirstChoice())
        state = outcome.state
        log.append(Stored(action, actor, outcome.rolls, outcome.choices))

    for n in range(1, ARMIES + 1):
        do(StartArmy(f"a{n}", f"player{n}", f"Army {n}", "human-empire", starting_roster()))
    for mission in range(1, MISSIONS + 1):
        armies = list(state.armies.values())
        do(StartMission(tuple(Fielded(a.key, tuple(sorted(u.key for u in a.active_units()))[:5]) for a in armies)))
        with contextlib.suppress(Refused):  # an event that needs more than one unit is not recorded here
            do(RandomEvent(mission, army="a1", units=state.missions[-1].fielded["a1"][:1]))
        do(RecordResult(mission, f"a{mission % ARMIES + 1}"))
        for army in armies:
            fielded = state.missions[-1].fielded[army.key]
            do(PostBattle(mission, army.key, True, tuple(UnitResult(u, casualty=i == 0, killed_units=1)
                                                         for i, u in enumerate(fielded))))
            unit = next(iter(sorted(u.key for u in state.armies[army.key].active_units())))
            for action in (BuyUpgrade(army.key, unit, "sergeant"), SellUpgrade(army.key, unit, "sergeant"),
                           Recruit(army.key, NewUnit(f"Recruit {mission}", INFANTRY))):
                with contextlib.suppress(Refused):  # a refused purchase is part of a real campaign too
                    do(action)
    return start, log


def main() -> None:
    start, log = long_campaign()
    times = []
    for _ in range(7):
        began = time.perf_counter()
        replay(start, log)
        times.append(time.perf_counter() - began)
    median = statistics.median(times) * 1000
    print(f"{len(log)} actions, {ARMIES} armies, {MISSIONS} missions: replay median {median:.1f} ms "
          f"({median * 1000 / len(log):.0f} µs an action); target under 50 ms")


if __name__ == "__main__":
    main()
