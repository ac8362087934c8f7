"""Pairing rounds (armylists/tournament/pairing.py), with property tests over random events of 2 to 200 players.

AoF Regiments, Tournament Guidelines, "Match Pairings": round 1 is random,
later rounds pair players by standing from highest to lowest. Muster's order
of priority (docs/events.md, "The tournament day"): nobody gets a second bye,
the fewest rematches, then the leader meets the best-placed allowed player,
and so on down.
"""
from __future__ import annotations

import random

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from armylists.tournament.pairing import bye_for, pair, shuffled


def fewest_rematches(players: list[int], met: dict[int, set[int]]) -> int:
    """The oracle: pairs that must be rematches = pairs - the largest matching of players who have not met."""
    allowed = nx.Graph()
    allowed.add_nodes_from(players)
    allowed.add_edges_from((a, b) for i, a in enumerate(players) for b in players[i + 1:] if b not in met[a])
    return len(players) // 2 - len(nx.max_weight_matching(allowed, maxcardinality=True))


def play(order: list[int], met: dict[int, set[int]], byes: dict[int, int], result) -> None:
    for a, b in result.pairs:
        met[a].add(b)
        met[b].add(a)
    if result.bye is not None:
        byes[result.bye] = byes.get(result.bye, 0) + 1


@st.composite
def events(draw):
    """A random event: 2 to 200 players, a random number of rounds already played, random standings."""
    n = draw(st.integers(2, 200))
    seed = draw(st.integers(0, 2**32))
    rounds = draw(st.integers(0, min(6, n - 1)))
    return n, seed, rounds


def run_event(n: int, seed: int, rounds: int):
    """Play `rounds` rounds with random standings; yield the state before each round and its pairing."""
    rng = random.Random(seed)
    players = list(range(n))
    met = {p: set() for p in players}
    byes: dict[int, int] = {}
    order = shuffled(players, seed)
    for _ in range(rounds + 1):
        before = ({p: set(m) for p, m in met.items()}, dict(byes))
        result = pair(order, met, byes)
        yield order, before, result
        play(order, met, byes, result)
        rng.shuffle(order)


@settings(max_examples=25, deadline=None)
@given(events())
def test_each_player_is_paired_once_per_round_and_the_odd_one_has_the_bye(event):
    for order, _, result in run_event(*event):
        seated = [p for pair_ in result.pairs for p in pair_] + ([result.bye] if result.bye is not None else [])
        assert sorted(seated) == sorted(order)
        assert (result.bye is not None) == (len(order) % 2 == 1)


@settings(max_examples=25, deadline=None)
@given(events())
def test_no_rematch_that_could_be_avoided(event):
    for order, (met, _), result in run_event(*event):
        players = [p for p in order if p != result.bye]
        assert result.rematches == fewest_rematches(players, met)
        assert result.rematches == sum(1 for a, b in result.pairs if b in met[a])


@settings(max_examples=25, deadline=None)
@given(events())
def test_byes_are_spread_nobody_has_a_second_before_everyone_has_one(event):
    for order, (_, byes), result in run_event(*event):
        if result.bye is not None:
            assert byes.get(result.bye, 0) == min(byes.get(p, 0) for p in order)
            # Which of them: the lowest-placed unless that forces a rematch (test_pairing_events.py).


@settings(max_examples=25, deadline=None)
@given(events())
def test_the_leader_meets_the_best_placed_player_still_allowed(event):
    """The top of the standings meet when they have not met, unless that would force an avoidable rematch."""
    for order, (met, _), result in run_event(*event):
        players = [p for p in order if p != result.bye]
        leader = players[0]
        for other in players[1:]:
            if other in met[leader]:
                continue
            rest = [p for p in players if p not in (leader, other)]
            if fewest_rematches(rest, met) == result.rematches:
                assert (leader, other) in result.pairs
                break


def test_round_one_is_the_same_for_the_same_seed_and_differs_for_another():
    assert shuffled(range(50), 7) == shuffled(range(50), 7)
    assert shuffled(range(50), 7) != shuffled(range(50), 8)


def test_the_pairing_down_takes_back_a_choice_that_paints_it_into_a_corner():
    # 1 v 2 would leave 3 and 4, who have met: the leader meets 3 instead, and 2 meets 4.
    result = pair([1, 2, 3, 4], {1: set(), 2: set(), 3: {4}, 4: {3}})
    assert result.pairs == [(1, 3), (2, 4)] and result.rematches == 0


def test_a_rematch_only_when_every_pairing_has_one():
    everyone_met = {p: {1, 2, 3, 4} - {p} for p in (1, 2, 3, 4)}
    result = pair([1, 2, 3, 4], everyone_met)
    assert result.rematches == 2 and result.pairs == [(1, 2), (3, 4)]


def test_a_large_event_falls_back_to_the_matching_on_a_widening_window_without_a_rematch():
    # No steps for the search: the sparse matching alone must find a pairing of 300 without a rematch.
    order = list(range(300))
    met = {p: {p + 1} if p % 2 == 0 else {p - 1} for p in order}  # everyone met their neighbour
    result = pair(order, met, steps=0)
    assert result.rematches == 0 and len(result.pairs) == 150


def test_the_bye_goes_to_the_lowest_placed_player_without_one():
    assert bye_for([1, 2, 3], {}) == 3
    assert bye_for([1, 2, 3], {3: 1}) == 2
    assert bye_for([1, 2], {}) is None
