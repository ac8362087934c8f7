"""Battleground Fantasy Warfare 4.0.

Its construction rules (`rules`), its home above the engine (`home`) and its glossary.
"""
