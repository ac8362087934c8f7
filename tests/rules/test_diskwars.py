"""Warhammer: Diskwars: the list rules, as the rulebook and docs/violations.md state them."""
from __future__ import annotations

import pytest

from armylists.games.diskwars.rules.model import CommandCard
from armylists.rules.report import Figure

from tests.engine_units import faction

from .conftest import army, check, codes, entry, only, params, unit

GAME = "diskwars"
P = params(GAME)


def hero(slug, rp=10, cv=1, *, race="elf", unique=True, size="large", elite=0,
         faction="high-elves"):
    return unit(slug, faction=faction, kind="hero", recruitment_points=rp, command_value=cv,
                race=race, unique=unique, size=size, elite=elite)


def troop(slug, cost=1, *, size="small", race="elf", unique=False, elite=0,
          faction="high-elves"):
    return unit(slug, faction=faction, kind="troop", recruitment_cost=cost, size=size, race=race,
                unique=unique, elite=elite)


def card(title, alignment_only=None, faction="high-elves"):
    return CommandCard(slug=title.lower().replace(" ", "-"), title=title, faction=faction,
                       alignment_only=alignment_only)


TYRION = hero("tyrion", rp=10, cv=2)
ELTHARION = hero("eltharion", rp=8, cv=1)
CAPTAIN = hero("elf-captain", rp=7, cv=1, unique=False)
SPEARMEN = troop("spearmen", 3)
ARCHERS = troop("archers", 3)
SWORDMASTERS = troop("swordmasters", 4, size="medium")
LIONS = troop("white-lions", 4, size="medium")
PHOENIX = troop("phoenix", 4, size="large")
BOYZ = troop("orc-boyz", 1, race="orc", faction="greenskins")
WARLORD = hero("orc-warlord", rp=10, cv=2, race="orc", faction="greenskins")

# A disk is of its faction's alignment (Diskwars, Customising an Army); the Dogs of War are of none.
FACTIONS = (faction("high-elves", "High Elves", alignment="order"),
            faction("greenskins", "Greenskins", alignment="destruction"), faction("dogs-of-war", "Dogs of War"))
CARDS = (card("Bold Charge"), card("Steady Advance"), card("Devious Trap"))


def host(*entries, regiments=2, cards=None, **fields):
    """An army whose command cards match its heroes' command values unless given."""
    if cards is None:
        total = sum(e.unit.command_value for e in entries if e.unit.kind == "hero")
        cards = tuple(card(f"Card {i}") for i in range(total))
    fields.setdefault("factions", FACTIONS)
    return army(GAME, *entries, faction="high-elves", regiments=regiments,
                cards_chosen=tuple(cards), **fields)


def led(id, u, regiment):
    return entry(id, u, regiment=regiment)




def one_regiment(*troops_, leader=TYRION):
    """A legal-as-possible one-regiment army: the hero `h` and troops t0, t1, ..."""
    return host(entry("h", leader), *(led(f"t{i}", u, "h") for i, u in enumerate(troops_)),
                regiments=1)


# --- Recruitment (Customising an Army) -------------------------------------------------------

def test_troops_costing_exactly_the_heros_recruitment_points_are_legal():
    """Diskwars, Customising an Army: hero RP 10; recruits cost 4+3+3 is valid (10 <= 10)."""
    report = check(one_regiment(troop("a", 4), troop("b", 3), troop("c", 3)), P)
    assert report.legal, report.violations
    assert report.points is None
    assert report.entry_points == {"h": 0, "t0": 4, "t1": 3, "t2": 3}


def test_troops_costing_one_more_than_the_hero_has_are_illegal():
    """Diskwars, Customising an Army: hero RP 10; recruits cost 4+4+3 is invalid (11 > 10)."""
    lst = one_regiment(troop("a", 4), troop("b", 4), troop("c", 3))
    v = only(check(lst, P), "over-recruitment")
    assert v.message == "Regiment of Tyrion: troops cost 11 recruitment points; Tyrion has 10"
    assert v.entries == ("h", "t0", "t1", "t2")
    assert v.rule == "Diskwars: Customising an Army"


