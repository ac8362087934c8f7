"""Properties of the Battleground, Dulce Bellum and Diskwars rules over random lists."""
from __future__ import annotations

import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from armylists.games.registry import game_home
from armylists.games.diskwars.rules.model import CommandCard
from armylists.games.dulce_bellum.rules.model import Grimoire, Spell
from armylists.games.dulce_bellum.rules.model import SizeProfile
from armylists.rules.model import Entry

from tests.engine_units import faction

from .conftest import army, check, option, params, unit

SETTINGS = settings(max_examples=150, deadline=None)
FACTIONS = ("home", "away", "third")
SIZES = ("single", "squad", "platoon", "company", "horde")
LIMITS = st.one_of(st.none(), st.integers(0, 4000))
OPTIONS = (option("banner", 5), option("musician", 10), option("champion", 15))
GRIMOIRES = (
    Grimoire("battle-magic", "Battle Magic", (Spell("charge", "Charge!", basic=True),
                                              Spell("fireball", "Fireball"), Spell("vicious", "Vicious"))),
    Grimoire("dark-magic", "Dark Magic", (Spell("bitter-nectar", "Bitter Nectar", basic=True),
                                          Spell("hex", "Hex"))),
)
SPELLS = ("charge", "fireball", "vicious", "bitter-nectar", "hex")
NAMED = (faction("home", "The Home Guard", grimoires=("battle-magic",)),
         faction("away", "The Away Host", grimoires=("dark-magic", "battle-magic")),
         faction("third", "The Third Band"))
ALIGNMENTS = st.sampled_from(("order", "destruction", None))
CODES = {
    "battleground": {"empty-list", "points-over-limit", "option-group", "too-few-core", "too-many-elite",
                     "mercenary-not-allowed", "too-many-mercenary-factions", "unusual-points-limit",
                     "over-hand-limit"},
    "dulce-bellum": {"empty-list", "points-over-limit", "option-group", "wrong-faction",
                     "not-enough-unlocks", "over-unit-limit", "option-repeated", "unusual-points-limit",
                     "too-many-spells", "spell-not-in-grimoire", "grimoire-not-available",
                     "duplicate-spell"},
    "diskwars": {"empty-list", "option-group", "wrong-regiment-count", "no-regiment", "over-recruitment",
                 "mixed-alignment", "duplicate-unique", "no-unique-hero", "wrong-race", "too-few-small",
                 "too-many-copies", "too-many-elite", "command-card-count", "duplicate-command-card",
                 "command-card-alignment"},
}

BATTLEGROUND_UNITS = st.builds(
    lambda slug, faction, cost, cls, merc: unit(slug, faction=faction, cost=cost, class_=cls,
                                                 mercenary=merc, options=OPTIONS),
    st.sampled_from(("a", "b", "c", "d")), st.sampled_from(FACTIONS), st.integers(0, 500),
    st.sampled_from(("core", "standard", "elite", None)), st.booleans(),
)
DULCE_UNITS = st.builds(
    lambda slug, faction, rarity, limit, sizes, points, caster, rules: unit(
        slug, faction=faction, rarity=rarity, limit=limit, options=OPTIONS,
        sizes=tuple(SizeProfile(s, points) for s in sizes), spellcaster=caster, rules=rules),
    st.sampled_from(("a", "b", "c", "d")), st.sampled_from(FACTIONS),
    st.sampled_from(("common", "irregular", "uncommon", "rare", None)),
    st.one_of(st.none(), st.integers(0, 3)), st.sets(st.sampled_from(SIZES)), st.integers(0, 400),
    st.sampled_from((None, 0, 1, 2, "fireball")), st.sampled_from(((), ("Master of Magic",))),
)
DISKWARS_UNITS = st.builds(
    lambda slug, faction, kind, size, race, unique, elite, rp, cv, cost: unit(
        slug, faction=faction, kind=kind, size=size, race=race, unique=unique, elite=elite,
        recruitment_points=rp, command_value=cv, recruitment_cost=cost),
    st.sampled_from(("a", "b", "c", "d", "e")), st.sampled_from(FACTIONS),
    st.sampled_from(("hero", "troop", None)), st.sampled_from(("small", "medium", "large", None)),
    st.sampled_from(("elf", "orc", None)), st.booleans(), st.integers(0, 3), st.integers(0, 12),
    st.integers(0, 4), st.integers(0, 6),
)
CARDS = st.builds(
    lambda title, only: CommandCard(slug=title.lower(), title=title, faction="home",
                                    alignment_only=only),
    st.sampled_from(("Charge", "charge", "Hold", "Trap")),
    st.sampled_from(("order", "destruction", None)),
)


# Every strategy is built once, here: hypothesis validates a strategy when it first draws from it, and building
# them anew for each entry took a good part of these tests' time.
MAX_ENTRIES = 8
ENTRY_COUNTS = st.integers(0, MAX_ENTRIES)
ENTRY_SIZES = st.sampled_from((*SIZES, None))
# No regiment, one of the list's n entries (any of 0..30, wrapped round), or an id no entry has.
REGIMENTS = {n: st.one_of(st.none(), st.integers(0, 30).map(lambda k, n=n: f"e{k % max(n, 1)}"), st.just("missing"))
             for n in range(MAX_ENTRIES + 1)}
ENTRY_GRIMOIRES = st.sampled_from((None, "battle-magic", "dark-magic", "unknown"))
ENTRY_SPELLS = st.lists(st.sampled_from(SPELLS), max_size=3)
ENTRY_OPTIONS = st.lists(st.sampled_from(OPTIONS), max_size=3)


