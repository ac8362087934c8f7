"""What the fuzz tests post: for each field of a Django form, values it should take and values it must refuse.

A field's strategy is read from the field itself (its choices, bounds, max_length, regex), so a form that
gains a field or changes a bound is fuzzed as it now is. Hostile values are the same for every field:
unicode, control characters and NUL, very long text, numbers too big, negative or not numbers at all,
several values where one is expected, and nothing at all.
"""
from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable
from pathlib import Path

from django import forms
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import strategies as st

DEMO_LISTS = sorted((Path(__file__).resolve().parents[2] / "factions" / "data" / "demo" / "lists").glob("*.json"))
# Text with what breaks naive code: NUL and other control characters, right-to-left and joining marks,
# astral characters, markup and formula starts.
AWKWARD = "\x00\x01\x08\x0b\x1b\x7f\u0085\u200b\u200d\u202e\ufeff\U0001f600\ud7ff<>&\"'=+-@%/\\\r\n\t"

short_text = st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from(AWKWARD), max_size=40)
long_text = st.integers(300, 120_000).flatmap(lambda n: st.sampled_from(["x" * n, "é" * n, "\x00" * n, "9" * n]))
numbers = st.one_of(
    st.integers(-10, 100).map(str),
    st.integers(-(2**70), 2**70).map(str),
    st.sampled_from(["1e9", "1.5", "-0", "+3", "0x10", "NaN", "inf", "١٢", "²", " 7 ", "07", "9" * 40]),
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=10,
)
hostile_value = st.one_of(
    st.just(""), short_text, long_text, numbers, json_values.map(json.dumps),
    st.sampled_from(["on", "off", "true", "false", "None", "null", "[]", "{}", "../../etc/passwd", "a1", "u1", "e1"]),
)

# Each sent at once to every field and name a URL reads: a number int() refuses ("²", 5,000 digits), a NUL,
# text far past any bound, a negative, JSON where text is expected, two values for one name.
EVERY_FIELD = ["\x00", "9" * 5000, "²", "x" * 100_000, "-1", '{"": null}', ["a1", "u1"], ""]


def one_or_many(values: st.SearchStrategy[str]) -> st.SearchStrategy[str | list[str]]:
    """A single value, or (one time in five or so) the same key sent several times."""
    return st.one_of(values, values, values, values, st.lists(values, min_size=0, max_size=4))


def _choice_values(field: forms.ChoiceField) -> list[str]:
    values = []
    for value, label in field.choices:
        if isinstance(label, (list, tuple)):  # an optgroup
            values += [str(v) for v, _ in label]
        else:
            values.append(str(getattr(value, "value", value)))
    return values


def _model_values(field: forms.ModelChoiceField) -> list[str]:
    key = field.to_field_name or "pk"
    return [str(v) for v in field.queryset.values_list(key, flat=True)]


def _integers(field: forms.IntegerField) -> st.SearchStrategy[str]:
    low = field.min_value if field.min_value is not None else 0
    high = field.max_value if field.max_value is not None else 100
    return st.integers(low, high).map(str)


def _texts(field: forms.CharField, words: list[str]) -> st.SearchStrategy[str]:
    most = field.max_length or 200
    options = [st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\x00"), min_size=1,
                       max_size=min(most, 60)), st.just("x" * most)]
    if words:
        options.append(st.sampled_from(words))
    return st.one_of(*options)


def edge_values(field: forms.Field) -> st.SearchStrategy[str]:
    """Just past the field's bounds: one more character than it takes, one below or above its range."""
    edges = ["x" * ((getattr(field, "max_length", None) or 200) + 1), "é" * 5000]
    edges += [str(b + step) for b, step in ((getattr(field, "min_value", None), -1),
                                            (getattr(field, "max_value", None), 1)) if isinstance(b, int)]
    return st.sampled_from(edges)


