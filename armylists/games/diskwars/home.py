"""Warhammer: Diskwars above the engine (its rules: `rules`).

A Diskwars army has no points total: each hero's recruitment points pay for
the troops of its regiment, so lists, the builder and the roster are laid out
by regiment, and a list chooses named command cards from any faction's.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, model_validator

from armylists.boundary.errors import BadInput
from armylists.games.base import Game, GameLibrary
from armylists.games.builder import Builder, FactionChoice
from armylists.games.card_parts import CardContext, Stat, faction_detail
from armylists.games.files import Files
from armylists.games.library import LibraryQuestions
from armylists.games.library_items import CardShown
from armylists.games.list_settings import NUMBER, ListSetting
from armylists.games.own_fields import NOT_A_TAG, REGIMENT, worded
from armylists.games.parts import CommandCards
from armylists.games.printing import Printing
from armylists.games.schema import (
    MAX_ENTRIES,
    Count,
    Entries,
    EntryIn,
    FactionIn,
    Id,
    ListIn,
    LongText,
    Name,
    PointsLimit,
    Slug,
    SmallCount,
    Strict,
    UnitIn,
    Units,
    unique,
)
from armylists.games.sections import Section
from armylists.rules.model import Army, Entry, Unit
from armylists.rules.report import Report

from .rules import RULES
from .rules.checks import regiments
from .rules.model import CommandCard

# --- the list file


class DiskwarsEntryIn(EntryIn):
    regiment: Annotated[Id | None, REGIMENT] = None


class DiskwarsListIn(ListIn):
    entries: Entries[DiskwarsEntryIn]
    points_limit: PointsLimit | None = None
    command_cards: Annotated[list[Slug], Field(max_length=MAX_ENTRIES)] = []
    regiments: Annotated[int, Field(ge=1, le=50)] | None = None


# --- the faction file

# A faction is of Order or of Destruction (Diskwars, Customising an Army), and a command card may be for one of
# them only (Diskwars, Keywords: Order or Destruction Only); each with the label the game library shows it by.
ALIGNMENTS = {"order": "Order", "destruction": "Destruction"}
Alignment = worded(ALIGNMENTS)


class DiskwarsUnitIn(UnitIn):
    kind: Literal["hero", "troop"]
    size: Literal["small", "medium", "large"]
    race: Name | None = None
    unique: bool = False
    elite: SmallCount = 0
    # Shown in its price: what a hero brings, what a troop costs.
    recruitment_points: Annotated[Count | None, NOT_A_TAG] = None
    command_value: Annotated[Count | None, NOT_A_TAG] = None
    recruitment_cost: Annotated[Count | None, NOT_A_TAG] = None

    @model_validator(mode="after")
    def _kind_fields(self):
        needed = ("recruitment_points", "command_value") if self.kind == "hero" else ("recruitment_cost",)
        for name in needed:
            if getattr(self, name) is None:
                raise ValueError(f"a {self.kind} needs {name}")
        return self


class CommandCardIn(Strict):
    slug: Slug
    title: Name
    alignment_only: Alignment | None = None
    text: LongText | None = None


class DiskwarsFactionIn(FactionIn):
    units: Units[DiskwarsUnitIn]
    alignment: Alignment
    command_cards: list[CommandCardIn] = []


def _cards_once(factions: Sequence[Any], owner: dict[str, str]) -> None:
    """A command card's slug is one card's in the whole game, as a list names cards by slug alone (docs/faction-
    file.md, "Command cards"). `owner`: the faction of each card met already."""
    for fi, faction in enumerate(factions):
        for ci, card in enumerate(faction.command_cards):
            if owner.setdefault(card.slug, faction.slug) != faction.slug:
                raise BadInput(f"factions[{fi}].command_cards[{ci}].slug",
                               f"'{card.slug}' is already a card of faction '{owner[card.slug]}'")


Regiment = tuple[Entry, list[Entry], int, int]


def by_regiment(army: Army, report: Report) -> tuple[list[Regiment], list[Entry]]:
    """Each hero with its troops, the recruitment points they use and the hero's budget; then the
    entries in no hero's regiment. The builder, the text export and the roster all group this way."""
    found = [(hero, troops, sum(report.entry_points.get(t.id, 0) for t in troops), hero.unit.recruitment_points)
             for hero, troops in regiments(army)]
    placed = {e.id for hero, troops, _, _ in found for e in (hero, *troops)}
    return found, [e for e in army.entries if e.id not in placed]


REGIMENTS = ListSetting("regiments", "Regiments", NUMBER, army_field="regiments", low=1, high=20,
                        default=lambda p: p.default_regiments)


