"""A validated list document + its unit data -> the rules engine's `Army`.

Everything a list names (faction, unit, option, and whatever its game's own
fields name: a unit's size, a grimoire, a command card) must exist in the
library; anything else is bad input, reported with its JSON path. What the
game's own fields name is the game's to check (`Files.check_entry`,
`Files.resolve_army`), as the fields are its own (docs/architecture.md, "A game
is one package"). Whether a caster may use that grimoire, or a hero be joined
to that entry, is a rule, for the engine to report.
"""
from __future__ import annotations

from armylists.boundary.errors import BadInput
from armylists.games.base import Game
from armylists.games.files import ARMY_SHARED
from armylists.rules.model import Army, Entry, Option, Unit

from .library import Library
from .listfile import ListIn


def _unit(library: Library, path: str, faction_slug: str, unit_slug: str) -> Unit:
    faction = library.factions.get(faction_slug)
    if faction is None:
        raise BadInput(f"{path}.faction", f"no faction '{faction_slug}' in {library.game}")
    unit = faction.unit(unit_slug)
    if unit is None:
        raise BadInput(f"{path}.unit", f"no unit '{unit_slug}' in faction '{faction_slug}'")
    return unit


def _options(unit: Unit, path: str, slugs: list[str]) -> tuple[Option, ...]:
    chosen = []
    for i, slug in enumerate(slugs):
        option = unit.option(slug)
        if option is None:
            raise BadInput(f"{path}.options[{i}]", f"no option '{slug}' on unit '{unit.slug}'")
        chosen.append(option)
    return tuple(chosen)


def resolve_entry(library: Library, home: Game, index: int, entry, primary: str) -> Entry:
    path = f"entries[{index}]"
    unit = _unit(library, path, entry.faction or primary, entry.unit)
    details = home.files.entry_details_of(entry)
    home.files.check_entry(library, path, unit, details)  # what its own fields name (a size, a grimoire) is there
    return Entry(id=entry.id, unit=unit, options=_options(unit, path, entry.options), name=entry.name,
                 details=details)


def resolve(document: ListIn, library: Library) -> Army:
    if document.faction not in library.factions:
        raise BadInput("faction", f"no faction '{document.faction}' in {library.game}")
    home = library.home  # the document's game's: a list is checked against its own game's library
    entries = tuple(resolve_entry(library, home, i, e, document.faction) for i, e in enumerate(document.entries))
    # Each list setting of the game on the `Army` field its rules read it from; what the game finds in the library.
    settings = {s.army_field: getattr(document, s.name) for s in home.list_settings}
    own = {name: value for name, value in settings.items() if name not in ARMY_SHARED}
    return Army(
        game=document.game,
        faction=document.faction,
        entries=entries,
        name=document.name,
        points_limit=settings.get("points_limit", document.points_limit),
        factions=library.engine_factions,
        details=home.files.army_details({**own, **home.files.resolve_army(library, document)}),
    )


def used_units(document: ListIn) -> dict[str, set[str]]:
    """Faction slug -> unit slugs the list uses (what a snapshot must keep)."""
    used: dict[str, set[str]] = {document.faction: set()}
    for entry in document.entries:
        used.setdefault(entry.faction or document.faction, set()).add(entry.unit)
    return used


def snapshot_of(document: ListIn, library: Library) -> dict:
    """The unit data a list is checked with, frozen: what a submission stores and a roster's
    data fingerprint hashes (the units it uses, the factions of the cards it chooses)."""
    cards = library.home.cards
    return library.snapshot(used_units(document), cards.named(document) if cards else ())
