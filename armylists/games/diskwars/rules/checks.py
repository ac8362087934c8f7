"""Warhammer: Diskwars: customising an army (rulebook: Customising an Army; command-card Keywords).

An army is a number of regiments agreed before the game. Each regiment is a
hero entry plus the troops whose `regiment` is that hero's id; the troops'
recruitment costs are paid from the hero's recruitment points. There is no
points total. The rulebook's text is cut off after the command card rule
(docs/violations.md, "Diskwars"), so these are the rules that survive.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator

from armylists.rules.game import GameRules, Tally
from armylists.rules.model import Army, Entry
from armylists.rules.report import Figure, Violation
from armylists.rules.text import plural

from .numbers import DiskwarsParams


def recruitment_cost(entry: Entry) -> int:
    """Diskwars: what a troop costs its hero's recruitment points (heroes cost nothing)."""
    return entry.unit.recruitment_cost if entry.unit.kind == "troop" else 0


def _rule(params: DiskwarsParams, section: str | None = None) -> str:
    return f"{params.book}: {section or params.army_section}"


def _heroes(army: Army) -> list[Entry]:
    # A hero always leads its own regiment: heroes are chosen, not recruited
    # (Customising an Army). A `regiment` on a hero entry is bad input at the
    # list-file boundary; should one reach the engine, it is ignored.
    return [e for e in army.entries if e.unit.kind == "hero"]


def _troops(army: Army) -> list[Entry]:
    # Any disk that is not a hero is recruited, so a unit without `kind` is a troop.
    return [e for e in army.entries if e.unit.kind != "hero"]


def regiments(army: Army) -> list[tuple[Entry, list[Entry]]]:
    """Each hero with the troops in its regiment, heroes and troops in list order."""
    troops: dict[str, list[Entry]] = defaultdict(list)
    for t in _troops(army):
        if t.regiment is not None:
            troops[t.regiment].append(t)
    return [(h, troops.get(h.id, [])) for h in _heroes(army)]


def _disks(army: Army, hero: Entry, troops: list[Entry]) -> list[Entry]:
    """A regiment's disks, its hero included, in list order (`troops` already are)."""
    at = army.position(hero.id)
    i = next((k for k, t in enumerate(troops) if army.position(t.id) > at), len(troops))
    return [*troops[:i], hero, *troops[i:]]


def _ids(entries) -> tuple[str, ...]:
    return tuple(e.id for e in entries)


def _agreed(army: Army, params: DiskwarsParams) -> int:
    return params.default_regiments if army.regiments is None else army.regiments


def _command_total(army: Army) -> int:
    return sum(h.unit.command_value for h in _heroes(army))


def wrong_regiment_count(army: Army, params: DiskwarsParams, tally: Tally) -> Iterator[Violation]:
    """The army has exactly the agreed number of regiments, one per hero (Diskwars, Customising an Army)."""
    heroes, agreed = len(_heroes(army)), _agreed(army, params)
    if heroes != agreed:
        yield Violation("wrong-regiment-count",
                        f"{plural(heroes, 'regiment')} (one per hero); {agreed} agreed",
                        rule=_rule(params), scope="list")


def no_regiment(army: Army, params: DiskwarsParams, tally: Tally) -> Iterator[Violation]:
    """Every troop is recruited into the regiment of a hero in the list (Diskwars, Customising an Army)."""
    for t in _troops(army):
        leader = army.entry(t.regiment)
        if t.regiment is None:
            why = "is in no regiment; a hero must recruit it"
        elif leader is None:
            why = f"names regiment {t.regiment!r}, which is not an entry of this list"
        elif leader.unit.kind != "hero":
            why = f"is in the regiment of {leader.label}, which is not a hero; only heroes recruit"
        else:
            continue
        yield Violation("no-regiment", f"{t.label} {why}", entries=(t.id,), rule=_rule(params), scope="entries")


def over_recruitment(army: Army, params: DiskwarsParams, tally: Tally) -> Iterator[Violation]:
    """A regiment's troops cost no more recruitment points than its hero has (Diskwars, Customising an Army)."""
    for hero, troops in regiments(army):
        spent, has = sum(recruitment_cost(t) for t in troops), hero.unit.recruitment_points
        if spent > has:
            yield Violation("over-recruitment", f"Regiment of {hero.label}: troops cost {spent} "
                            f"recruitment points; {hero.label} has {has}",
                            entries=_ids(_disks(army, hero, troops)), rule=_rule(params), scope="list")


