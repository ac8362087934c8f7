"""Dulce Bellum 0.1.

Its construction rules (`rules`), its home above the engine (`home`) and its glossary.
"""