def test_each_regiment_pays_from_its_own_hero_and_shows_what_is_left():
    """Diskwars, Customising an Army: regiment A RP 8 spent 6, regiment B RP 7 spent 7: valid, 2 points unspent."""
    lst = host(entry("a", ELTHARION), led("a1", troop("x", 3), "a"), led("a2", troop("y", 3), "a"),
               entry("b", CAPTAIN), led("b1", troop("z", 4), "b"), led("b2", troop("w", 3), "b"))
    report = check(lst, P)
    assert report.legal, report.violations
    assert report.figures[2:] == (
        Figure("Regiment of Eltharion: recruitment points", 6, 8, "max"),
        Figure("Regiment of Elf Captain: recruitment points", 7, 7, "max"),
    )


def test_a_regiments_disks_are_named_in_list_order_wherever_its_hero_stands():
    lst = host(led("t0", troop("a", 6), "h"), led("t1", troop("b", 6), "h"), entry("x", CAPTAIN),
               entry("h", TYRION), led("t2", troop("c", 1), "h"))
    assert only(check(lst, P), "over-recruitment").entries == ("t0", "t1", "h", "t2")


def test_recruitment_points_cannot_be_moved_between_regiments():
    lst = host(entry("a", ELTHARION), led("a1", troop("x", 9), "a"), entry("b", CAPTAIN))
    assert only(check(lst, P), "over-recruitment").entries == ("a", "a1")


# --- Small disks (Customising an Army) -------------------------------------------------------

def test_the_hero_is_not_counted_in_the_small_disk_ratio():
    """Diskwars, Customising an Army: 2 small + 1 medium + 1 large, the hero large, is valid (2 >= 2)."""
    report = check(one_regiment(SPEARMEN, ARCHERS, troop("m", 1, size="medium"),
                                troop("l", 1, size="large")), P)
    assert "too-few-small" not in codes(report)


def test_fewer_small_troops_than_medium_and_large_is_illegal():
    """Diskwars, Customising an Army: 1 small + 1 medium + 1 large is invalid (1 < 2)."""
    v = only(check(one_regiment(SPEARMEN, troop("m", 1, size="medium"),
                                troop("l", 1, size="large")), P), "too-few-small")
    assert v.message == ("Regiment of Tyrion: 1 small troop to 2 medium and large; "
                         "it needs at least as many small")
    assert v.entries == ("t0", "t1", "t2")


def test_a_regiment_of_just_its_hero_is_legal():
    """Diskwars, Customising an Army: hero only is valid (0 >= 0)."""
    assert check(one_regiment(), P).legal


# --- Copies (Customising an Army) ------------------------------------------------------------

def test_three_of_one_small_disk_are_legal_four_are_not():
    """Diskwars, Customising an Army: the same small disk x3 in one regiment is valid, x4 invalid."""
    cheap = troop("levy", 1)
    assert check(one_regiment(cheap, cheap, cheap), P).legal
    v = only(check(one_regiment(cheap, cheap, cheap, cheap), P), "too-many-copies")
    assert v.message == "Regiment of Tyrion: 4 Levy; at most 3 of one small disk per regiment"
    assert v.entries == ("t0", "t1", "t2", "t3")


def test_three_of_one_medium_disk_are_illegal():
    """Diskwars, Customising an Army: the same medium disk x3 in one regiment is invalid (max 2)."""
    med = troop("guard", 1, size="medium")
    small = troop("levy", 1)
    assert "too-many-copies" not in codes(check(one_regiment(small, small, med, med), P))
    report = check(one_regiment(small, small, small, med, med, med, leader=hero("big", rp=20)), P)
    assert "too-many-copies" in codes(report)


def test_two_of_one_large_disk_are_illegal():
    """Diskwars, Customising an Army: the same large disk x2 in one regiment is invalid (max 1)."""
    small = troop("levy", 1)
    big = troop("giant", 1, size="large")
    assert "too-many-copies" not in codes(check(one_regiment(small, big), P))
    assert "too-many-copies" in codes(check(one_regiment(small, small, big, big), P))