def alignment(army: Army, entry: Entry) -> str | None:
    """A disk's alignment: its faction's (Diskwars, Customising an Army); None for a faction of none, or one
    the army does not know."""
    faction = army.faction_named(entry.faction)
    return faction.alignment if faction else None


def mixed_alignment(army: Army, params: DiskwarsParams, tally: Tally) -> Iterator[Violation]:
    """An army has no both order and destruction disks (Diskwars, Customising an Army)."""
    # A disk whose faction has no alignment goes with either (docs/violations.md, "Diskwars"). The
    # army's alignment is its own faction's; failing that, its first aligned
    # disk's. The disks of the other alignment are the ones flagged.
    aligned = [(e, side) for e in army.entries if (side := alignment(army, e))]
    if len({side for _, side in aligned}) < 2:
        return
    own = next((side for e, side in aligned if e.faction == army.faction), aligned[0][1])
    others = [(e, side) for e, side in aligned if side != own]
    yield Violation("mixed-alignment", f"the army is {own} but has "
                    f"{plural(len(others), others[0][1] + ' disk')}; "
                    "order and destruction disks cannot be mixed",
                    entries=_ids(e for e, _ in others), rule=_rule(params), scope="list")


def duplicate_unique(army: Army, params: DiskwarsParams, tally: Tally) -> Iterator[Violation]:
    """A unique disk is in the army at most once (Diskwars, Customising an Army)."""
    copies: dict[tuple[str, str], list[Entry]] = defaultdict(list)
    for e in army.entries:
        if e.unit.unique:
            copies[(e.faction, e.unit.slug)].append(e)
    for taken in copies.values():
        if len(taken) > 1:
            yield Violation("duplicate-unique",
                            f"{taken[0].unit.name} is unique and is taken {len(taken)} times",
                            entries=_ids(taken), rule=_rule(params), scope="list")


def no_unique_hero(army: Army, params: DiskwarsParams, tally: Tally) -> Iterator[Violation]:
    """The army has at least one unique hero (Diskwars, Customising an Army)."""
    if not any(h.unit.unique for h in _heroes(army)):
        yield Violation("no-unique-hero", "the army needs at least 1 unique hero; it has none",
                        rule=_rule(params), scope="list")


def wrong_race(army: Army, params: DiskwarsParams, tally: Tally) -> Iterator[Violation]:
    """A hero recruits no troop of another race (Diskwars, Customising an Army)."""
    # A troop or hero with no race is compatible with any (docs/violations.md, "Diskwars").
    for hero, troops in regiments(army):
        for t in troops:
            if hero.unit.race and t.unit.race and t.unit.race != hero.unit.race:
                yield Violation("wrong-race", f"Regiment of {hero.label}: {t.label} is "
                                f"{t.unit.race}; {hero.label} is {hero.unit.race}",
                                entries=(t.id,), rule=_rule(params), scope="entries")


def too_few_small(army: Army, params: DiskwarsParams, tally: Tally) -> Iterator[Violation]:
    """A regiment has no fewer small troops than medium and large ones, its hero not counted."""
    for hero, troops in regiments(army):
        sizes = Counter(t.unit.size for t in troops)
        small, bigger = sizes["small"], sizes["medium"] + sizes["large"]
        if small < bigger:
            sized = [t for t in troops if t.unit.size in ("small", "medium", "large")]
            yield Violation("too-few-small", f"Regiment of {hero.label}: "
                            f"{plural(small, 'small troop')} to {bigger} medium and large; "
                            "it needs at least as many small",
                            entries=_ids(sized), rule=_rule(params), scope="list")


def too_many_copies(army: Army, params: DiskwarsParams, tally: Tally) -> Iterator[Violation]:
    """A regiment, hero included, has at most `max_copies[size]` of one disk (Diskwars, Customising an Army)."""
    # The hero counts: only the small-disk ratio excludes it (Diskwars, Customising an Army;
    # docs/violations.md, "Diskwars").
    for hero, troops in regiments(army):
        copies: dict[tuple[str, str], list[Entry]] = defaultdict(list)
        for d in _disks(army, hero, troops):
            copies[(d.faction, d.unit.slug)].append(d)
        for taken in copies.values():
            size = taken[0].unit.size
            most = params.max_copies.get(size or "")
            if most is not None and len(taken) > most:
                yield Violation("too-many-copies", f"Regiment of {hero.label}: {len(taken)} "
                                f"{taken[0].unit.name}; at most {most} of one {size} disk "
                                "per regiment", entries=_ids(taken), rule=_rule(params), scope="list")


