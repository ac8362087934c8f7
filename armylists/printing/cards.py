"""One entry of a list as a printed card, in its game's own layout.

Everything comes from the engine entry, its points from the report and its
unit document (the faction-file JSON, which carries the printable `stats`).
Nothing here reads the database.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from armylists.rules.model import Entry

OPR = {"aof-regiments", "aof-skirmish"}
# Stats that are lists of gear, and values longer than WIDE_STAT, print on
# their own line under the stat boxes.
WIDE_KEYS = {"equipment", "weapons", "ranged", "missile", "special"}
WIDE_STAT = 14

LABELS: dict[str, dict[str, str]] = {
    "opr": {"quality": "Quality", "defense": "Defense", "defence": "Defense", "equipment": "Equipment"},
    "battleground": {"attack": "Attack", "defence": "Defence", "defense": "Defence", "move": "Move",
                     "courage": "Courage", "range": "Range", "ranged": "Ranged", "damage": "Damage",
                     "ammo": "Ammo"},
    "dulce-bellum": {"mv": "Mv", "movement": "Mv", "me": "Me", "melee": "Me", "mi": "Mi", "missile": "Mi",
                     "de": "De", "defense": "De", "defence": "De", "us": "US", "unit_strength": "US"},
    "diskwars": {"attack": "Attack", "counter": "Counter", "toughness": "Toughness", "movement": "Move",
                 "move": "Move", "stamina": "Stamina", "ranged": "Ranged", "missile": "Missile"},
}
# Stats that are a target number on a die; the books write them "4+".
TARGET_NUMBERS = {"quality", "defense", "defence", "me", "melee", "mi", "missile", "de"}


@dataclass(frozen=True, slots=True)
class Stat:
    label: str
    value: str
    wide: bool = False


@dataclass(frozen=True, slots=True)
class Pick:
    """An option taken, `count` times; `cost` is the points of one as the unit lists it."""

    name: str
    count: int
    cost: int

    @property
    def text(self) -> str:
        return f"{self.count}× {self.name}" if self.count > 1 else self.name

    @property
    def cost_text(self) -> str:
        if not self.cost:
            return ""
        sign = "+" if self.cost > 0 else "−"
        # A no-break space keeps "+5 pts" together when the options line wraps.
        return f"{sign}{abs(self.cost)}\u00a0pts" + (" each" if self.count > 1 else "")


@dataclass(frozen=True)
class Card:
    entry_id: str
    name: str
    custom_name: str | None
    size: str
    stats: tuple[Stat, ...]
    points: int | None
    points_unit: str
    tags: tuple[str, ...] = ()
    details: tuple[Stat, ...] = ()
    picks: tuple[Pick, ...] = ()
    rules: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    violations: tuple[int, ...] = ()
    joined: tuple[Card, ...] = field(default=())

    @property
    def short_stats(self) -> tuple[Stat, ...]:
        return tuple(s for s in self.stats if not s.wide)

    @property
    def wide_stats(self) -> tuple[Stat, ...]:
        return tuple(s for s in self.stats if s.wide)

    @property
    def all_rules(self) -> tuple[str, ...]:
        """Rules of this card and of the heroes that joined it, for the glossary."""
        return (*self.keywords, *self.rules, *(r for c in self.joined for r in c.all_rules))

    def without_detail(self, label: str) -> Card:
        return replace(self, details=tuple(d for d in self.details if d.label != label))


@dataclass(frozen=True)
class Context:
    """What a card needs beyond its entry: the list's faction, names and points."""

    game: str
    primary: str
    faction_names: dict[str, str]
    entry_points: dict[str, int]
    labels: dict[str, str]  # entry id -> how the list names it


def label(game: str, key: str) -> str:
    table = LABELS.get("opr" if game in OPR else game, {})
    return table.get(key.lower(), key.replace("_", " ").replace("-", " ").capitalize())


def stat_value(key: str, value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) and key.lower() in TARGET_NUMBERS and 1 < value <= 6:
        return f"{value}+"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def printed_stats(game: str, doc: dict[str, Any]) -> list[Stat]:
    """The unit's stats in the order its data gives them, labelled as the game does."""
    stats = []
    for key, raw in (doc.get("stats") or {}).items():
        value = stat_value(key, raw)
        stats.append(Stat(label(game, key), value, key.lower() in WIDE_KEYS or len(value) > WIDE_STAT))
    return stats