def test_the_copy_limit_is_per_regiment():
    """Diskwars, Customising an Army: the same small disk x3 in regiment A and x3 in regiment B is valid."""
    levy = troop("levy", 1)
    lst = host(entry("a", TYRION), *(led(f"a{i}", levy, "a") for i in range(3)),
               entry("b", CAPTAIN), *(led(f"b{i}", levy, "b") for i in range(3)))
    assert check(lst, P).legal


def test_copy_limits_come_from_the_game_settings():
    levy = troop("levy", 1)
    p = params(GAME, max_copies={"small": 4, "medium": 2, "large": 1})
    assert check(one_regiment(levy, levy, levy, levy), p).legal


# --- Unique (Customising an Army) ------------------------------------------------------------

def test_a_unique_unit_in_two_regiments_is_illegal():
    """Diskwars, Customising an Army: a unique unit in regiment A and again in regiment B."""
    lord = troop("loremaster", 1, unique=True)
    lst = host(entry("a", TYRION), led("a1", lord, "a"), entry("b", CAPTAIN), led("b1", lord, "b"))
    v = only(check(lst, P), "duplicate-unique")
    assert v.message == "Loremaster is unique and is taken 2 times"
    assert v.entries == ("a1", "b1")


def test_a_unique_hero_twice_is_illegal():
    lst = host(entry("a", TYRION), entry("b", TYRION))
    assert only(check(lst, P), "duplicate-unique").entries == ("a", "b")


def test_a_non_unique_hero_may_lead_two_regiments():
    """Diskwars, Customising an Army: only unique disks are limited to one copy, so two copies of a
    non-unique hero may lead two regiments."""
    lst = host(entry("a", TYRION), entry("b", CAPTAIN), entry("c", CAPTAIN), regiments=3)
    assert check(lst, P).legal


def test_an_army_without_a_unique_hero_is_illegal():
    """Diskwars, Customising an Army: an army whose heroes are all non-unique."""
    lst = host(entry("a", CAPTAIN), entry("b", CAPTAIN))
    v = only(check(lst, P), "no-unique-hero")
    assert v.message == "the army needs at least 1 unique hero; it has none"


def test_a_unique_troop_does_not_stand_in_for_a_unique_hero():
    lst = host(entry("a", CAPTAIN), led("a1", troop("lore", 1, unique=True), "a"), regiments=1)
    assert "no-unique-hero" in codes(check(lst, P))


# --- Elite (Customising an Army) -------------------------------------------------------------

def test_two_elite_2_disks_in_one_regiment_are_illegal_one_in_each_is_legal():
    """Diskwars, Customising an Army: two elite-2 disks in one regiment invalid; one in each of two valid."""
    e1, e2 = troop("elite-a", 1, elite=2), troop("elite-b", 1, elite=2)
    v = only(check(one_regiment(e1, e2), P), "too-many-elite")
    assert v.message == "Regiment of Tyrion: 2 disks of elite 2 or more; at most 1 per regiment"
    assert v.entries == ("t0", "t1")
    lst = host(entry("a", TYRION), led("a1", e1, "a"), entry("b", CAPTAIN), led("b1", e2, "b"))
    assert check(lst, P).legal


def test_an_elite_hero_counts_towards_its_regiments_elite_limit():
    """Diskwars, Customising an Army: only the small-disk ratio says "not counting the hero itself"."""
    v = only(check(one_regiment(troop("e", 1, elite=2), leader=hero("champ", elite=2)), P),
             "too-many-elite")
    assert v.entries == ("h", "t0")


def test_elite_1_disks_do_not_count_and_elite_3_do():
    assert check(one_regiment(troop("a", 1, elite=1), troop("b", 1, elite=1)), P).legal
    report = check(one_regiment(troop("a", 1, elite=3), troop("b", 1, elite=2)), P)
    assert "too-many-elite" in codes(report)


def test_elite_limits_come_from_the_game_settings():
    lst = one_regiment(troop("a", 1, elite=2), troop("b", 1, elite=2))
    assert check(lst, params(GAME, max_elite_per_regiment=2)).legal


# --- Alignment and race (Customising an Army) ------------------------------------------------

