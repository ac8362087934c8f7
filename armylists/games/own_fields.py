"""The fields a game declares of its own for its units, options, factions and list entries, each declared once.

A game's file schemas (pydantic models in its home) add fields to the models every game shares: a unit's
(`UnitIn`), an option's (`OptionIn`), a faction's (`FactionIn`) and a list entry's (`EntryIn`). Each added
field says its name as the file spells it, its type, its bounds and its default. Everything else is derived
from that declaration (docs/architecture.md, "A game is one package"): the game library keeps a unit's,
an option's or a faction's own fields as one JSON object, `details` (what the importer writes and the exporter
reads); the engine reads them from it with the defaults filled in, as attributes; the admin makes a form field
of each; and the library's unit card names each with its label.

A list entry's own fields are marked with the kind of control the builder asks for each by (`Drawn`:
`SIZE`, `COMBINED`, `JOINED`, `REGIMENT`, `GRIMOIRE`, `SPELLS`, `TICKED` for any other yes/no); the
builder draws each kind once, and what a field names in the library the game checks when a list is
resolved (`Files.check_entry`). A field with a fixed set of values declares them once, with their words
(`worded`, `OwnField.said`): its file schema's `Literal` and the admin's choices are made from them, and
pages show the words, never the value capitalised (tests/test_one_declaration.py).
"""
from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from .schema import EntryIn, FactionIn, OptionIn, UnitIn

# What every game's unit, option, faction and list entry has: kept beside `details`, never in it.
UNIT_SHARED = frozenset(UnitIn.model_fields)
OPTION_SHARED = frozenset(OptionIn.model_fields)
FACTION_SHARED = frozenset(FactionIn.model_fields)
ENTRY_SHARED = frozenset(EntryIn.model_fields)


@dataclass(frozen=True)
class OwnField:
    """One of a game's own fields of a unit, an option, a faction or an entry, as its file's schema declares it."""

    name: str  # as the faction file spells it
    label: str  # as people read it
    kind: str  # "yes/no", "number", "choice", "text", "list" (of words) or "data" (an object or a list of them)
    required: bool
    default: Any  # None where the field has none
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    shown: bool = True  # on the library's unit card, as a tag (False: the game's card shows it its own way)
    control: str = ""  # an entry's field: how the builder asks for it (one of `CONTROLS`), "" for no control
    words: tuple[tuple[str, str], ...] = ()  # a choice's values with the words people read for them (`worded`)

    def said(self, value: Any) -> str:
        """A value of the field as people read it: a choice's words as its game declares them, else the value
        itself, capitalised, its underscores spaces ("all_models": "All models")."""
        return dict(self.words).get(value) or str(value).replace("_", " ").capitalize()

    @property
    def names_an_entry(self) -> bool:
        """An entry's field whose value is the id of another entry of the list (a host, a regiment's hero)."""
        return self.control in NAMES_AN_ENTRY

    @property
    def when_missing(self) -> Any:
        """What the engine reads where a unit leaves the field out: its default; for a number every unit
        must have (a unit saved in the admin before its game's fields were filled in), its least value."""
        return self.low if self.required and self.kind == "number" else self.default


def item_schema(schema: type[BaseModel], field: str) -> type[BaseModel]:
    """The model of the items of a list field of `schema` (a faction's `units`, a unit's `options`)."""
    return typing.get_args(schema.model_fields[field].annotation)[0]


def unit_schema(faction_schema: type[BaseModel]) -> type[BaseModel]:
    """The unit model of a game's faction schema (its `units: list[...]`)."""
    return item_schema(faction_schema, "units")


def option_schema(faction_schema: type[BaseModel]) -> type[BaseModel]:
    """The option model of a game's faction schema (its units' `options: list[...]`)."""
    return item_schema(unit_schema(faction_schema), "options")


def entry_schema(list_schema: type[BaseModel]) -> type[BaseModel]:
    """The entry model of a game's list schema (its `entries: list[...]`)."""
    return item_schema(list_schema, "entries")


def declared(schema: type[BaseModel], shared: Iterable[str]) -> tuple[OwnField, ...]:
    """The fields `schema` has besides the `shared` ones, in the order it declares them."""
    return tuple(_field(info.alias or name, info) for name, info in schema.model_fields.items()
                 if name not in shared)


def values_of(validated: BaseModel, shared: Iterable[str]) -> dict[str, Any]:
    """A validated entry's own fields as the engine reads them, as its file names them (every one)."""
    return {info.alias or name: getattr(validated, name) for name, info in type(validated).model_fields.items()
            if name not in shared}


