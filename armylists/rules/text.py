"""How violation messages put numbers and names into words, the same way in every game."""
from __future__ import annotations

from fractions import Fraction
from typing import Iterable


def plural(n: int, word: str, words: str | None = None) -> str:
    """"1 hero", "2 heroes": the number with its noun in the right number."""
    return f"{n} {word}" if n == 1 else f"{n} {words or word + 's'}"


def times(n: int) -> str:
    """"once", "twice", "3 times"."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def share(total: int, percent: int) -> str:
    """`percent`% of `total` as a player reads it: 525, 262.5."""
    value = Fraction(total * percent, 100)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def listing(names: Iterable[str], last: str = "and") -> str:
    """"A", "A and B", "A, B and C" (or "A, B or C")."""
    items = list(names)
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def distinct(names: Iterable[str]) -> list[str]:
    """The names once each, in their first order."""
    return list(dict.fromkeys(names))


def setting_name(name: str) -> str:
    """A game number's name as a page shows it: "hero_per" -> "Hero per"."""
    return name.replace("_", " ").capitalize()


def in_words(value: object) -> str:
    """A game number's value as a person reads it, never as Python writes it: yes/no, "none",
    "750, 1500", "small 3, medium 2"."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, dict):
        return ", ".join(f"{key.replace('-', ' ').replace('_', ' ')} {in_words(v)}" for key, v in value.items()) \
            or "none"
    if isinstance(value, list | tuple):
        return ", ".join(in_words(v) for v in value) or "none"
    return str(value)
