"""Whether a person's name may be shown to others: no invisible character, and not a lookalike of a name
already in use (docs/events.md, "Names").

A name is what other people read to know who is who: at a table, on the standings, in a list of players.
So a name holding a character nobody sees (a zero-width space, a right-to-left override, a Hangul filler)
is refused, with the character named, and never quietly cleaned into another name. Two names that read the
same are refused as well: `skeleton` folds a name to what it looks like, and a new name whose skeleton
equals an existing one's is "too like" it.

The skeleton is NFKC (fullwidth and mathematical letters, ligatures), case folded, then each character
taken to one representative of the characters Unicode's confusables data (UTS #39, through the
`confusable_homoglyphs` package) says look alike: Cyrillic е is Latin e. Unicode leaves small capitals and
some modifier letters alone (ᴅ is its own prototype), so those are mapped here to the letter they are a
small capital or a modifier of (ᴅ to d, ʀ to r). Real names of every script pass: only a name that looks
like one already taken is refused.
"""
from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache
from importlib import resources

# Blank but not control or format characters: fillers that render as nothing (Hangul fillers, the blank
# braille pattern), and the default-ignorable marks (grapheme joiner, Khmer inherent vowels, Mongolian
# and other variation selectors).
BLANKS = frozenset(
    "\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f"
    + "".join(map(chr, range(0xFE00, 0xFE10))) + "".join(map(chr, range(0xE0100, 0xE01F0))))
# Control (Cc), format (Cf: zero-width characters, direction marks and overrides), private use (Co),
# surrogates (Cs), line and paragraph separators (Zl, Zp).
INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Zl", "Zp"})

# Where Unicode keeps small capitals and modifier letters that NFKC does not take to a plain letter.
_LETTERLIKE_RANGES = ((0x0250, 0x0300), (0x1D00, 0x1DC0), (0x2C60, 0x2C80), (0xA720, 0xA800),
                      (0xAB30, 0xAB70), (0x10780, 0x107C0), (0x1DF00, 0x1E000))
_SMALL_CAPITAL = re.compile(r"^(LATIN|GREEK|CYRILLIC) (?:LETTER SMALL CAPITAL|SMALL CAPITAL LETTER) (.+)$")
_MODIFIER = re.compile(r"^MODIFIER LETTER (SMALL|CAPITAL) (.+)$")


def _named(name: str) -> str | None:
    try:
        return unicodedata.lookup(name)
    except KeyError:
        return None


def _plain_letter(char: str) -> str | None:
    """The letter a small capital or a modifier letter is a form of (ᴅ: d), by its Unicode name; else None."""
    name = unicodedata.name(char, "")
    if found := _SMALL_CAPITAL.match(name):
        return _named(f"{found[1]} SMALL LETTER {found[2]}")
    if found := _MODIFIER.match(name):
        letters = (_named(f"{script} {found[1]} LETTER {found[2]}") for script in ("LATIN", "GREEK", "CYRILLIC"))
        return next((letter.casefold() for letter in letters if letter), None)
    return None


def _letterlike() -> dict[str, str]:
    table = {}
    for start, stop in _LETTERLIKE_RANGES:
        for char in map(chr, range(start, stop)):
            # A letter NFKC already takes elsewhere is left to NFKC.
            unchanged = unicodedata.normalize("NFKC", char) == char
            if unicodedata.category(char).startswith("L") and unchanged and (plain := _plain_letter(char)):
                table[char] = plain
    return table


def _representative(group: set[str]) -> str:
    """One character for a group that looks alike: an ASCII letter if there is one (lower case first), else
    any ASCII, else the lowest code point; case folded, as every name is before it is looked up."""
    return min(group, key=lambda c: (not c.isascii(), not c.isalpha(), not c.islower(), c)).casefold()


def _confusable_groups() -> dict[str, str]:
    """Each single character of Unicode's confusables data to its group's representative. The package keeps
    every pair both ways; joined, they are the groups of UTS #39 (each character with its prototype)."""
    data = json.loads(resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8"))
    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while parent.setdefault(char, char) != char:
            parent[char] = parent[parent[char]]
            char = parent[char]
        return char

    # The data wraps right-to-left characters in left-to-right marks, for display.
    bare = str.maketrans("", "", "\u200e\u200f")
    for char, homoglyphs in data.items():
        for homoglyph in homoglyphs:
            a, b = char.translate(bare), homoglyph["c"].translate(bare)
            if len(a) == 1 and len(b) == 1:
                parent[root(a)] = root(b)
    groups: dict[str, set[str]] = {}
    for char in list(parent):
        groups.setdefault(root(char), set()).add(char)
    return {char: _representative(group) for group in groups.values() for char in group}


@cache
def _fold_table() -> dict[int, str]:
    """str.translate's table: the letterlike forms first, then the confusables' representatives."""
    table = _confusable_groups() | _letterlike()
    return {ord(char): to for char, to in table.items() if char != to}


def _describe(char: str) -> str:
    return f"U+{ord(char):04X} {unicodedata.name(char, 'an unnamed character')}"


def name_fault(name: str) -> str | None:
    """What makes `name` unfit to show as a person's name, as the end of a sentence ("… must not contain …");
    None if nothing. `name` is as it will be stored (spaces already collapsed)."""
    for char in name:
        if unicodedata.category(char) == "Cn":
            return f"must not contain a character Unicode has not assigned (U+{ord(char):04X})"
        if unicodedata.category(char) in INVISIBLE_CATEGORIES or char in BLANKS:
            return f"must not contain an invisible or direction-control character ({_describe(char)})"
        if char.isspace() and char != " ":
            return f"must not contain a space other than an ordinary one ({_describe(char)})"
    if name and unicodedata.category(name[0]).startswith("M"):
        return f"must not begin with a combining mark ({_describe(name[0])})"
    return None


@lru_cache(maxsize=65536)
def skeleton(name: str) -> str:
    """What `name` looks like: equal skeletons read alike (`demo`, `Demo`, `dеmo` with a Cyrillic е, `ᴅemo`)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    # A representative folds again (Ｏ to O to o); three rounds reach the fixed point of every table entry.
    for _ in range(3):
        before, folded = folded, unicodedata.normalize("NFKC", folded.translate(_fold_table())).casefold()
        if folded == before:
            break
    return folded


def lookalike(name: str, others: Iterable[str]) -> str | None:
    """The first of `others` that reads like `name` (the same skeleton), if any. `others` is closed after, if it
    can be: a database iterator left half-read was closed whenever it was garbage collected, perhaps in a later
    transaction, where closing its PostgreSQL server-side cursor failed and aborted that transaction."""
    wanted = skeleton(name)
    try:
        return next((other for other in others if skeleton(other) == wanted), None)
    finally:
        if close := getattr(others, "close", None):
            close()