def test_order_and_destruction_disks_cannot_be_mixed():
    """Diskwars, Customising an Army: an Order hero plus any Destruction disk anywhere in the army."""
    lst = host(entry("a", TYRION), entry("b", CAPTAIN), led("b1", SPEARMEN, "b"),
               led("b2", troop("orc", 1, race=None, faction="greenskins"),
                   "b"))
    v = only(check(lst, P), "mixed-alignment")
    assert v.entries == ("b2",)
    assert v.message == ("the army is order but has 1 destruction disk; "
                         "order and destruction disks cannot be mixed")


def test_disks_without_alignment_go_with_either():
    """Diskwars, Customising an Army: only "both Order and Destruction disks" are forbidden, so a disk with no
    alignment is compatible with either."""
    neutral = troop("mercs", 1, race=None, faction="dogs-of-war")
    assert check(one_regiment(neutral), P).legal


def test_a_hero_cannot_recruit_another_race():
    """Diskwars, Customising an Army: a hero of race X recruits a disk of race Y."""
    dwarf = troop("dwarf-warriors", 1, race="dwarf")
    v = only(check(one_regiment(dwarf), P), "wrong-race")
    assert v.message == "Regiment of Tyrion: Dwarf Warriors is dwarf; Tyrion is elf"
    assert v.entries == ("t0",)


def test_a_troop_with_no_race_is_compatible():
    """Diskwars, Customising an Army: a hero of race X recruits a disk with no race."""
    assert check(one_regiment(troop("hound", 1, race=None)), P).legal


def test_a_hero_with_no_race_may_recruit_any_race():
    lst = one_regiment(troop("d", 1, race="dwarf"), leader=hero("wanderer", race=None))
    assert "wrong-race" not in codes(check(lst, P))


def test_regiments_of_different_races_may_share_an_army():
    """Diskwars, Customising an Army: "A hero cannot recruit disks affiliated with another race"; nothing forbids
    mixing races across regiments."""
    dwarf_lord = hero("dwarf-lord", race="dwarf", unique=False)
    lst = host(entry("a", TYRION), led("a1", SPEARMEN, "a"),
               entry("b", dwarf_lord), led("b1", troop("dw", 1, race="dwarf"), "b"))
    assert check(lst, P).legal


# --- Command cards (Customising an Army; Keywords: Order or Destruction Only) ----------------

@pytest.mark.parametrize("chosen, legal", [(5, True), (4, False), (6, False)])
def test_command_cards_must_equal_the_heroes_command_values_added_up(chosen, legal):
    """Diskwars, Customising an Army: command values 3 and 2; 5 distinct cards valid, 4 or 6 invalid."""
    cards = tuple(card(f"Card {i}") for i in range(chosen))
    lst = host(entry("a", hero("a", cv=3)), entry("b", hero("b", cv=2)), cards=cards)
    report = check(lst, P)
    assert report.legal is legal
    if not legal:
        v = only(report, "command-card-count")
        assert v.message == f"{chosen} command cards chosen; the heroes' command values add up to 5"


def test_two_command_cards_with_the_same_title_are_illegal():
    """Diskwars, Customising an Army: two command cards with the same title (compared ignoring case and spacing)."""
    cards = (card("Bold Charge"), CommandCard("bold-charge-2", "bold  charge", "greenskins"),
             card("Steady Advance"))
    v = only(check(host(entry("a", TYRION), entry("b", CAPTAIN), cards=cards), P),
             "duplicate-command-card")
    assert v.message == "command card \u201cBold Charge\u201d is chosen 2 times; at most 1 copy"


def test_a_destruction_only_card_needs_a_destruction_hero():
    """Diskwars, Keywords: Order or Destruction Only: a "Destruction Only" card in an army whose heroes are all
    Order."""
    cards = (card("Blood for the Blood God", "destruction"), card("Steady Advance"),
             card("Devious Trap"))
    v = only(check(host(entry("a", TYRION), entry("b", CAPTAIN), cards=cards), P),
             "command-card-alignment")
    assert v.message == ("command card \u201cBlood for the Blood God\u201d is for destruction "
                         "armies only; the army has no destruction hero")
    assert v.rule == "Diskwars: Keywords (Order or Destruction Only)"