def filled(fields: tuple[OwnField, ...], given: Mapping[str, Any]) -> dict[str, Any]:
    """An entry's (an army's) own fields as the engine keeps them: every declared field, at its default where
    `given` leaves it out, a list as a tuple; a name the game does not declare is a ValueError."""
    unknown = set(given) - {f.name for f in fields}
    if unknown:
        raise ValueError(f"no such field in this game: {', '.join(sorted(unknown))}")
    values = {f.name: given.get(f.name, f.when_missing) for f in fields}
    return {name: tuple(v) if isinstance(v, list) else v for name, v in values.items()}


def details_of(validated: BaseModel, shared: Iterable[str] = UNIT_SHARED) -> dict[str, Any]:
    """A validated unit's (option's, faction's) own fields as plain JSON, as its file names them (unset ones
    left out)."""
    own = {name for name in type(validated).model_fields if name not in shared}
    return validated.model_dump(mode="json", by_alias=True, include=own, exclude_none=True)


def without_defaults(fields: tuple[OwnField, ...], details: dict[str, Any]) -> dict[str, Any]:
    """`details` as an exported file writes them, in the order the game declares its fields (whatever
    order the database keeps): a field at its default is left out, a required one never."""
    return {f.name: details[f.name] for f in fields
            if f.name in details and (f.required or details[f.name] != f.default)}


def _field(name: str, info: FieldInfo) -> OwnField:
    default = None if info.default is PydanticUndefined else info.default
    marks = [*info.metadata, *_annotated_metadata(info.annotation)]
    low, high = _bounds([info, *marks])
    drawn = next((m.kind for m in marks if isinstance(m, Drawn)), "")
    words = next((m.words for m in marks if isinstance(m, _Words)), ())
    return OwnField(name=name, label=info.title or name.replace("_", " ").capitalize(), kind=_kind(info.annotation),
                     required=info.is_required(), default=default, choices=_choices(info.annotation),
                     low=low, high=high, shown=not any(isinstance(m, _NotATag) for m in marks), control=drawn,
                     words=words)


def _choices(annotation: Any) -> tuple[str, ...]:
    """The values a choice allows (an optional choice's too: an OPR option's `command`)."""
    annotation = _value_type(annotation)
    return tuple(typing.get_args(annotation)) if typing.get_origin(annotation) is Literal else ()


def _value_type(annotation: Any) -> Any:
    """An optional field's type as its value's, without its annotations."""
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType) and len(args) == 1:
        annotation = args[0]
    if typing.get_origin(annotation) is typing.Annotated:
        return _value_type(typing.get_args(annotation)[0])
    return annotation


def _kind(annotation: Any) -> str:
    """What a field holds, from its type (an optional field as its value's type)."""
    annotation = _value_type(annotation)
    base = typing.get_origin(annotation) or annotation
    if base is Literal:
        return "choice"
    if base is bool:
        return "yes/no"
    if base is int:
        return "number"
    if base is list:
        inner = (typing.get_args(annotation) or (Any,))[0]
        return "data" if isinstance(inner, type) and issubclass(inner, BaseModel) else "list"
    return "data" if isinstance(base, type) and issubclass(base, BaseModel) else "text"


def _bounds(places: list[Any]) -> tuple[int | None, int | None]:
    """A number's bounds, as the schema publishes them (`minimum`, `maximum`), from wherever pydantic
    keeps them: the field itself or its type's annotations."""
    low = high = None
    for meta in places:
        extra = getattr(meta, "json_schema_extra", None)
        if isinstance(extra, dict):
            low, high = extra.get("minimum", low), extra.get("maximum", high)
    return low, high


def _annotated_metadata(annotation: Any) -> list[Any]:
    found = []
    for arg in [annotation, *typing.get_args(annotation)]:
        if typing.get_origin(arg) is typing.Annotated:
            found += list(arg.__metadata__)
    return found


@dataclass(frozen=True)
class _NotATag:
    """Marks a unit field its game's card shows its own way (a price, a weapons line) or not at all.
    Pydantic keeps it with the field and leaves it out of validation and of the published schema."""


NOT_A_TAG = _NotATag()


@dataclass(frozen=True)
class _Words:
    """Marks a choice with the words people read for its values, kept with the field as `NOT_A_TAG` is."""

    words: tuple[tuple[str, str], ...]