def too_many_elite(army: Army, params: DiskwarsParams, tally: Tally) -> Iterator[Violation]:
    """A regiment, hero included, has at most `max_elite_per_regiment` elite disks."""
    # Elite means `elite_level` or more ("elite 2 or more"); the hero counts (docs/violations.md, "Diskwars").
    for hero, troops in regiments(army):
        elite = [d for d in _disks(army, hero, troops) if d.unit.elite >= params.elite_level]
        if len(elite) > params.max_elite_per_regiment:
            yield Violation("too-many-elite", f"Regiment of {hero.label}: {len(elite)} disks of "
                            f"elite {params.elite_level} or more; at most "
                            f"{params.max_elite_per_regiment} per regiment",
                            entries=_ids(elite), rule=_rule(params), scope="list")


def command_card_count(army: Army, params: DiskwarsParams, tally: Tally) -> Iterator[Violation]:
    """The command cards chosen number exactly the heroes' command values added up (Diskwars, Customising an Army)."""
    chosen, total = len(army.cards_chosen), _command_total(army)
    if chosen != total:
        yield Violation("command-card-count", f"{plural(chosen, 'command card')} chosen; "
                        f"the heroes' command values add up to {total}", rule=_rule(params), scope="list")


def _title(title: str) -> str:
    return " ".join(title.split()).casefold()


def duplicate_command_card(army: Army, params: DiskwarsParams,
                           tally: Tally) -> Iterator[Violation]:
    """No two command cards share a title (Diskwars, Customising an Army)."""
    # Titles are compared ignoring case and spacing (docs/violations.md, "Diskwars").
    counts = Counter(_title(c.title) for c in army.cards_chosen)
    for card in army.cards_chosen:
        n = counts.pop(_title(card.title), 0)
        if n > 1:
            yield Violation("duplicate-command-card", f"command card \u201c{card.title}\u201d "
                            f"is chosen {n} times; at most 1 copy", rule=_rule(params), scope="list")


def command_card_alignment(army: Army, params: DiskwarsParams,
                           tally: Tally) -> Iterator[Violation]:
    """An "Order/Destruction Only" card needs a hero of that alignment in the army (Diskwars, command-card
    Keywords: Order or Destruction Only)."""
    hero_alignments = {alignment(army, h) for h in _heroes(army)}
    for card in army.cards_chosen:
        only = card.alignment_only
        if only and only not in hero_alignments:
            yield Violation("command-card-alignment", f"command card \u201c{card.title}\u201d is "
                            f"for {only} armies only; the army has no {only} hero",
                            rule=_rule(params, "Keywords (Order or Destruction Only)"), scope="list")


def figures(army: Army, params: DiskwarsParams, tally: Tally) -> tuple[Figure, ...]:
    heroes, agreed = len(_heroes(army)), _agreed(army, params)
    chosen, total = len(army.cards_chosen), _command_total(army)
    return (
        Figure("Regiments (agreed)", heroes, agreed, "exact"),
        Figure("Command cards (heroes' command value)", chosen, total, "exact"),
        *(
            Figure(f"Regiment of {hero.label}: recruitment points",
                   sum(recruitment_cost(t) for t in troops), hero.unit.recruitment_points, "max")
            for hero, troops in regiments(army)
        ),
    )


def no_points(army: Army, params: DiskwarsParams, entry_points: dict[str, int]) -> None:
    """Diskwars has no points total; `entry_points` are recruitment costs, for display."""
    return None


RULES = GameRules(
    params_type=DiskwarsParams,
    entry_cost=recruitment_cost,
    list_points=no_points,
    checks=(wrong_regiment_count, no_regiment, over_recruitment, mixed_alignment,
            duplicate_unique, no_unique_hero, wrong_race, too_few_small, too_many_copies,
            too_many_elite, command_card_count, duplicate_command_card, command_card_alignment),
    figures=figures,
)
