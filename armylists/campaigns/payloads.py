"""The boundary of every campaign action: pydantic models with bounds, built from the engine's declarations.

An action is declared once, as a dataclass of the rules engine with the bounds
of each field (`armylists.rules.campaign.bounds`); `model_for` builds its
pydantic model from that, so the pages, the campaign file and its JSON Schema
all check the same bounds. Pages and the campaign file both hand actions in as
JSON data; `parse_action` checks the data's shape and size and builds the
engine's action, or raises `BadInput` naming the JSON path at fault. Whether
the action is allowed is the rules engine's question, not this module's.
"""
from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import Annotated, Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from armylists.boundary.errors import BadInput
from armylists.boundary.messages import bad_input, json_path
from armylists.boundary.text import line, lines
from armylists.rules.campaign.actions import ACTION_TYPES, Action
from armylists.rules.campaign.bounds import Many, OneOf, Text, Whole
from armylists.rules.campaign.data import action_from_data


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def _annotation(hint: Any, limits: Any, where: str) -> Any:
    """The pydantic type of a field of type `hint` within `limits`."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        inner = next(a for a in typing.get_args(hint) if a is not type(None))
        return Optional[_annotation(inner, limits, where)]  # noqa: UP045 (built at run time)
    if origin is tuple:
        if not isinstance(limits, Many):
            raise TypeError(f"{where}: a tuple needs its bounds (Many)")
        item = _annotation(typing.get_args(hint)[0], limits.item, where)
        return Annotated[list[item], Field(min_length=limits.min_length or None, max_length=limits.max_length)]
    if dataclasses.is_dataclass(hint):
        return model_for(hint)
    if hint is bool:
        return bool
    if isinstance(limits, Whole):
        return Annotated[int, Field(ge=limits.ge, le=limits.le)]
    if isinstance(limits, OneOf):
        return Literal[limits.options]
    if isinstance(limits, Text) and limits.lines:
        return lines(limits.max_length, min_length=limits.min_length)
    if isinstance(limits, Text):
        return line(limits.max_length, min_length=limits.min_length, pattern=limits.pattern)
    raise TypeError(f"{where}: no bounds declared")


@functools.cache
def model_for(cls: type) -> type[Strict]:
    """The pydantic model of an engine dataclass, from its fields and their declared bounds."""
    hints = typing.get_type_hints(cls)
    fields = {}
    for f in dataclasses.fields(cls):
        default = ... if f.default is dataclasses.MISSING else (
            list(f.default) if isinstance(f.default, tuple) else f.default)
        fields[f.name] = (_annotation(hints[f.name], f.metadata.get("bound"), f"{cls.__name__}.{f.name}"), default)
    return create_model(f"{cls.__name__}In", __base__=Strict, **fields)


PAYLOADS: dict[str, type[Strict]] = {kind: model_for(cls) for kind, cls in ACTION_TYPES.items()}

RollKey = line(100, min_length=1)
Rolls = Annotated[dict[RollKey, Annotated[list[Annotated[int, Field(ge=1, le=6)]], Field(max_length=100)]],
                  Field(max_length=1000)]
Picks = Annotated[dict[RollKey, line(60, min_length=1)], Field(max_length=1000)]


def parse_action(kind: str, data: Any, where: tuple[int | str, ...] = ()) -> Action:
    """The engine's action for `kind` from JSON data; BadInput names the first fault, its JSON path
    starting with `where` (e.g. ("actions", 3, "data") in a campaign file)."""
    model = PAYLOADS.get(kind)
    if model is None:
        raise BadInput(json_path(where[:-1] + ("kind",)), f"no kind of action {kind!r}")
    try:
        parsed = model.model_validate(data)
    except ValidationError as error:
        raise bad_input(error, where) from None
    return action_from_data(kind, parsed.model_dump(exclude_defaults=True))