def test_an_order_only_card_with_an_order_hero_is_legal():
    cards = (card("Winds of Morai-Heg", "order"), card("Steady Advance"), card("Devious Trap"))
    assert check(host(entry("a", TYRION), entry("b", CAPTAIN), cards=cards), P).legal


def test_only_heroes_satisfy_an_alignment_only_card():
    """Diskwars, Keywords: Order or Destruction Only: 'has a hero in his army of that faction affiliation'."""
    lst = host(entry("a", TYRION), led("a1", BOYZ, "a"), regiments=1,
               cards=(card("Waaagh", "destruction"), card("Steady Advance")))
    assert "command-card-alignment" in codes(check(lst, P))


# --- Regiments (Customising an Army) ---------------------------------------------------------

def test_three_regiments_when_two_were_agreed_is_illegal():
    """Diskwars, Customising an Army: regiment count 2; the army has 3 regiments."""
    lst = host(entry("a", TYRION), entry("b", CAPTAIN), entry("c", CAPTAIN), regiments=2)
    v = only(check(lst, P), "wrong-regiment-count")
    assert v.message == "3 regiments (one per hero); 2 agreed"


def test_too_few_regiments_are_illegal_too():
    assert "wrong-regiment-count" in codes(check(host(entry("a", TYRION), regiments=2), P))


def test_without_an_agreed_count_the_game_default_applies():
    lst = host(entry("a", TYRION), entry("b", CAPTAIN), regiments=None)
    assert check(lst, P).legal
    assert "wrong-regiment-count" in codes(check(lst, params(GAME, default_regiments=3)))


def test_a_troop_outside_any_regiment_is_illegal():
    lst = host(entry("a", TYRION), entry("s", SPEARMEN), regiments=1)
    v = only(check(lst, P), "no-regiment")
    assert v.message == "Spearmen is in no regiment; a hero must recruit it"
    assert v.entries == ("s",)


@pytest.mark.parametrize("regiment, message", [
    ("a1", "Archers is in the regiment of Spearmen, which is not a hero; only heroes recruit"),
    ("nobody", "Archers names regiment 'nobody', which is not an entry of this list"),
])
def test_a_troop_must_name_a_hero_as_its_regiment(regiment, message):
    """Customising an Army; docs/checking.md, The result: an entry is named by its name, not its id."""
    lst = host(entry("a", TYRION), led("a1", SPEARMEN, "a"), led("x", ARCHERS, regiment),
               regiments=1)
    v = only(check(lst, P), "no-regiment")
    assert v.message == message
    assert v.entries == ("x",)


def test_a_hero_given_a_regiment_still_leads_its_own():
    """Heroes are chosen, not recruited (Customising an Army). The list file (docs/list-file.md, Entries)
    makes `regiment` on a hero entry bad input at the list-file boundary; should one reach the engine, it is
    ignored."""
    lst = host(entry("a", TYRION), entry("b", CAPTAIN, regiment="a"), led("b1", SPEARMEN, "b"))
    report = check(lst, P)
    assert report.legal, report.violations
    assert Figure("Regiment of Elf Captain: recruitment points", 3, 7, "max") in report.figures


# --- Figures ---------------------------------------------------------------------------------

def test_figures_show_regiments_command_cards_and_recruitment():
    lst = host(entry("a", TYRION), led("a1", SPEARMEN, "a"), regiments=2, cards=CARDS)
    regiments, cards, recruitment = check(lst, P).figures
    assert regiments == Figure("Regiments (agreed)", 1, 2, "exact") and not regiments.ok
    assert cards == Figure("Command cards (heroes' command value)", 3, 2, "exact") and not cards.ok
    assert recruitment == Figure("Regiment of Tyrion: recruitment points", 3, 10, "max")


def test_figures_are_ok_when_counts_are_exact():
    regiments, cards = check(host(entry("a", TYRION), regiments=1), P).figures[:2]
    assert regiments.ok and cards.ok
