"""A validated list document + its unit data -> the rules engine's `Army`.

Everything a list names (faction, unit, option, size, grimoire, spell, command
card) must exist in the library; anything else is bad input, reported with its
JSON path. Whether a caster may use that grimoire or those spells is a rule, for
the engine to report.
Entries that name other entries (joined_to, regiment) are passed through: a
wrong reference is a rule violation for the engine to report, not bad input.
"""
from __future__ import annotations

from armylists.boundary.errors import BadInput
from armylists.games.registry import game_home
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


def _magic(library: Library, path: str, entry) -> tuple[str | None, tuple[str, ...]]:
    """Dulce Bellum: the entry's grimoire and spells, each one that exists in the game."""
    grimoire, spells = getattr(entry, "grimoire", None), tuple(getattr(entry, "spells", ()))
    if grimoire is not None and library.grimoire(grimoire) is None:
        raise BadInput(f"{path}.grimoire", f"no grimoire '{grimoire}' in {library.game}")
    for i, slug in enumerate(spells):
        if slug not in library.spells:
            raise BadInput(f"{path}.spells[{i}]", f"no spell '{slug}' in {library.game}")
    return grimoire, spells


def _no_regiment_on_a_hero(game: str, unit: Unit, path: str, entry) -> None:
    """A hero that leads its own regiment names none: `regiment` on a hero entry is bad input
    (docs/list-file.md, "Entries")."""
    if getattr(entry, "regiment", None) is not None and game_home(game).is_hero(unit.details):
        raise BadInput(f"{path}.regiment", f"'{unit.name}' is a hero and leads its own regiment; "
                                           "only a troop names the regiment it is in")


def resolve_entry(library: Library, index: int, entry, primary: str) -> Entry:
    path = f"entries[{index}]"
    unit = _unit(library, path, entry.faction or primary, entry.unit)
    _no_regiment_on_a_hero(library.game, unit, path, entry)
    size = getattr(entry, "size", None)
    if size is not None and unit.size_profile(size) is None:
        offered = ", ".join(s.size for s in unit.sizes) or "none"
        raise BadInput(f"{path}.size", f"unit '{unit.slug}' has no size '{size}' (it offers {offered})")
    grimoire, spells = _magic(library, path, entry)
    return Entry(
        id=entry.id, unit=unit, options=_options(unit, path, entry.options), name=entry.name,
        combined=getattr(entry, "combined", False), joined_to=getattr(entry, "joined_to", None),
        size=size, regiment=getattr(entry, "regiment", None), grimoire=grimoire, spells=spells,
    )


def resolve(document: ListIn, library: Library) -> Army:
    if document.faction not in library.factions:
        raise BadInput("faction", f"no faction '{document.faction}' in {library.game}")
    entries = tuple(resolve_entry(library, i, e, document.faction) for i, e in enumerate(document.entries))
    picks = ()
    if chosen := chosen_cards(document):
        cards = library.command_cards()
        for i, slug in enumerate(chosen):
            if slug not in cards:
                raise BadInput(f"command_cards[{i}]", f"no command card '{slug}' in {library.game}")
        picks = tuple(cards[s] for s in chosen)
    # Each list setting of the game, on the `Army` field its rules read it from.
    settings = {s.army_field: getattr(document, s.name) for s in game_home(document.game).list_settings}
    return Army(
        game=document.game,
        faction=document.faction,
        entries=entries,
        name=document.name,
        cards_chosen=picks,
        factions=library.engine_factions,
        grimoires=library.grimoires,
        **{"points_limit": document.points_limit, **settings},
    )


def used_units(document: ListIn) -> dict[str, set[str]]:
    """Faction slug -> unit slugs the list uses (what a snapshot must keep)."""
    used: dict[str, set[str]] = {document.faction: set()}
    for entry in document.entries:
        used.setdefault(entry.faction or document.faction, set()).add(entry.unit)
    return used


def chosen_cards(document: ListIn) -> tuple[str, ...]:
    """The command cards a list chooses by name (Diskwars), from any faction of its game."""
    return tuple(document.command_cards) if game_home(document.game).picks_command_cards else ()


def snapshot_of(document: ListIn, library: Library) -> dict:
    """The unit data a list is checked with, frozen: what a submission stores and a roster's
    data fingerprint hashes (the units it uses, the factions of the cards it chooses)."""
    return library.snapshot(used_units(document), chosen_cards(document))
