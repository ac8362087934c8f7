"""Age of Fantasy: Skirmish 3.3.1.

Its construction rules (`rules`), its home above the engine (`home`) and its glossary.
"""
