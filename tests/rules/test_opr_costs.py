"""What an OPR entry costs (docs/list-file.md, What a list costs), for both AoF games.

An entry costs its unit's cost, doubled when combined, plus its options; an
`all_models` option is doubled too when combined, `model` and `unit` options
are not. Option costs may be negative.
"""
from __future__ import annotations

import pytest

from armylists.games.opr.rules.force import opr_entry_cost

from .conftest import army, check, option, params, unit
from .conftest import entry as any_entry


def entry(*args, **fields):
    """An AoF Regiments entry (both OPR games' entries have the same own fields)."""
    return any_entry(*args, game="aof-regiments", **fields)

GAMES = ("aof-regiments", "aof-skirmish")

INFANTRY = unit(
    "infantry", name="Infantrymen", cost=50, models=5,
    options=(
        option("spears", 10, scope="all_models"),
        option("halberds", 15, scope="all_models"),
        option("sniper-rifle", 20, scope="model"),
        option("sergeant", 5, scope="model", command="sergeant"),
        option("war-drums", 15, scope="unit"),
        option("no-shields", -5, scope="all_models"),
        option("no-armour", -20, scope="unit"),
    ),
)


def test_an_entry_without_options_costs_its_unit():
    assert opr_entry_cost(entry("e1", INFANTRY)) == 50


def test_options_are_added_to_the_unit_cost():
    assert opr_entry_cost(entry("e1", INFANTRY, "spears", "war-drums")) == 50 + 10 + 15


def test_an_option_given_twice_is_paid_twice():
    assert opr_entry_cost(entry("e1", INFANTRY, "sniper-rifle", "sniper-rifle")) == 50 + 2 * 20


def test_a_combined_entry_pays_the_unit_twice():
    assert opr_entry_cost(entry("e1", INFANTRY, combined=True)) == 100


def test_a_combined_entry_pays_all_models_options_for_both_halves():
    """AoF Regiments, Combined Units, in cost form: "any upgrades that are applied to all models are bought for
    both" (its example: Spears and Halberds cannot merge), so both halves buy the Spears and pay twice."""
    assert opr_entry_cost(entry("e1", INFANTRY, "spears", combined=True)) == 2 * 50 + 2 * 10


@pytest.mark.parametrize("slug, cost", [("sniper-rifle", 20), ("war-drums", 15), ("sergeant", 5)])
def test_a_combined_entry_pays_model_and_unit_options_once(slug, cost):
    assert opr_entry_cost(entry("e1", INFANTRY, slug, combined=True)) == 2 * 50 + cost


def test_a_negative_option_lowers_the_cost():
    assert opr_entry_cost(entry("e1", INFANTRY, "no-armour")) == 30


def test_a_negative_all_models_option_is_doubled_when_combined():
    assert opr_entry_cost(entry("e1", INFANTRY, "no-shields", combined=True)) == 100 - 10


@pytest.mark.parametrize("game", GAMES)
def test_the_list_costs_the_sum_of_its_entries(game):
    report = check(
        army(game, entry("e1", INFANTRY, "spears", combined=True), entry("e2", INFANTRY, "no-armour"),
             points_limit=1000),
        params(game),
    )
    assert report.entry_points == {"e1": 120, "e2": 30}
    assert report.points == 150
    assert report.points_limit == 1000


@pytest.mark.parametrize("game", GAMES)
def test_a_list_may_cost_exactly_its_limit_but_not_one_more(game):
    """AoF Regiments and AoF Skirmish, Preparing your Army (the cost "doesn't go over" the agreed size): the
    total may equal the limit; one point over is an error, force organisation or not."""
    at = army(game, entry("e1", INFANTRY), points_limit=50, force_organisation=False)
    over = army(game, entry("e1", INFANTRY), points_limit=49, force_organisation=False)
    assert check(at, params(game)).legal
    report = check(over, params(game))
    assert [v.code for v in report.violations] == ["points-over-limit"]
