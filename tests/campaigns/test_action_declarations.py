"""A campaign action is declared once, as the engine's dataclass with its kind and its fields' bounds; the
boundary's models, the campaign file and its JSON Schema are built from it, and the engine or the campaign
rules of a game in use have a handler for it. A piece missing fails here (docs/architecture.md, "A new campaign
action")."""
from __future__ import annotations

import dataclasses
from typing import ClassVar

import pytest

from armylists.campaigns.payloads import PAYLOADS, model_for
from armylists.games.registry import homes
from armylists.rules.campaign.actions import ACTION_TYPES, Action, Undo
from armylists.rules.campaign.engine import HANDLERS


def test_every_action_has_a_kind_a_handler_and_a_model():
    assert set(ACTION_TYPES) == set(PAYLOADS)
    games = {cls for home in homes() if home.campaign for cls in home.campaign.handlers}
    for kind, cls in ACTION_TYPES.items():
        assert cls.kind == kind
        assert cls in HANDLERS or cls in games or cls is Undo, f"{kind} has no handler"
        assert PAYLOADS[kind].model_json_schema()["title"] == f"{cls.__name__}In"


def test_a_field_without_bounds_is_refused_when_its_model_is_built():
    @dataclasses.dataclass(frozen=True)
    class Unbounded(Action):
        kind: ClassVar[str] = "test-unbounded"
        army: str

    try:
        with pytest.raises(TypeError, match="Unbounded.army: no bounds declared"):
            model_for(Unbounded)
    finally:
        # The class registered itself as a subclass of Action; it must not linger for other tests.
        del Unbounded


def test_the_models_keep_the_declared_bounds():
    schema = PAYLOADS["adjust"].model_json_schema()["properties"]
    assert (schema["vp"]["minimum"], schema["vp"]["maximum"]) == (-100, 100)
    assert schema["army"]["pattern"] == "^[a-z][0-9]{1,6}$"


def test_a_game_handles_only_declared_actions():
    for home in homes():
        if home.campaign:
            assert set(home.campaign.handlers) <= set(ACTION_TYPES.values()), home.slug
