"""One home per game above the engine: `registry.game_home(slug)` -> a `base.Game`.

Plain Python and pydantic, no Django: every layer above may ask a game's home
what is particular to it, and the engine (`armylists.rules`) imports none of it.
"""
