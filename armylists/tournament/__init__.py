"""An event's tournament day, once its lists are locked (docs/events.md, "The tournament day").

`pairing.py` and `scoring.py` are plain Python (and networkx), tested without a database; `day.py`
and `results.py` are the only writers; `read.py` reads the standings in a few queries; `pages.py` and
`printable.py` draw them. What a game's book says of tournaments (its scoring, its sideboard rule) is
declared in the game's home (`Game.tournament_scoring`, `Game.sideboards`).
"""