@st.composite
def entries(draw, game, units):
    """Entries with unique ids, random options (repeats allowed), and the game's own fields among random
    sizes, regiments, grimoires and spells."""
    n = draw(ENTRY_COUNTS)
    own = {f.name for f in game_home(game).files.entry_fields}
    made = []
    for i in range(n):
        drawn = {
            "size": draw(ENTRY_SIZES),
            "regiment": draw(REGIMENTS[n]),
            "grimoire": draw(ENTRY_GRIMOIRES),
            "spells": tuple(draw(ENTRY_SPELLS)),
        }
        made.append(Entry(id=f"e{i}", unit=draw(units), options=tuple(draw(ENTRY_OPTIONS)),
                          details={name: value for name, value in drawn.items() if name in own}))
    return made


@st.composite
def lists(draw, game):
    if game == "battleground":
        made = draw(entries(game, BATTLEGROUND_UNITS))
        return army(game, *made, faction="home", points_limit=draw(LIMITS),
                    cards_bought=draw(st.integers(0, 20)), factions=draw(st.sampled_from(((), NAMED))))
    if game == "dulce-bellum":
        return army(game, *draw(entries(game, DULCE_UNITS)), faction="home", points_limit=draw(LIMITS),
                    grimoires=draw(st.sampled_from(((), GRIMOIRES))),
                    factions=draw(st.sampled_from(((), NAMED))))
    return army(game, *draw(entries(game, DISKWARS_UNITS)), faction="home",
                regiments=draw(st.one_of(st.none(), st.integers(0, 4))),
                cards_chosen=tuple(draw(st.lists(CARDS, max_size=6))),
                factions=tuple(faction(f.slug, f.name, alignment=draw(ALIGNMENTS)) for f in NAMED))


GAMES = st.sampled_from(("battleground", "dulce-bellum", "diskwars"))


@st.composite
def games_and_lists(draw):
    game = draw(GAMES)
    return game, draw(lists(game))


@SETTINGS
@given(games_and_lists())
def test_random_lists_never_crash_the_engine_and_every_violation_is_well_formed(case):
    game, lst = case
    p = params(game)
    report = check(lst, p)
    ids = [e.id for e in lst.entries]
    for v in report.violations:
        assert v.code in CODES[game]
        assert v.severity in ("error", "warning")
        assert v.message and v.rule.startswith(f"{p.book}: ")
        assert list(v.entries) == [i for i in ids if i in v.entries], "entries in list order"


@SETTINGS
@given(games_and_lists())
def test_messages_name_factions_spells_and_grimoires_not_their_slugs(case):
    """docs/checking.md, The result: messages name units, factions, cards and spells by their names, never their
    slugs."""
    game, lst = case
    if not lst.factions or (game == "dulce-bellum" and not lst.grimoires):
        return
    # Spells are Dulce Bellum's: a Diskwars command card may be titled "charge".
    slugs = (*FACTIONS, *((*SPELLS, "battle-magic", "dark-magic") if game == "dulce-bellum" else ()))
    for v in check(lst, params(game)).violations:
        for slug in slugs:
            assert not re.search(rf"(?<![\w-]){slug}(?![\w-])", v.message), v.message


@SETTINGS
@given(st.sampled_from(("battleground", "dulce-bellum")).flatmap(lists))
def test_a_violation_about_the_whole_list_appears_once(lst):
    """docs/checking.md, The result: a list-wide violation once, with every entry it concerns."""
    game = lst.game
    report = check(lst, params(game))
    once = {"empty-list", "points-over-limit", "too-few-core", "too-many-mercenary-factions",
            "unusual-points-limit", "over-hand-limit", "not-enough-unlocks"}
    counts = Counter(v.code for v in report.violations)
    assert all(counts[c] <= 1 for c in once), counts
    duplicates = [v.message.split(" is chosen")[0] for v in report.violations if v.code == "duplicate-spell"]
    assert len(duplicates) == len(set(duplicates))


@SETTINGS
@given(games_and_lists())
def test_reports_are_deterministic(case):
    game, lst = case
    assert check(lst, params(game)) == check(lst, params(game))


@SETTINGS
@given(games_and_lists())
def test_legal_means_no_error_severity_violation(case):
    game, lst = case
    report = check(lst, params(game))
    assert report.legal == (not any(v.severity == "error" for v in report.violations))
    assert report.legal == (report.errors == ())


@SETTINGS
@given(GAMES.flatmap(lambda g: st.tuples(st.just(g), lists(g))))
def test_diskwars_has_no_points_total_and_the_others_always_do(case):
    game, lst = case
    points = check(lst, params(game)).points
    assert (points is None) == (game == "diskwars")


@SETTINGS
@given(st.sampled_from(("battleground", "dulce-bellum")).flatmap(
    lambda g: st.tuples(st.just(g), lists(g), st.data())))
def test_adding_an_entry_never_lowers_the_points(case):
    game, lst, data = case
    units = BATTLEGROUND_UNITS if game == "battleground" else DULCE_UNITS
    extra = data.draw(entries(game, units).filter(bool))[0]
    at_its_size = {name: value for name, value in extra.details.items() if name == "size"}
    bigger = army(game, *lst.entries, Entry(id="added", unit=extra.unit, options=extra.options, details=at_its_size),
                  faction=lst.faction, points_limit=lst.points_limit, **lst.details)
    p = params(game)
    assert check(bigger, p).points >= check(lst, p).points