def worded(words: Mapping[str, str]) -> Any:
    """A choice of `words`' values ({value: the words people read}), declared once in a game's package: its file
    schema's `Literal`, and its declared field's words (`OwnField.said`) wherever a page, a card or the admin
    shows a value."""
    return Annotated[Literal[tuple(words)], _Words(tuple(words.items()))]


@dataclass(frozen=True)
class Drawn:
    """Marks an entry field of a game's list schema with the kind of control the builder asks for it by
    (docs/architecture.md, "A game is one package"): the game declares the kind, the builder draws each kind
    once. Like `NOT_A_TAG`, left out of validation and of the published schema."""

    kind: str


# The kinds of control the builder draws for an entry's own field.
SIZE = Drawn("size")  # one of its unit's sizes (`LibraryQuestions.sizes_of`)
COMBINED = Drawn("combined")  # yes/no: two copies of the unit as one
JOINED = Drawn("joined")  # the entry a hero joins, one its game says it may join
REGIMENT = Drawn("regiment")  # the hero's entry whose regiment a troop is in
GRIMOIRE = Drawn("grimoire")  # the grimoire a caster draws on (the spell picker: builder/magic.py)
SPELLS = Drawn("spells")  # the spells a caster chose from it (the same picker)
TICKED = Drawn("ticked")  # any other yes/no the player says of the entry, asked by its field's label
CONTROLS = tuple(d.kind for d in (SIZE, COMBINED, JOINED, REGIMENT, GRIMOIRE, SPELLS, TICKED))
NAMES_AN_ENTRY = frozenset({JOINED.kind, REGIMENT.kind})


def tags(fields: tuple[OwnField, ...], details: dict[str, Any]) -> list[str]:
    """A unit's own fields as the short labels its card and its builder entry show: a yes as the
    field's label ("Hero"), a choice as its value ("Elite"), a number as label and value ("Limit 2"),
    words as they are; a field at its default shows nothing."""
    shown = []
    for f in fields:
        value = details.get(f.name, f.default)
        if not f.shown or value in (None, "", [], (), False) or (value == f.default and f.kind == "number"):
            continue
        if f.kind == "yes/no":
            shown.append(f.label)
        elif f.kind == "choice":
            shown.append(f.said(value))
        elif f.kind == "number":
            shown.append(f"{f.label} {value}")
        elif f.kind == "list":
            shown += [str(v) for v in value]
        elif f.kind == "text":
            shown.append(str(value))
    return shown


def own_field_tags(fields: tuple[OwnField, ...], details: Mapping[str, Any], *, said: bool = False,
                   host: Callable[[str], str | None] | None = None) -> list[str]:
    """The short labels an entry's own fields add beside it (the builder's entry card, a submitted list, the text
    export), by the kind of control each is asked for by: its size as its list names it (with `said`, in its
    declared words: "Squad"), "combined", a ticked yes by its field's label and, given `host` (an entry's id ->
    its label, or None), the unit a hero joined. Not `Builder.entry_tags`, which says what its game makes of the
    entry besides."""
    shown = []
    for f in fields:
        value = details.get(f.name)
        if f.control == SIZE.kind and value:
            shown.append(f.said(value) if said else str(value))
        elif f.control == COMBINED.kind and value:
            shown.append("combined")
        elif f.control == TICKED.kind and value:
            shown.append(f.label)
        elif f.control == JOINED.kind and host is not None and value and (label := host(value)):
            shown.append(f"joined to {label}")
    return shown


def filter_options(field: OwnField, values: set[Any]) -> list[tuple[str, str]]:
    """What a filter on `field` offers, given the values the units shown have: (value, label). A yes/no
    field offers both answers; a choice its values in the order the game declares them."""
    if field.kind == "yes/no":
        return [("yes", field.label), ("no", f"Not a {field.label.lower()}")]
    order = {choice: n for n, choice in enumerate(field.choices)}
    present = sorted((str(v) for v in values if v not in (None, "")), key=lambda v: (order.get(v, len(order)), v))
    return [(v, field.said(v) if field.kind == "choice" else v) for v in present]


def matches_filter(field: OwnField, details: dict[str, Any], wanted: str) -> bool:
    """Whether a unit's own fields match a filter's value ("yes"/"no" for a yes/no field)."""
    value = details.get(field.name, field.default)
    if field.kind == "yes/no":
        return bool(value) == (wanted == "yes")
    return str(value or "") == wanted