def picks(entry: Entry) -> tuple[Pick, ...]:
    counts = Counter(o.slug for o in entry.options)
    seen: dict[str, Pick] = {}
    for o in entry.options:
        seen.setdefault(o.slug, Pick(o.name, counts[o.slug], o.cost))
    return tuple(seen.values())


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _faction_detail(entry: Entry, ctx: Context) -> list[Stat]:
    if entry.faction == ctx.primary:
        return []
    return [Stat("Faction", ctx.faction_names.get(entry.faction, entry.faction))]


def opr_card(entry: Entry, doc: dict[str, Any], ctx: Context) -> dict[str, Any]:
    models = entry.unit.models
    size = _plural(models, "model")
    if entry.combined:
        size = f"{models * 2} models (2 × {models})"
    tags = ["Hero"] * entry.unit.hero + ["Combined unit"] * entry.combined
    details = _faction_detail(entry, ctx)
    if entry.joined_to:
        host = ctx.labels.get(entry.joined_to, f"{entry.joined_to} (no such entry)")
        details.append(Stat("Joined to", host))
    return {"size": size, "stats": printed_stats(ctx.game, doc), "tags": tags, "details": details,
            "points_unit": "pts"}


def battleground_card(entry: Entry, doc: dict[str, Any], ctx: Context) -> dict[str, Any]:
    tags = [entry.unit.unit_class.capitalize()] if entry.unit.unit_class else []
    if entry.faction != ctx.primary:
        tags.append("Mercenary")
    return {"size": "", "stats": printed_stats(ctx.game, doc), "tags": tags,
            "details": _faction_detail(entry, ctx), "keywords": entry.unit.keywords, "points_unit": "pts"}


def dulce_bellum_card(entry: Entry, doc: dict[str, Any], ctx: Context) -> dict[str, Any]:
    unit = entry.unit
    profile = unit.size_profile(entry.size)
    stats = printed_stats(ctx.game, doc)
    stats.append(Stat("Size", (entry.size or "").capitalize()))
    if profile is not None:
        if profile.morale is not None:
            stats.append(Stat("Morale", str(profile.morale)))
        stats.append(Stat("Points", str(profile.points)))
    tags = [t for t in ((unit.rarity or "").capitalize(), doc.get("type") or "") if t]
    details = _faction_detail(entry, ctx)
    if unit.limit is not None:
        details.append(Stat("Limit", f"{unit.limit} per army"))
    if unit.spellcaster is not None:
        details.append(Stat("Spellcaster", str(unit.spellcaster)))
    if entry.spells:
        details.append(Stat("Spells", ", ".join(entry.spells)))
    # The size is printed in the stat row, with its morale and points.
    return {"size": "", "stats": stats, "tags": tags, "details": details, "points_unit": "pts"}


def diskwars_card(entry: Entry, doc: dict[str, Any], ctx: Context) -> dict[str, Any]:
    unit = entry.unit
    stats = printed_stats(ctx.game, doc)
    if unit.kind == "hero":
        stats += [Stat("RP", str(unit.recruitment_points)), Stat("Command", str(unit.command_value))]
    else:
        stats.append(Stat("RP cost", str(unit.recruitment_cost)))
    tags = [(unit.kind or "disk").capitalize()] + ["Unique"] * unit.unique
    if unit.elite:
        tags.append(f"Elite {unit.elite}")
    details = _faction_detail(entry, ctx)
    if unit.race:
        details.append(Stat("Race", unit.race))
    size = f"{unit.size.capitalize()} disk" if unit.size else "Disk"
    points = ctx.entry_points.get(entry.id) if unit.kind != "hero" else None
    return {"size": size, "stats": stats, "tags": tags, "details": details, "points_unit": "RP",
            "points": points}


BUILDERS: dict[str, Callable[[Entry, dict[str, Any], Context], dict[str, Any]]] = {
    "aof-regiments": opr_card,
    "aof-skirmish": opr_card,
    "battleground": battleground_card,
    "dulce-bellum": dulce_bellum_card,
    "diskwars": diskwars_card,
}


def build_card(entry: Entry, doc: dict[str, Any], ctx: Context, violations: tuple[int, ...],
               joined: tuple[Card, ...] = ()) -> Card:
    facts = BUILDERS[ctx.game](entry, doc, ctx)
    return Card(
        entry_id=entry.id,
        name=entry.unit.name,
        custom_name=entry.name,
        size=facts["size"],
        stats=tuple(facts["stats"]),
        points=facts.get("points", ctx.entry_points.get(entry.id)),
        points_unit=facts["points_unit"],
        tags=tuple(facts["tags"]),
        details=tuple(facts["details"]),
        picks=picks(entry),
        rules=entry.unit.rules,
        keywords=tuple(facts.get("keywords", ())),
        violations=violations,
        joined=joined,
    )
