"""Dice and choices, injected so that the app can roll or the player can enter what they rolled.

Every roll is asked for by a key that says what it is for ("u3/casualty",
"u3/level2"); re-rolls ask again under the same key. A player may also enter
every die one unit rolled, in order, under "u3/*". `Dice` hands out the
values entered for a key first, then rolls with `fallback` (the app's dice),
and records every value it gave, so an action stores exactly the dice it used
and replays identically. With no fallback, running out is `NeedDie`.

Choices the rules leave to the player (Specialist in melee or shooting, the
trait a Fast Learner picks, one skill set of two) work the same way: `Choices`
gives what was chosen for a key, or raises `NeedChoice` naming the options.
"""
from __future__ import annotations

from typing import Callable, Iterable, Mapping, Sequence

Roller = Callable[[int], int]


class NeedDie(Exception):
    """A roll is needed that was not entered, and the app is not rolling."""

    def __init__(self, key: str, sides: int):
        self.key, self.sides = key, sides
        super().__init__(f"a D{sides} is needed for {key}")


class NeedChoice(Exception):
    """`labels`: each option's name as people read it ("Agile" for "agile"), where the rules give one."""

    def __init__(self, key: str, options: Sequence[str], prompt: str, labels: Mapping[str, str] | None = None):
        self.key, self.options, self.prompt = key, tuple(options), prompt
        self.labels = {o: (labels or {}).get(o, o) for o in self.options}
        super().__init__(f"{prompt} ({key}: one of {', '.join(options)})")


class BadDie(ValueError):
    pass


class Dice:
    def __init__(self, entered: Mapping[str, Sequence[int]] | Sequence[int] | None = None,
                 fallback: Roller | None = None):
        # A plain sequence is one stream for every key, in the order the rules ask.
        self._stream = list(entered) if isinstance(entered, (list, tuple)) else None
        self._entered = {k: list(v) for k, v in (entered or {}).items()} if self._stream is None else {}
        self._fallback = fallback
        self.used: dict[str, list[int]] = {}

    def roll(self, key: str, sides: int) -> int:
        queue = self._stream if self._stream is not None else self._queue(key)
        if queue:
            value = queue.pop(0)
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= sides:
                raise BadDie(f"{key}: a D{sides} shows 1 to {sides}, not {value!r}")
        elif self._fallback is not None:
            value = self._fallback(sides)
        else:
            raise NeedDie(key, sides)
        self.used.setdefault(key, []).append(value)
        return value

    def _queue(self, key: str) -> list[int]:
        """The values entered for `key`, else those entered for all of its unit's rolls ("u3/*"),
        taken in the order the rules ask for them."""
        if self._entered.get(key):
            return self._entered[key]
        return self._entered.get(key.split("/")[0] + "/*", [])

    def left_over(self) -> dict[str, list[int]]:
        """The entered values no roll took, by key (a player's extra dice)."""
        return {k: list(v) for k, v in sorted(self._entered.items()) if v}

    def set_aside(self) -> None:
        """Every entered value counted as used without being read: a stored action that no longer counts (an
        older log's random event past its mission's last round) keeps the dice it stored, and replays."""
        for key, values in self._entered.items():
            self.used.setdefault(key, []).extend(values)
            values.clear()
        if self._stream:
            self.used.setdefault("dice", []).extend(self._stream)
            self._stream.clear()

    def unused(self) -> list[str]:
        """Keys whose entered values were not all needed (a replayed action must use every die it stored)."""
        if self._stream:
            return ["dice"]
        return sorted(k for k, v in self._entered.items() if v)


class Choices:
    def __init__(self, given: Mapping[str, str] | None = None):
        self._given = dict(given or {})
        self.used: dict[str, str] = {}

    def pick(self, key: str, options: Iterable[str], prompt: str, labels: Mapping[str, str] | None = None) -> str:
        options = tuple(options)
        if key in self._given:
            choice = self._given[key]
            if choice not in options:
                raise NeedChoice(key, options, f"{prompt}: {choice!r} is not one of the options", labels)
            self.used[key] = choice
            return choice
        if len(options) == 1:
            return options[0]  # nothing to choose
        raise NeedChoice(key, options, prompt, labels)

    def unused(self) -> list[str]:
        return sorted(set(self._given) - set(self.used))