class DiskwarsCards(CommandCards):
    """Each faction's command cards; a list chooses as many as its heroes' command values add up to (Diskwars,
    Building an Army)."""

    field = "command_cards"

    def of(self, details: Mapping[str, Any]) -> list[dict[str, Any]]:
        return list(details.get("command_cards", ()))

    def shown(self, doc: Mapping[str, Any]) -> CardShown:
        """Whom it is only for in the words its alignment is declared with (`ALIGNMENTS`)."""
        return CardShown(doc["slug"], doc["title"], ALIGNMENTS.get(doc.get("alignment_only") or "", ""),
                         doc.get("text") or "")

    def card(self, doc: Mapping[str, Any], faction: str) -> CommandCard:
        return CommandCard(slug=doc["slug"], title=doc["title"], faction=faction,
                           alignment_only=doc.get("alignment_only") or None)

    def chosen(self, army: Army) -> tuple[CommandCard, ...]:
        return army.cards_chosen

    def to_choose(self, army: Army) -> int | None:
        """As many command cards as the heroes' command values added up (Diskwars, Building an Army)."""
        return sum(e.unit.command_value for e in army.entries if e.unit.kind == "hero")


class DiskwarsPrinting(Printing):
    """Its roster prints a list by regiment, a disk's recruitment points on its card, and the command cards chosen."""

    stat_labels: ClassVar = {"toughness": "Toughness", "attack": "Attack", "counter": "Counter",
                             "movement": "Move", "move": "Move", "stamina": "Stamina", "ranged": "Ranged",
                             "missile": "Missile"}

    def roster_sections(self, army: Army, report: Report) -> list[Section]:
        """One group per regiment: its hero first, then its troops, with recruitment points spent."""
        found, stray = by_regiment(army, report)
        groups = [Section(f"Regiment of {hero.label}", [hero, *troops],
                          note=f"Recruitment points: {used} of {budget} spent")
                  for hero, troops, used, budget in found]
        return groups + ([Section("Not in a regiment", stray)] if stray else [])

    def card_facts(self, entry: Entry, doc: dict[str, Any], ctx: CardContext) -> dict[str, Any]:
        unit = entry.unit
        stats = self.stats(doc)
        if unit.kind == "hero":
            stats += [Stat("RP", str(unit.recruitment_points)), Stat("Command", str(unit.command_value))]
        else:
            stats.append(Stat("RP cost", str(unit.recruitment_cost)))
        tags = [(unit.kind or "disk").capitalize()] + ["Unique"] * unit.unique
        if unit.elite:
            tags.append(f"Elite {unit.elite}")
        details = faction_detail(entry, ctx)
        if unit.race:
            details.append(Stat("Race", unit.race))
        size = f"{unit.size.capitalize()} disk" if unit.size else "Disk"
        points = ctx.entry_points.get(entry.id) if unit.kind != "hero" else None
        return {"size": size, "stats": stats, "tags": tags, "details": details, "points_unit": self.game.points_noun,
                "points": points}

    def list_text_lines(self, army: Army) -> list[str]:
        return ["Command cards: " + ", ".join(c.title for c in army.cards_chosen)] if army.cards_chosen else []

    def roster_extras(self, army: Army) -> list[Stat]:
        titles = ", ".join(c.title for c in army.cards_chosen) or "none"
        return [Stat("Command cards", titles)]


class DiskwarsBuilder(Builder):
    """Its builder lays a list out by regiment and prices a disk in recruitment points."""

    def picker_factions(self, primary: str, factions: Sequence[tuple[str, str, str | None]],
                        settings: Mapping[str, Any], params: Any, used: set[str]) -> list[FactionChoice]:
        """Allies of the list's own alignment only: an army is all Order or all Destruction (Diskwars,
        Building an Army); a faction with no alignment goes with either."""
        own = next((alignment for slug, _, alignment in factions if slug == primary), None)
        return [FactionChoice(slug, name, "" if slug == primary else "ally") for slug, name, alignment in factions
                if slug == primary or not own or not alignment or alignment == own]

    def points_text(self, unit: Unit, points: int | None) -> str:
        """A hero brings recruitment points, a troop costs some (Diskwars, Building an Army)."""
        if unit.kind == "hero":
            return f"{unit.recruitment_points} recruitment points to spend"
        return f"costs {points or 0} recruitment points"

    def unit_price(self, doc: dict[str, Any]) -> str:
        if doc.get("kind") == "hero":
            return f"{doc.get('recruitment_points', 0)} RP · CV {doc.get('command_value', 0)}"
        if doc.get("kind") == "troop":
            return f"costs {doc.get('recruitment_cost', 0)} RP"
        return super().unit_price(doc)

    def sections(self, army: Army, report: Report, faction_names: Mapping[str, str]) -> list[Section]:
        """One section per regiment with the recruitment points left, then the troops in no regiment."""
        found, loose = by_regiment(army, report)
        laid_out = []
        for hero, troops, used, budget in found:
            left = budget - used
            note = (f"{used} of {budget} recruitment points used, {left} left" if left >= 0
                    else f"{used} of {budget} recruitment points used, {-left} over")
            laid_out.append(Section(f"Regiment of {hero.label}", [hero, *troops], note=note, ok=left >= 0,
                                    key=f"regiment-{hero.id}"))
        if loose or not found:
            laid_out.append(Section("Not in a regiment", loose, note="Every troop must join a hero's regiment.",
                                    ok=not loose, key="no-regiment"))
        return laid_out


