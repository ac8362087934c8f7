"""A season's ranking from its events' standings lines (docs/events.md, "Seasons"): the worked example, each rule,
and a property test against the ranking worked out the long way (tests/seasons/oracle.py)."""
from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armylists.seasons.ranking import EventLine, EventStandings, season_ranking

from .oracle import expected_ranking

DAY = dt.datetime(2026, 3, 1, tzinfo=dt.UTC)


def event(number: int, *lines: tuple, date: dt.datetime | None = None) -> EventStandings:
    """An event's standings from (person, place, VP) lines; each player named by their person's key."""
    return EventStandings(number, date or DAY + dt.timedelta(days=30 * number),
                          [EventLine(p, place, vp, p) for p, place, vp in lines], order=number)


def table(lines) -> list[tuple]:
    return [(s.rank, s.name, s.score, s.events, s.vp) for s in lines]


# docs/events.md, "Seasons", the worked example: three events, `best` 2.
SPRING = event(1, ("Ada", 1, 9), ("Bram", 2, 6), ("Cleo", 2, 6), ("Dov", 4, 3))
SUMMER = event(2, ("Bram", 1, 9), ("Ada", 2, 6), ("Dov", 3, 3))
AUTUMN = event(3, ("Cleo", 1, 6), ("Dov", 2, 3))


def test_the_worked_example_of_the_docs():
    assert table(season_ranking([SPRING, SUMMER, AUTUMN], best=2)) == [
        (1, "Ada", 6, 2, 15), (1, "Bram", 6, 2, 15), (3, "Cleo", 5, 2, 12), (4, "Dov", 2, 2, 6)]
    assert table(season_ranking([SPRING, SUMMER, AUTUMN], scoring="vp", best=2)) == [
        (1, "Ada", 15, 2, 15), (1, "Bram", 15, 2, 15), (3, "Cleo", 12, 2, 12), (4, "Dov", 6, 2, 6)]


def test_placing_scores_players_less_place_plus_one_and_joint_places_score_the_best_of_them():
    lines = season_ranking([SPRING])
    assert {s.name: s.score for s in lines} == {"Ada": 4, "Bram": 3, "Cleo": 3, "Dov": 1}


def test_with_best_the_lower_scores_are_shown_but_not_counted():
    dov = next(s for s in season_ranking([SPRING, SUMMER, AUTUMN], best=2) if s.name == "Dov")
    assert [(c.event, c.score, c.counted) for c in dov.contributions] == [(1, 1, False), (2, 1, True), (3, 1, True)]


def test_among_equal_scores_at_the_cut_off_more_vp_counts_then_the_later_event():
    richer = event(1, ("Ada", 1, 9), ("Bram", 2, 0))
    poorer = event(2, ("Ada", 1, 3), ("Bram", 2, 0))
    ada = season_ranking([richer, poorer], best=1)[0]
    assert (ada.score, ada.vp, [c.counted for c in ada.contributions]) == (2, 9, [True, False])
    later = season_ranking([event(1, ("Ada", 1, 3)), event(2, ("Ada", 1, 3))], best=1)[0]
    assert [c.counted for c in later.contributions] == [False, True]


def test_ties_are_broken_by_events_counted_then_vp_else_shared():
    one = event(1, ("Ada", 1, 3), ("Bram", 2, 9), ("Cleo", 3, 0))
    two = event(2, ("Bram", 1, 0), ("Cleo", 2, 3))
    three = event(3, ("Dov", 1, 5), ("Eve", 1, 5), ("Finn", 3, 0), ("Gus", 3, 2))
    assert table(season_ranking([one, two, three])) == [
        (1, "Bram", 4, 2, 9),  # ahead of Dov and Eve on events counted
        (2, "Dov", 4, 1, 5), (2, "Eve", 4, 1, 5),  # equal on all three: they share the place
        (4, "Ada", 3, 1, 3),
        (5, "Cleo", 2, 2, 3),  # ahead of Gus and Finn on events counted
        (6, "Gus", 2, 1, 2), (7, "Finn", 2, 1, 0)]  # Gus ahead of Finn on VP


def test_with_best_one_a_player_counts_one_event():
    assert {s.events for s in season_ranking([SPRING, SUMMER, AUTUMN], best=1)} == {1}


def test_a_player_is_named_as_in_their_latest_counted_event():
    early = EventStandings(1, DAY, [EventLine(7, 1, 3, "Ada L.")], 1)
    late = EventStandings(2, DAY + dt.timedelta(days=9), [EventLine(7, 1, 0, "Ada Lovelace")], 2)
    assert season_ranking([late, early])[0].name == "Ada Lovelace"
    assert season_ranking([late, early], scoring="vp", best=1)[0].name == "Ada L."  # the counted one


def test_no_counted_event_no_line():
    assert season_ranking([]) == []


def test_an_unknown_scoring_or_a_best_of_none_is_refused():
    with pytest.raises(ValueError):
        season_ranking([SPRING], scoring="wins")
    with pytest.raises(ValueError):
        season_ranking([SPRING], best=0)


@st.composite
def standings_lines(draw, people: int = 8):
    """One event: some of the people, in an order with joint places (equal keys share the best place)."""
    persons = draw(st.lists(st.integers(0, people - 1), min_size=1, max_size=people, unique=True))
    keys = draw(st.lists(st.integers(0, 3), min_size=len(persons), max_size=len(persons)))
    vps = draw(st.lists(st.integers(0, 12), min_size=len(persons), max_size=len(persons)))
    ordered = sorted(zip(persons, keys, vps, strict=True), key=lambda p: -p[1])
    return [(p, 1 + sum(k > key for _, k, _ in ordered), vp, f"P{p}-{draw(st.sampled_from('ab'))}")
            for p, key, vp in ordered]


@given(events=st.lists(st.tuples(st.integers(0, 5), standings_lines()), max_size=6),
       scoring=st.sampled_from(["placing", "vp"]), best=st.none() | st.integers(1, 4))
def test_the_ranking_is_the_one_worked_out_from_the_events_standings_lines(events, scoring, best):
    dated = [(DAY + dt.timedelta(days=d), lines) for d, lines in events]  # some on the same day
    standings = [EventStandings(i, date, [EventLine(*line) for line in lines], order=i)
                 for i, (date, lines) in enumerate(dated)]
    assert table(season_ranking(standings, scoring=scoring, best=best)) == \
        expected_ranking(dated, scoring=scoring, best=best)
