"""The first step of making a list or an event: choosing its game."""
from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest

from .models import GameSystem


@dataclass(frozen=True)
class GameChoice:
    games: list[GameSystem]
    game: GameSystem | None  # the game the request names, None until one is chosen
    problem: str = ""  # said when a form was posted naming no game Muster knows


def chosen_game(request: HttpRequest, what: str) -> GameChoice:
    """Every game, and the one the request names: the form's hidden field, or ?game= on the page
    that offers the choice. A form posted without a game it knows (tampered with, or the game removed
    meanwhile) is refused in a sentence naming `what` it would have made; nothing is saved."""
    games = list(GameSystem.objects.all())
    slug = request.POST.get("game") or request.GET.get("game")
    game = next((g for g in games if g.slug == slug), None)
    posted_without = game is None and request.method == "POST"
    return GameChoice(games, game, f"Choose the game {what}; nothing was saved." if posted_without else "")
