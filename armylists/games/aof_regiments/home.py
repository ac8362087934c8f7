"""Age of Fantasy: Regiments above the engine (its rules: `rules`)."""
from __future__ import annotations

from armylists.games.opr.home import OprGame

from .campaign import CAMPAIGN
from .rules import RULES


class AofRegiments(OprGame):
    slug = "aof-regiments"
    rules = RULES
    campaign = CAMPAIGN  # AoF Regiments, Campaign Rules
    # AoF Regiments, Force Organisation: heroes may join one multi-model unit.
    heroes_join_units = True
    # Army Forge serves one book to several game systems, pricing it for the one asked for: AoF
    # Regiments reads the Age of Fantasy books, priced for Regiments or for Age of Fantasy itself.
    army_forge_systems = ("age-of-fantasy-regiments", "age-of-fantasy")
    # AoF Regiments, Tournament Guidelines: "Tournament Length" (4 rounds), "Victory Points" (3 for a win, 1 each
    # for a tie), "Winning the Tournament" (ties broken by total destruction points).
    tournament_scoring = {"rounds": 4, "win": 3, "tie": 1, "loss": 0, "tiebreakers": ("destruction",)}
    # AoF Regiments, Sideboard Lists (optional): a main list of up to 70% of the game size, up to three sideboard
    # lists of up to 30% each.
    sideboards = (70, 30, 3)


GAME = AofRegiments()
