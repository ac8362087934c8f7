"""Event forms. The event form shows the game's own number beside each setting it may override.

Dates are entered and shown in the event's time zone, whatever the server's or
the browser's: the form parses them inside that zone. Whether a setting is
known and in range is decided by `clean_settings`, the one home of those rules;
the form only places its message on the right field.
"""
from __future__ import annotations

from typing import Any
from zoneinfo import ZoneInfo, available_timezones

from django import forms
from django.utils import timezone

from armylists.boundary.errors import BadInput
from armylists.boundary.numbers import whole_number
from armylists.builder.forms import setting_fields
from factions.models import GameSystem, faction_labels

from .dates import date_fault
from .eventsettings import GameSetting, clean_settings, game_settings, list_setting_names
from .models import DISPLAY_NAME_MAX, NAME_MAX, NOTE_MAX, Event

PREFIX = "set__"
ZONES = sorted(available_timezones() - {"localtime"})
WHEN = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
TRI_STATE = {"": None, "true": True, "false": False}


def _game_default(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "none"
    return "none" if value is None else str(value)


def _signed(item: str) -> int | None:
    """A whole number with an optional minus sign, in ASCII digits; None for anything else."""
    magnitude = whole_number(item.removeprefix("-"))
    return None if magnitude is None else -magnitude if item.startswith("-") else magnitude


def _game_field(setting: GameSetting, key: str | None = None) -> forms.Field:
    shown = (setting.game_value or {}).get(key) if key else setting.game_value
    help_text = f"Game: {_game_default(shown)}"
    label = f"{setting.label}: {key}" if key else setting.label
    if setting.kind == "bool":
        return forms.TypedChoiceField(label=label, required=False, help_text=help_text, coerce=TRI_STATE.get,
                                      empty_value=None, choices=[("", "The game's"), ("true", "Yes"), ("false", "No")])
    if setting.kind == "choice":
        return forms.ChoiceField(label=label, required=False, help_text=help_text,
                                 choices=[("", "The game's"), *((c, c) for c in setting.choices)])
    if setting.kind == "list":
        return forms.CharField(label=label, required=False, help_text=help_text + " (comma-separated)")
    return forms.IntegerField(label=label, required=False, help_text=help_text)


def _list_field(name: str, field: forms.Field) -> forms.Field:
    """The builder's list setting, where blank leaves each list's own choice."""
    help_text = "Blank: each list's own."
    if isinstance(field, forms.BooleanField):
        return forms.TypedChoiceField(label=field.label, required=False, coerce=TRI_STATE.get, empty_value=None,
                                      help_text=help_text, choices=[("", "Each list's own"), ("true", "On"),
                                                                    ("false", "Off")])
    if isinstance(field, forms.ChoiceField):
        return forms.ChoiceField(label=field.label, required=False, help_text=help_text,
                                 choices=[("", "Each list's own"), *field.choices])
    field.required = name == "points_limit"
    field.help_text = help_text
    return field


class EventForm(forms.Form):
    name = forms.CharField(max_length=NAME_MAX)
    slug = forms.SlugField(label="Address", max_length=56, required=False,
                           help_text="The event's name in its address; blank: made from its name.")
    time_zone = forms.ChoiceField(choices=[(z, z) for z in ZONES], initial="Europe/London",
                                  help_text="The date and the deadline are in this time zone.")
    starts_at = forms.DateTimeField(label="Date and time", widget=WHEN)
    deadline = forms.DateTimeField(label="Submission deadline", widget=WHEN)
    venue = forms.CharField(max_length=NAME_MAX, required=False)
    banned_factions = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple)
    banned_units = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, game: GameSystem, event: Event | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        if event is not None:
            del self.fields["slug"]
        builder_fields = setting_fields(game)
        self.list_names = list_setting_names(game)
        for name in self.list_names:
            self.fields[PREFIX + name] = _list_field(name, builder_fields[name])
        presets = game.params.get("points_presets") or []
        if "points_limit" in self.list_names:
            self.fields[PREFIX + "points_limit"].help_text = (
                f"The game's usual sizes: {', '.join(map(str, presets))}." if presets else "")
        self.game_settings = {s.name: s for s in game_settings(game)}
        for setting in self.game_settings.values():
            if setting.kind == "table":
                for key in setting.game_value or {}:
                    self.fields[f"{PREFIX}{setting.name}__{key}"] = _game_field(setting, key)
            else:
                self.fields[PREFIX + setting.name] = _game_field(setting)
        factions = list(game.factions.prefetch_related("units"))
        labels = faction_labels(factions)  # two of one name told apart (factions/models.py, Faction.label)
        self.fields["banned_factions"].choices = [(f.slug, labels[f.pk]) for f in factions]
        self.fields["banned_units"].choices = [
            (labels[f.pk], [(f"{f.slug}/{u.slug}", u.name) for u in f.units.all()]) for f in factions]
        if event is not None:
            self.initial.update(self._initial(event))

    def _initial(self, event: Event) -> dict[str, Any]:
        local = {k: timezone.localtime(getattr(event, k), event.zone).replace(tzinfo=None)
                 for k in ("starts_at", "deadline")}
        values = {"name": event.name, "time_zone": event.time_zone, "venue": event.venue, **local,
                  "banned_factions": event.settings.get("banned_factions", []),
                  "banned_units": event.settings.get("banned_units", [])}
        for name, value in event.settings.items():
            if isinstance(value, dict):
                values.update({f"{PREFIX}{name}__{k}": v for k, v in value.items()})
            elif isinstance(value, bool):
                values[PREFIX + name] = "true" if value else "false"
            elif isinstance(value, list):
                values[PREFIX + name] = ", ".join(map(str, value))
            else:
                values[PREFIX + name] = value
        return values

    # Groups of fields, for the template.
    def event_fields(self):
        return [self[n] for n in ("name", "slug", "time_zone", "starts_at", "deadline", "venue") if n in self.fields]

    def list_fields(self):
        return [self[PREFIX + n] for n in self.list_names]

    def game_fields(self):
        return [self[n] for n in self.fields if n.startswith(PREFIX) and n[len(PREFIX):] not in self.list_names]

    def full_clean(self):
        """Dates mean the wall-clock time of the event's time zone (as posted, else as it was)."""
        name = self.data.get("time_zone") or self.initial.get("time_zone") or "UTC"
        with timezone.override(ZoneInfo(name if name in ZONES else "UTC")):
            super().full_clean()

    def _clean_moment(self, field: str):
        """A date of the event, within the years the database and Python hold in its zone and in UTC."""
        moment = self.cleaned_data[field]
        if fault := date_fault(moment):
            label = self.fields[field].label.lower()
            raise forms.ValidationError(f"The {label} {fault}, in the event's time zone and in UTC.")
        return moment

    def clean_starts_at(self):
        return self._clean_moment("starts_at")

    def clean_deadline(self):
        return self._clean_moment("deadline")

    def clean(self):
        data = super().clean()
        for key in self.data:
            if key.startswith(PREFIX) and key not in self.fields:
                self.add_error(None, f"“{key[len(PREFIX):]}” is not a setting of {self.game.name}.")
        starts_at, deadline = data.get("starts_at"), data.get("deadline")
        if starts_at and deadline and deadline > starts_at:
            self.add_error("deadline", "The deadline must not be after the event starts.")
        if not self.errors:
            try:
                data["settings"] = clean_settings(self.game, self._settings(data))
            except BadInput as error:
                self._place(error)
        return data

    def _settings(self, data: dict[str, Any]) -> dict[str, Any]:
        settings: dict[str, Any] = {}
        for name in self.list_names:
            if data.get(PREFIX + name) not in (None, ""):
                settings[name] = data[PREFIX + name]
        for setting in self.game_settings.values():
            value = self._game_value(setting, data)
            if value is not None:
                settings[setting.name] = value
        for name in ("banned_factions", "banned_units"):
            if data.get(name):
                settings[name] = list(data[name])
        return settings

    @staticmethod
    def _game_value(setting: GameSetting, data: dict[str, Any]) -> Any:
        if setting.kind == "table":
            keys = setting.game_value or {}
            given = {k: data.get(f"{PREFIX}{setting.name}__{k}") for k in keys}
            if all(v is None for v in given.values()):
                return None
            return {k: keys[k] if v is None else v for k, v in given.items()}
        value = data.get(PREFIX + setting.name)
        if value in (None, ""):
            return None
        if setting.kind == "list":
            items = [item.strip() for item in value.split(",") if item.strip()]
            numbers = all(isinstance(v, int) for v in setting.game_value or [])
            return [_signed(i) if numbers and _signed(i) is not None else i for i in items]
        return value

    def _place(self, error: BadInput) -> None:
        """Show a refused setting on its own field."""
        path = error.path.split("[")[0]
        field = PREFIX + path.replace(".", "__")
        if path in ("banned_factions", "banned_units"):
            field = path
        self.add_error(field if field in self.fields else None, error.message)

    def details(self) -> dict[str, Any]:
        """What the services take: the event's details and its checked settings."""
        keys = ("name", "time_zone", "starts_at", "deadline", "venue", "settings")
        return {k: self.cleaned_data[k] for k in keys}


class JoinForm(forms.Form):
    display_name = forms.CharField(max_length=DISPLAY_NAME_MAX,
                                   help_text="How the organisers and the other players see you in this event.")


class NoteForm(forms.Form):
    text = forms.CharField(label="Note to the player", max_length=NOTE_MAX, required=False,
                           widget=forms.Textarea(attrs={"rows": 2}))
    private = forms.CharField(label="Organisers' note", max_length=NOTE_MAX, required=False,
                              widget=forms.Textarea(attrs={"rows": 2}))


class OrganiserForm(forms.Form):
    username = forms.CharField(label="Username", max_length=150)


class StateForm(forms.Form):
    to = forms.ChoiceField(choices=Event.State.choices)

