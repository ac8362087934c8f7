"""A season's ranking worked out the long way from the events' standings lines, as docs/events.md, "Seasons"
words it: the property tests hold `armylists.seasons.ranking` to it."""
from __future__ import annotations


def expected_ranking(events, *, scoring: str, best: int | None) -> list[tuple]:
    """`events`: (date, lines) in the season's order, each line (person, place, vp, name). Returns one
    (rank, name, score, events, vp) per player, best first, equals by name."""
    results: dict = {}
    for position, (date, lines) in enumerate(events):
        for person, place, vp, name in lines:
            score = len(lines) - place + 1 if scoring == "placing" else vp
            results.setdefault(person, []).append({"score": score, "vp": vp, "when": (date, position), "name": name})
    season = []
    for person, theirs in results.items():
        left, counted = list(theirs), []
        while left and (best is None or len(counted) < best):
            top = max(left, key=lambda r: (r["score"], r["vp"], r["when"]))
            counted.append(top)
            left.remove(top)
        name = max(counted, key=lambda r: r["when"])["name"]
        season.append((person, name, sum(r["score"] for r in counted), len(counted), sum(r["vp"] for r in counted)))
    keys = [(score, count, vp) for _, _, score, count, vp in season]
    ranked = [(1 + sum(k > (s, c, v) for k in keys), name, s, c, v, person) for person, name, s, c, v in season]
    ranked.sort(key=lambda r: (r[0], r[1].casefold(), r[1], str(r[5])))
    return [r[:5] for r in ranked]
