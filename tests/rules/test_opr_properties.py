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


def entries(ids: list[str], pool: list[Unit]):
    """Entries of units from `pool`, joined (sometimes) to one of `ids` or to an unknown id."""
    # Strategies are built once per list: building them per entry is what makes hypothesis slow.
    chosen = {u: st.lists(st.sampled_from(u.options), max_size=5) if u.options else st.just([])
              for u in pool}
    # Mostly no join; otherwise any entry (itself included) or an unknown id.
    joins = st.one_of(st.none(), st.none(), st.sampled_from([*ids, "nowhere"]))

    @st.composite
    def one(draw, entry_id: str):
        u = draw(st.sampled_from(pool))
        return Entry(id=entry_id, unit=u, options=tuple(draw(chosen[u])),
                     details={"combined": draw(st.booleans()), "joined_to": draw(joins)})

    return one


def unit_pools(min_option_cost: int = -20):
    """A faction library: up to 5 units, one per faction and slug, as the boundary ensures."""
    return st.lists(units(min_option_cost), min_size=1, max_size=5,
                    unique_by=lambda u: (u.faction, u.slug))


@st.composite
def armies(draw):
    pool = draw(unit_pools())
    ids = [f"e{i}" for i in range(1, draw(st.integers(0, 12)) + 1)]
    entry = entries(ids, pool)
    return Army(
        game=draw(st.sampled_from(GAMES)),
        faction=draw(st.sampled_from(FACTIONS)),
        entries=tuple(draw(entry(i)) for i in ids),
        # None never passes the list-file boundary, but the engine must still answer.
        points_limit=draw(st.one_of(st.integers(0, 3000), st.none())),
        factions=draw(st.sampled_from(((), NAMED))),
        details={"force_organisation": draw(st.booleans()),
                 "mixed_armies": draw(st.sampled_from((None, "single", "free", "tournament")))},
    )


@st.composite
def non_negative_entries(draw, entry_id: str):
    """An entry that costs 0 or more: its unit has no negative option."""
    return draw(entries(["e1"], draw(unit_pools(min_option_cost=0)))(entry_id))


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
