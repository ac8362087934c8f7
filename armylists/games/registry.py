"""The games in use: each a package whose `home` module holds its `GAME` (a `base.Game`).

Which packages are in use is the project's `MUSTER_GAMES` setting, in the manner
of Django's database engines. This layer imports no Django, so the setting is
read through a function the Django side hands in once (`use`, from the
game library's app when Django starts); the packages are imported on first
need and kept until `reset` (called when the setting changes, as in a test's
override). The engine looks no game up: whoever checks a list or plays a
campaign asks here for the game's rules (`game_home(slug).rules`) or campaign
rules (`campaign_of`) and hands them to the engine.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module

from armylists.rules.campaign.game import GameCampaign

from .base import Game

_listed: Callable[[], Sequence[str]] = tuple
_homes: dict[str, Game] | None = None


def use(listed: Callable[[], Sequence[str]]) -> None:
    """Read the games in use from `listed()`: dotted paths of game packages."""
    global _listed
    _listed = listed
    reset()


def reset() -> None:
    """Forget the loaded games: the next look-up reads the list again."""
    global _homes
    _homes = None


def _load() -> dict[str, Game]:
    global _homes
    if _homes is None:
        loaded: dict[str, Game] = {}
        for path in _listed():
            home = import_module(f"{path}.home").GAME
            if home.slug in loaded:
                raise ValueError(f"two games in use have the slug {home.slug!r}: {path} and another")
            loaded[home.slug] = home
        _homes = loaded
    return _homes


def game_home(slug: str) -> Game:
    try:
        return _load()[slug]
    except KeyError:
        raise ValueError(f"no game {slug!r}") from None


def homes() -> tuple[Game, ...]:
    return tuple(_load().values())


def games() -> tuple[str, ...]:
    """The slugs of the games in use, in the setting's order."""
    return tuple(_load())


def campaign_of(slug: str) -> GameCampaign | None:
    """The game's campaign rules; None for a game without any, or not in use (its campaigns are kept by hand)."""
    home = _load().get(slug)
    return home.campaign if home is not None else None


def campaigns() -> tuple[GameCampaign, ...]:
    """The campaign rules of the games in use that have them."""
    return tuple(home.campaign for home in _load().values() if home.campaign is not None)
