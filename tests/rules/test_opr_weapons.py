"""OPR weapons after options, and `weapon-replaced-twice` (docs/violations.md): an army book's "Replace"
upgrades swap a weapon the unit carries, so two of them cannot both swap the same one."""
from __future__ import annotations

from armylists.games.opr.rules.weapons import Weapon, carried, weapon_key

from .conftest import codes, only, option, unit
from .conftest import entry as any_entry
from .regiments import report


def entry(*args, **fields):
    """An AoF Regiments entry (both OPR games' entries have the same own fields)."""
    return any_entry(*args, game="aof-regiments", **fields)


HAND = Weapon("Hand Weapon", 10, attacks=1)
SPEARS = option("spears", 10, scope="all_models", weapons=(Weapon("Spear", 1, attacks=1, rules=("Counter",)),),
                replaces=({"weapon": "Hand Weapons"},), group="all")
HALBERDS = option("halberds", 15, scope="all_models", weapons=(Weapon("Halberd", 1, attacks=1),),
                  replaces=({"weapon": "Hand Weapons"},), group="other")
NET = option("net", 5, scope="model", weapons=(Weapon("Throwing Net", 1, range=6, attacks=1),),
             replaces=({"weapon": "Hand Weapon", "count": 1},))
BANNER = option("banner", 5, scope="model", command="banner")
WARBAND = unit("warband", cost=100, models=10, weapons=(HAND,), options=(SPEARS, HALBERDS, NET, BANNER))
SAGE = unit("sage", cost=70, hero=True, weapons=(Weapon("Staff", 1, attacks=2),),
            options=(option("trident", 10, weapons=(Weapon("Trident", 1, attacks=3),),
                            replaces=({"weapon": "Staff"},)),))


def shown(e) -> list[tuple[str, int]]:
    return [(w.name, w.count) for w in carried(e)]


def test_names_match_without_plural_or_a_count_in_front():
    assert weapon_key("Hand Weapons") == weapon_key("2x Hand Weapon") == "hand weapon"
    assert weapon_key("Glass") == "glass"


def test_a_unit_given_spears_carries_spears_and_no_hand_weapons():
    assert shown(entry("a", WARBAND, "spears")) == [("Spear", 10)]
    assert shown(entry("a", WARBAND, "spears", combined=True)) == [("Spear", 20)]
    assert shown(entry("a", SAGE, "trident")) == [("Trident", 1)]


def test_replacing_one_models_weapon_keeps_the_others():
    assert shown(entry("a", WARBAND, "net", "net")) == [("Hand Weapon", 8), ("Throwing Net", 1),
                                                        ("Throwing Net", 1)]


def test_an_option_that_replaces_nothing_adds():
    assert shown(entry("a", WARBAND, "banner")) == [("Hand Weapon", 10)]


def test_two_options_replacing_all_of_one_weapon_are_a_violation_on_the_entry():
    found = only(report(entry("a", WARBAND, "spears", "halberds")), "weapon-replaced-twice")
    assert found.entries == ("a",)
    assert found.message.startswith("Warband takes Spears and Halberds, which replace its Hand Weapon")


def test_replacing_one_model_at_a_time_is_fine_up_to_the_units_count():
    assert "weapon-replaced-twice" not in codes(report(entry("a", WARBAND, *["net"] * 10)))
    assert "weapon-replaced-twice" in codes(report(entry("a", WARBAND, *["net"] * 11)))
    assert "weapon-replaced-twice" not in codes(report(entry("a", WARBAND, *["net"] * 20, combined=True)))


def test_all_and_one_of_the_same_weapon_are_a_violation():
    assert "weapon-replaced-twice" in codes(report(entry("a", WARBAND, "spears", "net")))

