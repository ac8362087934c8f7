"""Age of Fantasy: Regiments 3.4.0.

Its construction rules (`rules`), its campaign rules (`campaign`), its home above the engine (`home`)
and its glossary.
"""
