"""Pairing a round: plain Python (and networkx), no database, so it is tested on its own.

AoF Regiments, Tournament Guidelines, "Match Pairings": the first round is
random; later rounds pair players by standing, highest first. Muster's order
of priority (docs/events.md, "The tournament day"): nobody gets a second bye;
then the fewest rematches; then the leader meets the best-placed player still
allowed, then the next unpaired player likewise, down the standings.

`pair` pairs down with backtracking: the highest unpaired player takes the
best-placed opponent they have not met, and a choice that leaves the players
below impossible to pair without a rematch is taken back. The first pairing
found that way is the best one by the order above. When no pairing without a
rematch exists (a small event in its late rounds), or the search runs out of
steps, a maximum-weight matching (networkx) on a sparse graph finds the
pairing with the fewest rematches: each player is joined to a window of
nearby places, and the window widens until every player has an opponent.
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
    """An odd number of players: the lowest-placed player with the fewest byes so far (none, if anyone)."""
    if len(order) % 2 == 0:
        return None
    fewest = min(byes.get(p, 0) for p in order)
    return next(p for p in reversed(order) if byes.get(p, 0) == fewest)


def pair(order: Sequence[int], met: Mapping[int, Collection[int]], byes: Mapping[int, int] | None = None,
         *, steps: int = SEARCH_STEPS) -> Pairing:
    """Pair `order` (players, best-placed first); `met` holds each player's opponents so far."""
    bye = bye_for(order, byes or {})
    players = [p for p in order if p != bye]
    found = _pair_down(players, met, steps)
    if found is None:
        found = _matching(players, met)
    rank = {p: i for i, p in enumerate(players)}
    pairs = sorted(((a, b) if rank[a] < rank[b] else (b, a) for a, b in found), key=lambda ab: rank[ab[0]])
    rematches = sum(1 for a, b in pairs if b in met.get(a, ()))
    return Pairing(pairs, bye, rematches)


def _pair_down(players: list[int], met: Mapping[int, Collection[int]], steps: int) -> list[tuple[int, int]] | None:
    """Top-down pairing without rematches, backtracking; None when there is none (or the steps ran out).

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
        steps -= 1
        if steps < 0:
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


def _weight(i: int, j: int, rematch: bool, n: int) -> int:
    """Fewest rematches first (one outweighs any spread of places), then places close together."""
    spread = (j - i) ** 2
    return (n * n * n + 1) * (0 if rematch else 1) + n * n - spread


def _matching(players: list[int], met: Mapping[int, Collection[int]]) -> list[tuple[int, int]]:
    n = len(players)
    window = n if n <= WHOLE_GRAPH else FIRST_WINDOW
    while True:
        graph = nx.Graph()
        graph.add_nodes_from(range(n))
        for i in range(n):
            for j in range(i + 1, min(n, i + 1 + window)):
                graph.add_edge(i, j, weight=_weight(i, j, players[j] in met.get(players[i], ()), n))
        matched = nx.max_weight_matching(graph, maxcardinality=True)
        if 2 * len(matched) == n:
            return [(players[a], players[b]) for a, b in matched]
        window *= 2
