"""Properties of the OPR rules engine over random lists of random units.

Whatever the list, the engine answers (never raises), answers the same way
twice, never lowers the points when an entry is added, calls a list legal
exactly when it carries no error, and names factions as players know them.
"""
from __future__ import annotations

import re
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from armylists.games.opr.rules.force import opr_entry_cost
from armylists.rules.model import Army, Entry, Faction, Unit

from .conftest import check, option, params, unit

GAMES = ("aof-regiments", "aof-skirmish")
OPR_CODES = {
    "empty-list", "points-over-limit", "option-group", "too-many-heroes", "too-many-copies",
    "unit-too-expensive", "too-many-units", "too-many-models", "command-group",
    "invalid-combine", "invalid-join", "wrong-faction", "too-many-factions", "primary-under-60",
}
FORCE_ORG_CODES = {"too-many-heroes", "too-many-copies", "unit-too-expensive",
                   "too-many-units", "too-many-models"}
TOURNAMENT_CODES = {"too-many-factions", "primary-under-60"}
FACTIONS = ("kingdom", "undead", "orcs")
NAMED = tuple(Faction(slug, f"The {slug.title()} Host") for slug in FACTIONS)
SLUGS = ("infantry", "archers", "captain", "giant", "wolves")


def options(min_cost: int):
    return st.lists(st.builds(
        option,
        slug=st.sampled_from(("a", "b", "c", "d")),
        name=st.just("Option"),
        cost=st.integers(min_cost, 40),
        scope=st.sampled_from(("all_models", "model", "unit")),
        command=st.sampled_from((None, None, "sergeant", "musician", "banner")),
    ), max_size=4, unique_by=lambda o: o.slug).map(tuple)


def units(min_option_cost: int = -20):
    return st.builds(
        unit,
        slug=st.sampled_from(SLUGS),
        name=st.sampled_from(("Infantry", "Archers", "Captain")),
        faction=st.sampled_from(FACTIONS),
        cost=st.integers(0, 600),
        models=st.integers(1, 20),
        hero=st.booleans(),
        rules=st.sampled_from(((), ("Tough(3)",), ("Tough(6)",), ("Tough(9)",), ("Fast",))),
        options=options(min_option_cost),
        copies_of=st.sampled_from((None, None, *SLUGS)),
    )


def unit_pools(min_option_cost: int = -20):
    """A faction library: up to 5 units, one per faction and slug, as the boundary ensures."""
    return st.lists(units(min_option_cost), min_size=1, max_size=5,
                    unique_by=lambda u: (u.faction, u.slug))


# Every strategy is built once, here: hypothesis validates a strategy when it first draws from it, and building
# them anew for each list and entry took a good part of these tests' time. What depends on the drawn library or
# list is drawn as an index, as sampled_from draws it: one of n units, or up to 5 picks of a unit's options.
MAX_IDS = 12
POOLS, NON_NEGATIVE_POOLS = unit_pools(), unit_pools(min_option_cost=0)
ONE_OF = {n: st.integers(0, n - 1) for n in range(1, MAX_IDS + 2)}
PICKS = {n: st.lists(ONE_OF[n], max_size=5) for n in range(1, 5)}  # a unit has at most 4 options (`options`)
# Mostly no join; otherwise any entry (itself included) or an unknown id (the last of n + 1).
JOINS = {n: st.one_of(st.none(), st.none(), ONE_OF[n + 1]) for n in range(MAX_IDS + 1)}
ID_COUNTS, BOOLEANS, LIMITS = st.integers(0, MAX_IDS), st.booleans(), st.one_of(st.integers(0, 3000), st.none())
GAME_OF, FACTION_OF, NAMED_OR_NOT = st.sampled_from(GAMES), st.sampled_from(FACTIONS), st.sampled_from(((), NAMED))
MIXED = st.sampled_from((None, "single", "free", "tournament"))


def entries(ids: list[str], pool: list[Unit]):
    """Entries of units from `pool`, joined (sometimes) to one of `ids` or to an unknown id."""
    targets = [*ids, "nowhere"]

    @st.composite
    def one(draw, entry_id: str):
        u = pool[draw(ONE_OF[len(pool)])]
        options = tuple(u.options[i] for i in draw(PICKS[len(u.options)])) if u.options else ()
        joined = draw(JOINS[len(ids)])
        return Entry(id=entry_id, unit=u, options=options,
                     details={"combined": draw(BOOLEANS), "joined_to": None if joined is None else targets[joined]})

    return one


