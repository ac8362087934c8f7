"""Checking one list document: shared by `manage.py checklist`, `POST /api/check`, the builder,
printing and (with a frozen library) events.

Bad input raises `BadInput` (a JSON path and a sentence); a well-formed list
always gets a report, however illegal it is.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from armylists.boundary.errors import BadInput
from armylists.games.registry import homes
from armylists.rules import Report, check
from armylists.rules.model import Army
from armylists.rules.overrides import apply_overrides
from factions.armyforge import imported_elsewhere
from factions.models import GameSystem, game_params

from .library import Library, library_of
from .listfile import ListIn, parse_list
from .resolve import resolve


@dataclass(frozen=True)
class Checked:
    document: ListIn
    army: Army
    report: Report
    library: Library


def find_game(slug: str, games: Mapping[str, GameSystem] | None = None) -> GameSystem:
    """The game a list names, from `games` when the caller has loaded them, else from the database."""
    game = games.get(slug) if games is not None else GameSystem.objects.filter(slug=slug).first()
    if game is None:
        raise BadInput("game", f"no game '{slug}'")
    return game


def check_against(document: ListIn, library: Library, game: GameSystem,
                  overrides: Mapping[str, Any] | None = None) -> Checked:
    """Check a validated list against the given unit data: its game's live library or a frozen
    snapshot. `overrides` are an event's settings on top of the game's numbers."""
    army = resolve(document, library)
    home = game.home
    army, params = apply_overrides(army, game_params(game), overrides, home.event_list_settings)
    return Checked(document, army, check(home.rules, army, params), library)


def check_document(data: Any, *, overrides: Mapping[str, Any] | None = None) -> Checked:
    """Validate, resolve and check a list document (or an Army Forge list file) against its game's unit data
    as it is now."""
    data = muster_document(data)
    document = data if isinstance(data, ListIn) else parse_list(data)
    game = find_game(document.game)
    return check_against(document, library_of(game, just_read=True), game, overrides)


def muster_document(data: Any, libraries: Mapping[str, Library] | None = None) -> Any:
    """A list file another tool made, that a game reads (Army Forge's: docs/list-file.md, "Army Forge lists"),
    as Muster's list file; any other document as it is."""
    for reader in (home.army_forge_reader for home in homes() if home.army_forge_reader):
        if (slug := reader.list_game(data)) is not None:
            game = find_game(slug)
            library = (libraries or {}).get(game.slug) or library_of(game)
            elsewhere = partial(imported_elsewhere, game=game.slug)  # asked only of a book this game lacks
            return game.home.army_forge_reader.read_list(data, library.factions.values(), elsewhere)
    return data


def is_other_tools_list(data: Any) -> bool:
    """Whether a game reads `data` as another tool's list file (the builder says what it became)."""
    return any(home.army_forge_reader.list_game(data) for home in homes() if home.army_forge_reader)


class Batch:
    """Checks many documents, getting each game system and its library once for the whole batch
    (the `checklist` command, an event's re-check): the unit data stays the same throughout."""

    def __init__(self):
        self.games = {game.slug: game for game in GameSystem.objects.all()}
        self.libraries: dict[str, Library] = {}

    def check(self, data: Any, *, overrides: Mapping[str, Any] | None = None) -> Checked:
        document = data if isinstance(data, ListIn) else parse_list(muster_document(data, self.libraries))
        game = find_game(document.game, self.games)
        if game.slug not in self.libraries:
            self.libraries[game.slug] = library_of(game)
        return check_against(document, self.libraries[game.slug], game, overrides)
