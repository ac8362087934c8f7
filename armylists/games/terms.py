"""Special rules explained: a rule as a unit's data writes it ("Tough(3)") -> its glossary line.

The descriptions live with each game's home (`glossary.json` in the game's package, {rule name:
description}, in our own words, never rulebook prose, with the rulebook's numbers). The builder shows them
beside a unit's rules and the roster prints them once at its end, after a book's own words and the game's
common rules' (`explain`).
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

# "Tough(3)", "Caster (+1)", "Immune (arcane)" -> the part before the bracket;
# "Impact 2", "Magic X", "Regeneration 4+" -> the part before the trailing value.
_BRACKETED = re.compile(r"\s*\(.*$")
_TRAILING_VALUE = re.compile(r"\s+(?:[+-]?\d+\+?|[xXnN]|[dD]\d+)$")
_NOT_ID = re.compile(r"[^a-z0-9]+")


def rule_name(rule: str) -> str:
    """A rule without its parameter: "Tough(3)" -> "Tough"."""
    name = _BRACKETED.sub("", rule.strip())
    return _TRAILING_VALUE.sub("", name).strip()


def spelled_out(rule: str) -> bool:
    """A rule written with its own text ("Big Boss: may remove ...") needs no glossary line."""
    name, colon, text = rule.partition(":")
    return bool(colon and text.strip())


def term_key(name: str) -> str:
    """A rule name as an HTML id part: "Fear of Fire" -> "fear-of-fire"."""
    return _NOT_ID.sub("-", name.casefold()).strip("-")


def lookup(glossary: dict[str, str]) -> dict[str, tuple[str, str]]:
    """The glossary by case-folded name: (name as the glossary writes it, description)."""
    return {name.casefold(): (name, text) for name, text in glossary.items()}


@dataclass(frozen=True, slots=True)
class Term:
    name: str
    description: str


# A text of one of a list's sources: (the book's name, "" for the game's common rules; its texts {"name", "text"}).
Source = tuple[str, Iterable[dict[str, str]]]

# "Ferocious Boost Aura", "Quick Shot Mark": a rule that gives its units the rule it names.
_GIVER = re.compile(r"^(?P<given>.+?)\s+(?:Aura|Mark)$")
# "...units get Ferocious Boost", "it gets Bane and Rending": what follows, to the end of the clause.
_GETS = re.compile(r"\b(?:get|gets|gain|gains)\b(?P<what>[^.;:]*)")
# A run of capitalised words ("Ferocious Boost", "Counter-Attack", "AP"), where a rule's name may stand.
_CAPITALISED = re.compile(r"[A-Z][\w'-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'-]*)*")
_RUN_MOST = 6  # words: no rule name is longer


def no_description(books: Iterable[str]) -> str:
    """Where to read a rule Muster has no words for: its army book's name or the rulebook, never invented text."""
    named = [b for b in dict.fromkeys(books) if b]
    where = f"the {' or '.join(named)} army book or the rulebook" if named else "the rulebook"
    return f"no description in Muster; see {where}"


# The glossary line of a rule no source describes, when the list's books are not known (a test's, a page's).
NO_DESCRIPTION = no_description(())


def _named_in(text: str, known: dict[str, tuple[str, str]]) -> list[str]:
    """The known rules a text names: each run of capitalised words, its longest known part first."""
    found = []
    for run in _CAPITALISED.findall(text):
        words = run.split()[:_RUN_MOST]
        start = 0
        while start < len(words):
            for end in range(len(words), start, -1):
                name = " ".join(words[start:end])
                if name.casefold() in known:
                    found.append(known[name.casefold()][0])
                    start = end
                    break
            else:
                start += 1
    return found


def granted(name: str, text: str, known: dict[str, tuple[str, str]]) -> list[str]:
    """The rules a rule gives: the one an aura or a mark names ("Ferocious Boost Aura": Ferocious Boost), and
    those its text says units get ("...get Ferocious Boost"): a known rule, or the capitalised words right after
    "get" where no source knows them (listed, saying so, never explained by guess)."""
    given = [m["given"]] if (m := _GIVER.match(name)) else []
    for clause in _GETS.finditer(text):
        what = clause["what"]
        given += _named_in(what, known)
        first = _CAPITALISED.match(what.lstrip())
        if first and not _named_in(first.group(), known):
            given.append(first.group())
    return given


def explain(glossary: dict[str, str], rules: Iterable[str], sources: Iterable[Source] = (),
            spells: Iterable[str] = ()) -> tuple[Term, ...]:
    """Each rule a list names, once, sorted by name; names compare ignoring case. A rule is explained in its
    army book's words where a book of the list gives them (`sources`, first first), else in the game's common
    rules' (Army Forge's common-rules file), else in Muster's (the game's `glossary`); one no source describes is
    listed by name, saying where to read it, never dropped. The rules that rules give (an aura's, a mark's, what
    a text says units "get") and the rules the list's `spells` name are explained too."""
    sources = [(book, list(texts)) for book, texts in sources]
    known = lookup(glossary)
    for _, texts in reversed(sources):
        known |= lookup({t["name"]: t["text"] for t in texts if t["text"].strip()})
    missing = no_description(book for book, _ in sources)
    terms: dict[str, Term] = {}
    waiting = [r for r in rules if not spelled_out(r)]
    waiting += [name for spell in spells for name in (*_named_in(spell, known), *granted("", spell, known))]
    while waiting:
        name = rule_name(waiting.pop(0))
        key = name.casefold()
        if not name or key in terms:
            continue
        found = known.get(key)
        terms[key] = Term(*found) if found else Term(name, missing)
        waiting += granted(name, found[1] if found else "", known)
    return tuple(sorted(terms.values(), key=lambda t: t.name.casefold()))
