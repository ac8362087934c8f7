"""Checking one list document: shared by `manage.py checklist`, `POST /api/check` and the builder.

Bad input raises `BadInput` (a JSON path and a sentence); a well-formed list
always gets a report, however illegal it is.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from armylists.checking.boundary import BadInput
from armylists.rules import Report, check
from armylists.rules.model import Army
from armylists.rules.overrides import apply_overrides
from factions.models import GameSystem, game_params

from .library import Library, load_library
from .listfile import ListIn, parse_list
from .resolve import resolve, used_units


@dataclass(frozen=True)
class Checked:
    document: ListIn
    army: Army
    report: Report
    library: Library


class Libraries:
    """Game systems and unit data loaded once and reused, for checking many files in one run."""

    def __init__(self, whole_games: bool = False):
        self.whole_games = whole_games
        self._games: dict[str, GameSystem] = {}
        self._libraries: dict[tuple[str, frozenset[str] | None], Library] = {}

    def game(self, slug: str) -> GameSystem:
        if slug not in self._games:
            try:
                self._games[slug] = GameSystem.objects.get(slug=slug)
            except GameSystem.DoesNotExist:
                raise BadInput("game", f"no game '{slug}'") from None
        return self._games[slug]

    def library(self, document: ListIn) -> Library:
        slugs = None if self.whole_games else frozenset(used_units(document))
        key = (document.game, slugs)
        if key not in self._libraries:
            self._libraries[key] = load_library(self.game(document.game), slugs)
        return self._libraries[key]


def check_document(
    data: Any,
    *,
    libraries: Libraries | None = None,
    library: Library | None = None,
    game: GameSystem | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Checked:
    """Validate, resolve and check a list document.

    `library` pins the unit data (a frozen submission); otherwise it is loaded
    from the database. `game`, when the caller has it, saves looking it up.
    `overrides` are an event's settings.
    """
    libraries = libraries or Libraries()
    document = data if isinstance(data, ListIn) else parse_list(data)
    if game is None or game.slug != document.game:
        game = libraries.game(document.game)
    library = library or libraries.library(document)
    army = resolve(document, library)
    army, params = apply_overrides(army, game_params(game), overrides)
    return Checked(document, army, check(army, params), library)