@st.composite
def armies(draw):
    pool = draw(POOLS)
    ids = [f"e{i}" for i in range(1, draw(ID_COUNTS) + 1)]
    entry = entries(ids, pool)
    return Army(
        game=draw(GAME_OF),
        faction=draw(FACTION_OF),
        entries=tuple(draw(entry(i)) for i in ids),
        # None never passes the list-file boundary, but the engine must still answer.
        points_limit=draw(LIMITS),
        factions=draw(NAMED_OR_NOT),
        details={"force_organisation": draw(BOOLEANS), "mixed_armies": draw(MIXED)},
    )


@st.composite
def non_negative_entries(draw, entry_id: str):
    """An entry that costs 0 or more: its unit has no negative option."""
    return draw(entries(["e1"], draw(NON_NEGATIVE_POOLS))(entry_id))


@settings(max_examples=200, deadline=None)
@given(armies())
def test_random_lists_never_crash_the_engine(army):
    report = check(army, params(army.game))
    ids = [e.id for e in army.entries]
    for v in report.violations:
        assert v.code in OPR_CODES
        assert v.message and v.rule.startswith(params(army.game).book)
        assert list(v.entries) == [i for i in ids if i in v.entries]
    assert report.points == sum(opr_entry_cost(e) for e in army.entries)


@settings(max_examples=200, deadline=None)
@given(armies())
def test_the_same_list_always_gets_the_same_report(army):
    rebuilt = replace(army, entries=tuple(replace(e) for e in army.entries))
    assert check(army, params(army.game)) == check(rebuilt, params(army.game))


@settings(max_examples=200, deadline=None)
@given(armies(), non_negative_entries("added"))
def test_adding_an_entry_never_lowers_the_points(army, added):
    before = check(army, params(army.game)).points
    assert opr_entry_cost(added) >= 0
    after = check(replace(army, entries=(*army.entries, added)), params(army.game)).points
    assert after >= before


@settings(max_examples=200, deadline=None)
@given(armies())
def test_a_list_is_legal_exactly_when_it_has_no_error(army):
    report = check(army, params(army.game))
    assert report.legal is (not any(v.severity == "error" for v in report.violations))
    # Every OPR rule is an error, so a legal list has no violation at all.
    assert report.legal is (report.violations == ())


@settings(max_examples=200, deadline=None)
@given(armies())
def test_optional_rules_only_speak_when_the_list_asks_for_them(army):
    report = check(army, params(army.game))
    found = {v.code for v in report.violations}
    if not army.force_organisation:
        assert not found & FORCE_ORG_CODES
        assert report.figures == ()
    mode = army.mixed_armies or params(army.game).default_mixed_armies
    if mode != "tournament":
        assert not found & TOURNAMENT_CODES
    if mode != "single":
        assert "wrong-faction" not in found
    if army.game == "aof-regiments":
        assert "too-many-models" not in found


@settings(max_examples=200, deadline=None)
@given(armies())
def test_wrong_faction_flags_exactly_the_entries_of_other_factions_in_single_lists(army):
    mode = army.mixed_armies or params(army.game).default_mixed_armies
    flagged = [v.entries for v in check(army, params(army.game)).violations
               if v.code == "wrong-faction"]
    expected = [(e.id,) for e in army.entries if e.faction != army.faction]
    assert flagged == (expected if mode == "single" else [])


@settings(max_examples=200, deadline=None)
@given(armies())
def test_primary_under_60_speaks_only_for_lists_that_mix_factions(army):
    found = {v.code for v in check(army, params(army.game)).violations}
    if all(e.faction == army.faction for e in army.entries):
        assert "primary-under-60" not in found


@settings(max_examples=200, deadline=None)
@given(armies())
def test_messages_name_factions_not_slugs_when_the_list_knows_their_names(army):
    """docs/checking.md, The result: messages name units, factions, cards and spells by their names, never their
    slugs."""
    if not army.factions:
        return
    for v in check(army, params(army.game)).violations:
        for slug in FACTIONS:
            assert not re.search(rf"\b{slug}\b", v.message), v.message
