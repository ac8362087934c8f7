"""Each list setting is declared once, in its game's package, and everything else is derived from it.

A setting missing a piece (a label, bounds, the engine field its rules read)
fails here rather than somewhere in the builder, the event form or the check.
"""
from __future__ import annotations

import pytest

from armylists.games.list_settings import CHOICE, NUMBER, YES_NO
from armylists.games.registry import homes
from armylists.rules.model import Army
from tests.rules.conftest import params

SETTINGS = [(home, setting) for home in homes() for setting in home.list_settings]


def _bounds(home, name):
    """The list file's own bounds of a number (ge/le of its schema field)."""
    metadata = home.list_schema.model_fields[name].metadata
    annotation = home.list_schema.model_fields[name].annotation
    for source in (metadata, *(getattr(a, "__metadata__", ()) for a in getattr(annotation, "__args__", ()))):
        low = next((m.ge for m in source if getattr(m, "ge", None) is not None), None)
        high = next((m.le for m in source if getattr(m, "le", None) is not None), None)
        if low is not None or high is not None:
            return low, high
    return None, None


@pytest.mark.parametrize(("home", "setting"), SETTINGS, ids=lambda x: getattr(x, "slug", getattr(x, "name", "")))
def test_every_setting_is_whole(home, setting):
    assert setting.label and setting.noun
    assert setting.kind in (NUMBER, YES_NO, CHOICE)
    assert setting.name in home.list_schema.model_fields, "a setting is a field of the game's list file"
    army = Army(game=home.slug, faction="any", entries=(), details=home.files.army_details({}))
    assert hasattr(army, setting.army_field), "a rule reads a setting from the engine's Army (a field, or its details)"
    numbers = params(home.slug)
    if setting.kind == NUMBER:
        assert setting.low is not None and setting.high is not None and setting.low <= setting.high
        low, high = _bounds(home, setting.name)
        assert (low is None or low <= setting.low) and (high is None or setting.high <= high), \
            "the builder never offers what the list file refuses"
    if setting.kind == CHOICE:
        assert setting.choices(numbers) and all(label for _, label in setting.choices(numbers))
    setting.default(numbers), setting.help(numbers)  # noqa: B018  (computed from any game's numbers)


def _setting(game, name):
    return next(s for h in homes() if h.slug == game for s in h.list_settings if s.name == name)


def test_labels_say_the_numbers_in_force_not_the_books():
    # An event that lets one unit be 40% of the list, and tournament armies of 3 factions, 70% primary.
    force = _setting("aof-regiments", "force_organisation")
    assert "35%" in force.help(params("aof-regiments"))
    assert "40%" in force.help(params("aof-regiments", max_unit_percent=40))
    mixing = dict(_setting("aof-regiments", "mixed_armies").choices(
        params("aof-regiments", mixed_max_factions=3, mixed_primary_percent=70)))
    assert mixing["tournament"] == "Tournament (3 factions, 70% primary)"
    cards = _setting("battleground", "command_cards")
    assert cards.help(params("battleground", command_card_cost=40)) == "40 points each."


def test_an_event_may_set_what_the_game_says_and_nothing_else():
    by_game = {h.slug: h.event_list_settings for h in homes()}
    assert by_game["aof-regiments"] == {"points_limit": "points_limit", "force_organisation": "force_organisation",
                                        "mixed_armies": "mixed_armies"}
    assert by_game["battleground"] == {"points_limit": "points_limit"}  # cards are each list's own
    assert by_game["diskwars"] == {"regiments": "regiments"}