class DiskwarsLibrary(LibraryQuestions):
    """A hero disk leads a regiment that troops join; a faction is on a side (Order or Destruction)."""

    def is_hero(self, details: Mapping[str, Any]) -> bool:
        return details.get("kind") == "hero"

    def joins_regiment(self, details: Mapping[str, Any]) -> bool:
        """A troop joins a hero's regiment (Diskwars, Building an Army)."""
        return details.get("kind") == "troop"

    def unit_card_tags(self, doc: Mapping[str, Any]) -> list[str]:
        tags = [str(doc[name]) for name in ("kind", "size", "race") if doc.get(name)]
        return tags + ["unique"] * bool(doc.get("unique"))

    def alignment_of(self, details: Mapping[str, Any]) -> str | None:
        return details.get("alignment") or None

    def alignment_said(self, details: Mapping[str, Any]) -> str | None:
        side = self.alignment_of(details)
        return ALIGNMENTS.get(side, side) if side else None


class DiskwarsFiles(Files):
    """A list names its entries' regiments and the command cards it chooses, each found in the library; a command
    card's slug is one card's in the whole game."""

    def check_entry(self, library: GameLibrary, path: str, unit: Unit, details: Mapping[str, Any]) -> None:
        """A hero that leads its own regiment names none: `regiment` on a hero entry is bad input
        (docs/list-file.md, "Entries")."""
        if details["regiment"] is not None and self.game.library.is_hero(unit.details):
            raise BadInput(f"{path}.regiment", f"'{unit.name}' is a hero and leads its own regiment; "
                                               "only a troop names the regiment it is in")

    def resolve_army(self, library: GameLibrary, document: ListIn) -> dict[str, Any]:
        """The command cards the list chooses, each a card of a faction of the game."""
        chosen = self.game.cards.named(document)
        if not chosen:
            return {}
        cards = library.command_cards()
        for i, slug in enumerate(chosen):
            if slug not in cards:
                raise BadInput(f"command_cards[{i}]", f"no command card '{slug}' in {library.game}")
        return {"cards_chosen": tuple(cards[s] for s in chosen)}

    def frozen_details(self, details: Mapping[str, Any], drawn_on: bool) -> dict[str, Any]:
        """Every faction's alignment; the command cards of those the list draws on (a card it chooses)."""
        return {"alignment": self.game.library.alignment_of(details),
                "command_cards": self.game.cards.of(details) if drawn_on else []}

    def check_file(self, factions: Sequence[Any], tops: Mapping[str, Any]) -> None:
        for fi, faction in enumerate(factions):
            unique(faction.command_cards, "slug", f"factions[{fi}].command_cards", "this faction")
        _cards_once(factions, {})

    def check_against_library(self, factions: Sequence[Any], tops: Mapping[str, Any], loaded: Mapping[str, Any],
                              others: Mapping[str, Mapping[str, Any]]) -> None:
        _cards_once(factions, {card["slug"]: slug for slug, details in others.items()
                               for card in self.game.cards.of(details)})


class Diskwars(Game):
    slug = "diskwars"
    rules = RULES
    list_schema = DiskwarsListIn
    faction_schema = DiskwarsFactionIn
    has_points = False
    points_noun = "RP"
    no_points_help = "Diskwars has no points limit: each hero's recruitment points pay for its regiment."
    list_settings = (REGIMENTS,)
    cards = DiskwarsCards()
    army_from_library: ClassVar = {"cards_chosen": ()}  # the command cards chosen, by name
    troops_join_regiments = True
    unit_filters = ("kind", "size", "race")
    printing_class = DiskwarsPrinting
    builder_class = DiskwarsBuilder
    library_class = DiskwarsLibrary
    files_class = DiskwarsFiles

GAME = Diskwars()
