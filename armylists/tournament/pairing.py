"""Pairing a round: plain Python (and networkx), no database, so it is tested on its own.

AoF Regiments, Tournament Guidelines, "Match Pairings": the first round is
random; later rounds pair players by standing, highest first. Muster's order
of priority (docs/events.md, "The tournament day"): nobody gets a second bye;
then the fewest rematches; then the leader meets the best-placed player still
allowed, then the next unpaired player likewise, down the standings.

`pair` pairs down with backtracking: the highest unpaired player takes the
best-placed opponent they have not met, and a choice that leaves the players
below impossible to pair without a rematch is taken back. The first pairing
found that way is the best one by the order above. With an odd number of
players the bye is offered first to the lowest-placed player who may have it,
then upwards, until the others pair without a rematch. When no pairing without
a rematch exists (a small event in its late rounds), or the search runs out of
steps, a maximum-weight matching (networkx) on a sparse graph finds the
pairing with the fewest rematches, the bye one more seat in it: each player is
joined to a window of nearby places, and the window widens until every player
has an opponent. Places are the standings' (players equal on VP and every
tiebreaker share one), so the matching never strays further from the
standings than it must.
"""
from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

import networkx as nx

# Steps of the search before the matching takes over; pairing 5,000 players without a rematch takes about one
# step per player when the standings allow it.
SEARCH_STEPS = 200_000
FIRST_WINDOW = 8
# Below this many players the matching joins everybody to everybody: exact, and still fast.
WHOLE_GRAPH = 64


@dataclass(frozen=True)
class Pairing:
    pairs: list[tuple[int, int]]  # (higher-placed, lower-placed), in table order
    bye: int | None
    rematches: int


def shuffled(players: Sequence[int], seed: int) -> list[int]:
    """The order of round 1: random, but the same for the same seed, so a pairing can be reproduced."""
    order = list(players)
    random.Random(seed).shuffle(order)
    return order


def bye_for(order: Sequence[int], byes: Mapping[int, int]) -> int | None:
    """An odd number of players: the lowest-placed player with the fewest byes so far (none, if anyone),
    when nothing else decides (see `pair`)."""
    candidates = bye_candidates(order, byes)
    return candidates[0] if candidates else None


def bye_candidates(order: Sequence[int], byes: Mapping[int, int]) -> list[int]:
    """Who may take the bye, in the order they are offered it: those with the fewest byes so far (nobody has a
    second while a player has none), the lowest-placed first. None for an even number of players."""
    if len(order) % 2 == 0:
        return []
    fewest = min(byes.get(p, 0) for p in order)
    return [p for p in reversed(order) if byes.get(p, 0) == fewest]


def pair(order: Sequence[int], met: Mapping[int, Collection[int]], byes: Mapping[int, int] | None = None,
         *, places: Mapping[int, int] | None = None, steps: int = SEARCH_STEPS) -> Pairing:
    """Pair `order` (players, best-placed first); `met` holds each player's opponents so far, `byes` their byes,
    `places` their places in the standings (players equal on VP and every tiebreaker share one; by default
    each player's position in `order`).

    The bye is part of the pairing: it goes to the lowest-placed player who may take it, unless that forces a
    rematch that a bye higher up avoids.
    """
    candidates = bye_candidates(order, byes or {})
    budget = [steps]
    for bye in candidates or [None]:
        players = [p for p in order if p != bye]
        found = _pair_down(players, met, budget)
        if found is not None:
            return _pairing(players, found, bye, met)
        if budget[0] < 0:
            break
    place = places or {p: i for i, p in enumerate(order)}
    found, bye = _matching(list(order), met, candidates, place)
    return _pairing([p for p in order if p != bye], found, bye, met)


def _pairing(players: list[int], found: list[tuple[int, int]], bye: int | None,
             met: Mapping[int, Collection[int]]) -> Pairing:
    rank = {p: i for i, p in enumerate(players)}
    pairs = sorted(((a, b) if rank[a] < rank[b] else (b, a) for a, b in found), key=lambda ab: rank[ab[0]])
    rematches = sum(1 for a, b in pairs if b in met.get(a, ()))
    return Pairing(pairs, bye, rematches)


def _pair_down(players: list[int], met: Mapping[int, Collection[int]], budget: list[int]
               ) -> list[tuple[int, int]] | None:
    """Top-down pairing without rematches, backtracking; None when there is none (or the steps in `budget`,
    shared by every search of one pairing, ran out).

    The unpaired players are a doubly linked list of places, so taking a pair out and putting it back
    (when a choice is taken back) costs nothing, whatever the number of players.
    """
    n = len(players)
    nxt = list(range(1, n + 2))  # place n + 1 ends the list; place 0 is its head
    prv = list(range(-1, n + 1))
    seen = [met.get(p, ()) for p in players]

    def unlink(i: int) -> None:
        nxt[prv[i]], prv[nxt[i]] = nxt[i], prv[i]

    def relink(i: int) -> None:
        nxt[prv[i]] = prv[nxt[i]] = i

    def opponent(top: int, after: int) -> int | None:
        j = nxt[after]
        while j <= n and players[j - 1] in seen[top - 1]:
            j = nxt[j]
        return j if j <= n else None

    chosen: list[tuple[int, int]] = []  # places 1..n
    top, after = nxt[0], nxt[0]
    while top <= n:
        budget[0] -= 1
        if budget[0] < 0:
            return None
        j = opponent(top, after)
        if j is None:  # take back the last choice and try its next opponent
            if not chosen:
                return None
            top, j = chosen.pop()
            relink(j)
            relink(top)
            after = j
            continue
        unlink(top)
        unlink(j)
        chosen.append((top, j))
        top = after = nxt[0]
    return [(players[a - 1], players[b - 1]) for a, b in chosen]


def _weight(spread: int, rematch: bool, n: int) -> int:
    """Fewest rematches first (one outweighs any spread of places), then places close together."""
    return (n * n * n + 1) * (0 if rematch else 1) + n * n - spread * spread


def _matching(order: list[int], met: Mapping[int, Collection[int]], candidates: Sequence[int],
              place: Mapping[int, int]) -> tuple[list[tuple[int, int]], int | None]:
    """The pairing with the fewest rematches, then places closest together, the bye (if any) among
    `candidates`, as low as it may go: a maximum-weight matching in which the bye is one more node."""
    n = len(order)
    bye_node = n if candidates else None
    size = n + (1 if candidates else 0)
    bottom = max(place[p] for p in order) + 1  # the bye is a seat below the last place
    may_bye = set(candidates)
    window = size if size <= WHOLE_GRAPH else FIRST_WINDOW
    while True:
        graph = nx.Graph()
        graph.add_nodes_from(range(size))
        for i in range(n):
            for j in range(i + 1, min(n, i + 1 + window)):
                spread = place[order[j]] - place[order[i]]
                graph.add_edge(i, j, weight=_weight(spread, order[j] in met.get(order[i], ()), size))
            if order[i] in may_bye:
                graph.add_edge(i, bye_node, weight=_weight(bottom - place[order[i]], False, size))
        matched = nx.max_weight_matching(graph, maxcardinality=True)
        if 2 * len(matched) == size:
            break
        window *= 2
    bye = next((order[a if b == bye_node else b] for a, b in matched if bye_node in (a, b)), None)
    return [(order[a], order[b]) for a, b in matched if bye_node not in (a, b)], bye