def field_values(field: forms.Field, words: list[str]) -> st.SearchStrategy:
    """Values the field takes; values it must refuse are `edge_values` and `hostile_value`."""
    if isinstance(field, forms.FileField):
        return list_files()
    if isinstance(field, forms.ModelChoiceField):
        return st.sampled_from(_model_values(field) or [""])
    if isinstance(field, forms.MultipleChoiceField):
        return st.lists(st.sampled_from(_choice_values(field) or [""]), max_size=4)
    if isinstance(field, forms.ChoiceField):
        return st.sampled_from(_choice_values(field) or [""])
    if isinstance(field, forms.BooleanField):
        return st.sampled_from(["on", "true", "", "false"])
    if isinstance(field, forms.IntegerField):
        return _integers(field)
    if isinstance(field, forms.DateTimeField):
        return st.datetimes(dt.datetime(2000, 1, 1), dt.datetime(2100, 1, 1)).map(
            lambda moment: moment.strftime("%Y-%m-%dT%H:%M"))
    if isinstance(field, forms.RegexField):
        return st.from_regex(field.regex, fullmatch=True)
    if isinstance(field, forms.JSONField):
        return st.one_of(st.just(""), json_values.map(json.dumps))
    if isinstance(field, forms.CharField):
        return _texts(field, words)
    return hostile_value


def list_files() -> st.SearchStrategy[SimpleUploadedFile]:
    """An uploaded list file: a demo list as it is, cut short, or any bytes; under any name."""
    demo = st.sampled_from(DEMO_LISTS).map(lambda p: p.read_bytes())
    body = st.one_of(demo, demo.flatmap(lambda b: st.integers(0, len(b)).map(lambda n: b[:n])),
                     st.binary(max_size=200), json_values.map(lambda v: json.dumps(v).encode()))
    name = st.one_of(st.just("list.json"), short_text.map(lambda t: (t or "x") + ".json"), long_text)
    return st.builds(lambda b, n: SimpleUploadedFile(n[:300].replace("\x00", "") or "x", b), body, name)


def _one_wrong(fields: dict[str, forms.Field], words: list[str]) -> st.SearchStrategy[dict]:
    """Every field with a value it takes, but (mostly) one just past its bounds or hostile: the form is
    valid but for one field, so what a form lets through reaches the services and the database."""
    valid = st.fixed_dictionaries({name: field_values(field, words) for name, field in fields.items()})
    if not fields:
        return valid
    wrong = st.sampled_from(sorted(fields)).flatmap(
        lambda name: st.tuples(st.just(name), st.one_of(edge_values(fields[name]), hostile_value)))
    return st.builds(lambda data, change: {**data, **dict([change] if change else [])}, valid,
                     st.none() | wrong | wrong | wrong)


def payload(fields: dict[str, forms.Field], raw: Iterable[str], words: list[str]) -> st.SearchStrategy[dict]:
    """Form data: the form's own fields, valid but for one, or any of them with any values; each name the
    view reads straight from the request; and a few keys nobody asked for."""
    anything = {name: st.one_of(field_values(field, words), edge_values(field), one_or_many(hostile_value))
                for name, field in fields.items()}
    own = st.one_of(_one_wrong(fields, words), st.fixed_dictionaries({}, optional=anything))
    extra = {name: one_or_many(st.one_of(st.sampled_from(words or ["x"]), hostile_value)) for name in raw
             if name not in fields}
    junk = st.dictionaries(short_text.filter(lambda k: k not in fields and k not in extra),
                           one_or_many(hostile_value), max_size=3)
    return st.builds(lambda a, b, c: {**c, **b, **a}, own, st.fixed_dictionaries({}, optional=extra), junk)


HTMX = st.one_of(st.just({}), st.fixed_dictionaries({"HX-Request": st.just("true")}, optional={
    "HX-Target": st.sampled_from(["roster", "unit-picker", "dashboard-table", "share-panel", "", "x" * 300]),
    "HX-Current-URL": st.sampled_from(["http://testserver/", "javascript:alert(1)", "\u202e"]),
}))
