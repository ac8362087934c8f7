"""The games, one package each (`<game>/`: its rules, its home, its numbers and its glossary).

Plain Python and pydantic, no Django: every layer above asks a game's home what
is particular to it (`registry.game_home(slug)` -> a `base.Game`), and the
engine (`armylists.rules`) imports none of it. The games in use are the
packages the `MUSTER_GAMES` setting lists (see `registry`).
"""
