"""The admin's unit form: a form field for each of the unit's game's own fields, made from the game's
declaration (`armylists/games/unit_fields.py`), checked as its faction file would check it and
saved in `Unit.details`."""
from __future__ import annotations

from typing import Annotated, Any

from django import forms
from pydantic import ConfigDict, TypeAdapter, ValidationError

from armylists.boundary.messages import bad_input, faults
from armylists.games.registry import game_home
from armylists.games.unit_fields import UnitField, unit_schema

from .models import Unit

PREFIX = "details__"  # a form field of one of the game's own fields: details__<its name in the file>


def form_field(field: UnitField) -> forms.Field:
    """The form field that edits one declared field."""
    common = {"label": field.label, "required": field.required and field.kind != "yes/no"}
    if field.kind == "yes/no":
        return forms.BooleanField(**common)
    if field.kind == "number":
        return forms.IntegerField(min_value=field.low, max_value=field.high, **common)
    if field.kind == "choice":
        return forms.ChoiceField(choices=[("", "—")] + [(c, c.capitalize()) for c in field.choices], **common)
    if field.kind == "list":
        return forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), help_text="One per line.", **common)
    if field.kind == "data":
        return forms.JSONField(help_text="As the faction file writes it.", **common)
    return forms.CharField(max_length=200, **common)


class UnitDetailsForm(forms.ModelForm):
    """A unit with its game's own fields as form fields (the game is its faction's)."""

    unit_fields: tuple[UnitField, ...] = ()
    game: str = ""

    class Meta:
        model = Unit
        fields = ["faction", "slug", "name", "position", "rules", "stats", "notes"]  # every game's unit has them

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        details = self.instance.details or {}
        for field in self.unit_fields:
            value = details.get(field.name, field.default)
            self.initial[PREFIX + field.name] = "\n".join(value) if field.kind == "list" and value else value

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        schema = unit_schema(game_home(self.game).faction_schema)
        details = {}
        for field in self.unit_fields:
            value = _from_form(field, cleaned.get(PREFIX + field.name))
            if value is None:
                continue
            try:
                details[field.name] = _checked(_checker(schema, field.name), value)
            except ValidationError as error:
                self.add_error(PREFIX + field.name, bad_input(error).message)
        details = TypeAdapter(dict).dump_python(details, mode="json")
        if not self.errors:
            self._check_whole(schema, cleaned, details)
        self.instance.details = details
        return cleaned

    def _check_whole(self, schema: Any, cleaned: dict[str, Any], details: dict[str, Any]) -> None:
        """The unit as its faction file would have it, checked by the schema's rules across fields (a
        Diskwars hero needs its recruitment points); its sizes are the inline's, saved after this."""
        document = {"slug": cleaned.get("slug"), "name": cleaned.get("name"), **details}
        try:
            schema.model_validate(document)
        except ValidationError as error:
            for fault in faults(error):
                if fault.path.split(".")[0].split("[")[0] == "sizes":
                    continue
                own = fault.path if fault.path in {f.name for f in self.unit_fields} else None
                self.add_error(PREFIX + own if own else None, f"{fault.path}: {fault.message}" if fault.path
                               else fault.message)


def _checked(checker: TypeAdapter, value: Any) -> Any:
    """A value as the schema takes it; typed digits are a number where the field takes a number or a
    word (Spellcaster(2), not a spell called "2")."""
    if isinstance(value, str) and value.isdigit():
        try:
            return checker.validate_python(int(value))
        except ValidationError:
            pass
    return checker.validate_python(value)


def _from_form(field: UnitField, value: Any) -> Any:
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


def form_for(game: str) -> type[UnitDetailsForm]:
    """The unit form of `game`: its own fields after the shared ones."""
    fields = game_home(game).unit_fields
    declared = {PREFIX + f.name: form_field(f) for f in fields}
    return type("UnitForm", (UnitDetailsForm,), {**declared, "unit_fields": fields, "game": game})
