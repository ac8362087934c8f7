"""Actions to and from plain JSON data, as the campaign's log and its file keep them.

The data has already been validated at the boundary (bounds, types); this only
rebuilds the dataclasses, nested ones and tuples included.
"""
from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import Any

from .actions import ACTION_TYPES, Action


def to_data(value: Any) -> Any:
    """A dataclass as a dict of its fields, tuples as lists; fields at their default are left out."""
    if dataclasses.is_dataclass(value):
        data = {}
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            if f.default is not dataclasses.MISSING and item == f.default:
                continue
            data[f.name] = to_data(item)
        return data
    if isinstance(value, (tuple, list)):
        return [to_data(v) for v in value]
    return value


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _build(kind: Any, value: Any) -> Any:
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            return None
        kind = next(a for a in typing.get_args(kind) if a is not type(None))
        return _build(kind, value)
    if origin is tuple:
        item = typing.get_args(kind)[0]
        return tuple(_build(item, v) for v in value)
    if dataclasses.is_dataclass(kind):
        hints = _hints(kind)
        return kind(**{name: _build(hints[name], v) for name, v in value.items()})
    return value


def action_from_data(kind: str, data: dict[str, Any]) -> Action:
    return _build(ACTION_TYPES[kind], data)
