"""The admin's forms for what a game declares fields of its own for (a unit, an option, a faction): a form
field for each of them, made from the game's declaration (`armylists/games/own_fields.py`), checked as its
faction file would check it and saved in the row's `details`."""
from __future__ import annotations

from typing import Annotated, Any

from django import forms
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from armylists.boundary.messages import bad_input, faults
from armylists.games.own_fields import OwnField, option_schema, unit_schema
from armylists.games.registry import game_home
from armylists.games.schema import OptionIn

from .models import Faction, GameSystem, Option, Unit

PREFIX = "details__"  # a form field of one of the game's own fields: details__<its name in the file>


def form_field(field: OwnField) -> forms.Field:
    """The form field that edits one declared field."""
    common = {"label": field.label, "required": field.required and field.kind != "yes/no"}
    if field.kind == "yes/no":
        return forms.BooleanField(**common)
    if field.kind == "number":
        return forms.IntegerField(min_value=field.low, max_value=field.high, **common)
    if field.kind == "choice":
        return forms.ChoiceField(choices=[("", "—")] + [(c, field.said(c)) for c in field.choices],
                                 **common)
    if field.kind == "list":
        return forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), help_text="One per line.", **common)
    if field.kind == "data":
        return forms.JSONField(help_text="As the faction file writes it.", **common)
    return forms.CharField(max_length=200, **common)


class DetailsForm(forms.ModelForm):
    """A row with its game's own fields as form fields, after the fields every game's row has."""

    own_fields: tuple[OwnField, ...] = ()
    schema: type[BaseModel]  # the file's model of such a row, in its game
    # The schema's fields the admin edits elsewhere (a faction's units, on their own pages): left out of the whole
    # check.
    edited_apart: frozenset[str] = frozenset()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        details = self.instance.details or {}
        for field in self.own_fields:
            value = details.get(field.name, field.default)
            # A list is edited one item a line: an empty one is an empty box, not "[]" (which would be saved back).
            self.initial[PREFIX + field.name] = "\n".join(value or ()) if field.kind == "list" else value

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        details = {}
        for field in self.own_fields:
            value = _from_form(field, cleaned.get(PREFIX + field.name))
            if value is None:
                continue
            try:
                details[field.name] = _checked(_checker(self.schema, field.name), value)
            except ValidationError as error:
                self.add_error(PREFIX + field.name, bad_input(error).message)
        details = TypeAdapter(dict).dump_python(details, mode="json", exclude_none=True)  # as `details_of` keeps them
        if not self.errors:
            self._check_whole(cleaned, details)
        self.instance.details = details
        return cleaned

    def _check_whole(self, cleaned: dict[str, Any], details: dict[str, Any]) -> None:
        """The row as its faction file would have it, checked by the schema's rules across fields (a
        Diskwars hero needs its recruitment points)."""
        document = {"slug": cleaned.get("slug"), "name": cleaned.get("name"), **details}
        try:
            self.schema.model_validate(document)
        except ValidationError as error:
            for fault in faults(error):
                if fault.path.split(".")[0].split("[")[0] in self.edited_apart:
                    continue
                own = fault.path if fault.path in {f.name for f in self.own_fields} else None
                self.add_error(PREFIX + own if own else None, f"{fault.path}: {fault.message}" if fault.path
                               else fault.message)


class UnitDetailsForm(DetailsForm):
    """A unit with its game's own fields (the game is its faction's)."""

    class Meta:
        model = Unit
        fields = ["faction", "slug", "name", "position", "rules", "stats", "notes"]  # every game's unit has them


class OptionDetailsForm(DetailsForm):
    """An option with its game's own fields (the game is its unit's faction's). Without them (a unit being
    added has no game yet) it is checked as every game's option."""

    schema = OptionIn

    class Meta:
        model = Option
        fields = ["slug", "name", "cost", "group", "position"]  # every game's option has them


class FactionDetailsForm(DetailsForm):
    """A faction with its game's own fields (its alignment, its command cards...)."""

    edited_apart = frozenset({"units"})  # on the units' own pages

    class Meta:
        model = Faction
        fields = ["game", "slug", "name", "version", "rule_texts"]  # every game's faction has them


class GameDetailsForm(forms.ModelForm):
    """A game system, with its own top-level fields of its faction files (Dulce Bellum's grimoires) as JSON,
    checked as its faction files check them and kept as they write them."""

    class Meta:
        model = GameSystem
        fields = ["slug", "name", "version", "source", "params", "position", "details"]

    def clean_details(self) -> dict[str, Any]:
        details = self.cleaned_data.get("details") or {}
        if not isinstance(details, dict):
            raise forms.ValidationError("must be an object: each field by its name in the faction file")
        home = game_home(self.instance.slug or self.cleaned_data.get("slug", ""))
        if extra := sorted(set(details) - set(home.faction_file_fields)):
            raise forms.ValidationError(f"{extra[0]}: is not a field of this game's faction files")
        kept = {}
        for name, kind in home.faction_file_fields.items():
            if name not in details:
                continue
            checker = TypeAdapter(kind)
            try:
                kept[name] = checker.dump_python(checker.validate_python(details[name]), mode="json",
                                                 exclude_defaults=True)
            except ValidationError as error:
                raise forms.ValidationError(bad_input(error, (name,)).message) from None
        return kept


def _checked(checker: TypeAdapter, value: Any) -> Any:
    """A value as the schema takes it; typed digits are a number where the field takes a number or a
    word (Spellcaster(2), not a spell called "2")."""
    if isinstance(value, str) and value.isdigit():
        try:
            return checker.validate_python(int(value))
        except ValidationError:
            pass
    return checker.validate_python(value)


def _from_form(field: OwnField, value: Any) -> Any:
    """A form value as the faction file would hold it; None for a field left empty."""
    if field.kind == "list":
        return [line.strip() for line in (value or "").splitlines() if line.strip()] or None
    if field.kind == "yes/no":
        return bool(value)
    return None if value in ("", None) else value


def _checker(schema: Any, name: str) -> TypeAdapter:
    """Checks one field as the faction file's schema checks it: its type and bounds, strictly."""
    info = next(info for attr, info in schema.model_fields.items() if (info.alias or attr) == name)
    kind = Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation
    return TypeAdapter(kind, config=ConfigDict(strict=True))


def details_form(base: type[DetailsForm], own_fields: tuple[OwnField, ...], schema: type[BaseModel]
                 ) -> type[DetailsForm]:
    """`base` with a form field for each of `own_fields`, checked by `schema`."""
    declared = {PREFIX + f.name: form_field(f) for f in own_fields}
    return type(base.__name__.replace("Details", ""), (base,), {**declared, "own_fields": own_fields, "schema": schema})


def form_for(game: str) -> type[DetailsForm]:
    """The unit form of `game`: its own fields after the shared ones."""
    home = game_home(game)
    return details_form(UnitDetailsForm, home.unit_fields, unit_schema(home.faction_schema))


def option_form_for(game: str) -> type[DetailsForm]:
    """The option form of `game` (a row of a unit's options): its own fields after the shared ones."""
    home = game_home(game)
    return details_form(OptionDetailsForm, home.option_fields, option_schema(home.faction_schema))


def faction_form_for(game: str) -> type[DetailsForm]:
    """The faction form of `game`: its own fields after the shared ones."""
    home = game_home(game)
    return details_form(FactionDetailsForm, home.faction_fields, home.faction_schema)
