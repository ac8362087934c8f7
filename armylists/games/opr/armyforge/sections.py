"""What an Army Forge upgrade section allows, in Muster's terms (docs/faction-file.md, "Army Forge books").

A section offers options and says how many of them a unit may take: `select` is how many options
each affected model (or the unit) takes, `affects` how many models take them. Army Forge leaves
either out where the book's wording needs no number:

- no `affects`: the section is bought once, for the unit as a whole ("Replace Heavy Hand Weapon",
  "Upgrade with");
- no `select`: a replace section takes one of its options (the weapon is swapped once); an upgrade
  section may take each of its options, once each ("Upgrade with:" lists things the unit may add).

So a section becomes one option group whose `max` is (options per model) × (models affected), and
each option's `scope` says what its cost is for: `all_models` when every model takes it (the cost is
the whole unit's, doubled on a combined unit), `model` when it is bought per model, `unit` otherwise.
"""
from __future__ import annotations

from dataclasses import dataclass

from .book import Amount, Section


@dataclass(frozen=True)
class Meaning:
    max: int
    scope: str
    replaced_each: int | None  # how many of each target one option replaces; None: all of them
    per_option_once: bool  # Army Forge offers each option once; Muster limits only the group's total


def _per_model(section: Section) -> tuple[int, bool]:
    """How many options one affected model (or the unit) may take, and whether each only once."""
    select = section.select
    if select is None:
        return (1, False) if section.variant == "replace" else (len(section.options), True)
    if select.type == "any" or select.type == "all":
        return len(section.options), True
    return select.value or 0, False


def _models(affects: Amount | None, models: int) -> tuple[int, str]:
    """How many models take the section's options, and the options' scope."""
    if affects is None:
        return 1, "unit"
    if affects.type == "all":
        return 1, "all_models"
    if affects.type == "any":
        return models, "model"
    return min(affects.value or 0, models), "model"


def meaning(section: Section, models: int) -> Meaning:
    each, once = _per_model(section)
    affected, scope = _models(section.affects, models)
    replaced = None if scope in ("all_models", "unit") else 1
    return Meaning(max=each * affected, scope=scope, replaced_each=replaced,
                   per_option_once=once and len(section.options) > 1)
