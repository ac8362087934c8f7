"""Warhammer: Diskwars.

Its construction rules (`rules`), its home above the engine (`home`) and its glossary.
"""
