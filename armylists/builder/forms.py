"""Forms check the shape of what is posted: whole numbers in range, a unit of the
faction, an option of the unit, an entry of the list. Whether the list is legal
is never a form error: the check reports it (warn, never block).

Edit forms carry `was`, the state the page showed, so a submission is turned
into only what the player changed and merges with edits made in another tab.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from armylists.boundary.errors import BadInput
from armylists.boundary.jsonfile import LIST_BYTES, parse_json, too_big
from armylists.checking.library import Library
from armylists.games.base import Game
from armylists.games.own_fields import COMBINED, JOINED, REGIMENT, SIZE, TICKED, OwnField
from armylists.rules.model import Unit
from factions.models import GameSystem, faction_labels

from .armyforge_link import fetch_shared_list
from .controls import NAME_LIMITS, Caster, Control, SettingsFields, caster, entry_state, option_controls, setting_fields
from .edits import EntryChanges

MAX_COPIES = 99


class PageStateField(forms.JSONField):
    """`was`, the state the page showed: JSON, and nothing that makes json.loads fail other than by
    JSONDecodeError (a number of over 4,300 digits is a ValueError int() raises) gets past as a 500."""

    def to_python(self, value: Any) -> Any:
        try:
            return super().to_python(value)
        except ValueError:
            raise ValidationError(self.error_messages["invalid"], code="invalid", params={"value": "…"}) from None


def _was(value: Any, fallback: dict) -> dict:
    if value in (None, ""):
        return fallback
    if not isinstance(value, dict):
        raise ValidationError("The page was out of date; reload it and try again.", code="stale")
    return {**fallback, **value}


class ListCreateForm(forms.Form):
    name = forms.CharField(max_length=NAME_LIMITS["list_name"])
    faction = forms.ModelChoiceField(queryset=None, empty_label=None)

    def __init__(self, *args, game: GameSystem, faction: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.fields["faction"].queryset = game.factions.all()
        labels = faction_labels(game.factions.all())  # two of one name told apart (Faction.label)
        self.fields["faction"].label_from_instance = lambda faction: labels.get(faction.pk, faction.name)
        # "Build a list" on a faction's page names the faction.
        self.fields["faction"].initial = game.factions.filter(slug=faction[:64]).first() if faction else None
        self.fields.update(setting_fields(game))
        presets = game.params.get("points_presets") or []
        if "points_limit" in self.fields and presets:
            self.fields["points_limit"].initial = presets[len(presets) // 2]

    def settings(self) -> dict[str, Any]:
        return {name: self.cleaned_data[name] for name in setting_fields(self.game)}


class ListSettingsForm(SettingsFields):
    was = PageStateField(required=False)

    def __init__(self, *args, game: GameSystem, current: dict, **kwargs):
        super().__init__(*args, game=game, **kwargs)
        self.current = current

    def clean_was(self) -> dict:
        return _was(self.cleaned_data.get("was"), self.current)

    def changes(self) -> dict[str, Any]:
        was = self.cleaned_data["was"]
        names = [n for n in self.fields if n != "was"]
        return {n: self.cleaned_data[n] for n in names if self.cleaned_data[n] != was.get(n)}


class RenameForm(forms.Form):
    name = forms.CharField(max_length=NAME_LIMITS["list_name"])


class MoveForm(forms.Form):
    direction = forms.ChoiceField(choices=[("up", "Up"), ("down", "Down")])


class ShareForm(forms.Form):
    shared = forms.ChoiceField(choices=[("on", "Share"), ("off", "Stop sharing")])
    show_owner = forms.BooleanField(required=False, label="Show my name on the shared roster")


class ImportForm(forms.Form):
    # An empty file is read like any other, so its message says what a list file needs.
    file = forms.FileField(label="List file (.json): Muster's, or Army Forge's", allow_empty_file=True,
                           required=False)
    link = forms.CharField(label="Or an Army Forge share link", max_length=500, required=False)

    @classmethod
    def refused(cls, message: str) -> ImportForm:
        """A form showing `message` as the file's only error, for an upload refused before it was read."""
        form = cls(data={})
        form.full_clean()
        form.errors["file"] = form.error_class([message])
        return form

    def clean(self):
        """A file, or else a share link's list (fetched: armyforge_link.py)."""
        cleaned = super().clean()
        if cleaned.get("file") is None and "file" not in self.errors:
            link = cleaned.get("link", "").strip()
            if not link:
                raise ValidationError("Choose a list file, or paste an Army Forge share link.")
            try:
                cleaned["data"] = fetch_shared_list(link)
            except BadInput as error:
                self.add_error("link", f"This link cannot be used: {error.on_page}")
        return cleaned

    def clean_file(self):
        """The file's data, bounded as every list file is (size first, before it is read)."""
        upload = self.cleaned_data["file"]
        if upload is None:
            return None
        try:
            too_big(upload.size, LIST_BYTES)
            self.cleaned_data["data"] = parse_json(upload.read(LIST_BYTES + 1))
        except BadInput as error:
            raise ValidationError(f"This list file cannot be used: {error.on_page}", code="bad-input") from None
        return upload


class EntryAddForm(forms.Form):
    unit = forms.CharField(max_length=200)
    faction = forms.CharField(max_length=200, required=False)
    size = forms.CharField(max_length=20, required=False)

    def __init__(self, *args, library: Library, primary: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.library, self.primary = library, primary

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            return data
        data["faction"] = faction = data.get("faction") or self.primary
        source = self.library.factions.get(faction)
        if source is None:
            raise ValidationError(f"There is no faction “{faction}” in this game.", code="faction")
        unit = source.unit(data["unit"])
        if unit is None:
            raise ValidationError(f"There is no unit “{data['unit']}” in {source.name}.", code="unit")
        if data.get("size") and data["size"] not in dict(self.library.home.library.sizes_of(unit.details)):
            raise ValidationError(f"{unit.name} cannot be taken at size “{data['size']}”.", code="size")
        return data


def _choices(values) -> list[tuple[str, str]]:
    return [("", "—")] + [(v, v) for v in values]


class EntryForm(forms.Form):
    was = PageStateField(required=False)
    name = forms.CharField(max_length=NAME_LIMITS["entry_name"], required=False)

    def __init__(self, *args, home: Game, unit: Unit, entry: dict, document: dict, library: Library | None = None,
                 **kwargs):
        super().__init__(*args, **kwargs)
        own = home.files.entry_fields
        self.unit, self.current, self.library = unit, entry_state(entry, own), library
        self.own = tuple(f.name for f in own)
        self.controls = option_controls(home, unit)
        for control in self.controls:
            self.fields[control.field] = _control_field(control)
        others = [e.get("id") for e in document.get("entries", []) if e.get("id") != entry.get("id")]
        for field in own:
            if (made := _own_field(home, field, unit, others)) is not None:
                self.fields[field.name] = made
        self.caster = caster(library, unit, entry) if library is not None else None
        if self.caster is not None:
            self._magic_fields(self.caster, library)

    def _magic_fields(self, magic: Caster, library: Library) -> None:
        """The grimoire (one of the faction's) and the spells chosen from it. Any spell of the game is a
        valid choice here; whether the caster may take it is the check's to say."""
        if magic.picks_grimoire:
            grimoires = _choices(g.slug for g in magic.grimoires)
            self.fields[magic.grimoire_field] = forms.ChoiceField(required=False, choices=grimoires)
        self.fields[magic.spells_field] = forms.MultipleChoiceField(required=False,
                                                                    choices=[(s, s) for s in library.spells])

    def clean_was(self) -> dict:
        return _was(self.cleaned_data.get("was"), self.current)

    def clean(self) -> dict:
        data = super().clean()
        magic = self.caster
        if magic is None or magic.spells_field not in data:
            return data
        grimoire = data.get(magic.grimoire_field)
        if grimoire is not None and grimoire != self.cleaned_data.get("was", {}).get(magic.grimoire_field):
            # Another grimoire: the spells ticked were the old one's, and a caster draws on one grimoire.
            spells = self.library.grimoire(grimoire).spells if grimoire else ()
            data[magic.spells_field] = [s for s in data[magic.spells_field] if s in {spell.slug for spell in spells}]
        return data

    def changes(self) -> EntryChanges:
        was, data = self.cleaned_data["was"], self.cleaned_data
        counts = Counter(was.get("options") or {})
        fields = {k: data[k] for k in ("name", *self.own) if k in self.fields and data[k] != was.get(k)}
        groups, deltas = {}, {}
        for control in self.controls:
            if control.kind == "group":
                before = next((o.slug for o in control.members if counts[o.slug]), "")
                if (data[control.field] or "") != before:
                    groups[control.group.slug] = data[control.field] or None
            else:
                delta = _delta(control.kind, data[control.field], counts[control.option.slug])
                if delta:
                    deltas[control.option.slug] = delta
        return EntryChanges(fields=fields, groups=groups, deltas=deltas)


def _own_field(home: Game, field: OwnField, unit: Unit, others: list[str]) -> forms.Field | None:
    """The form field of one of the game's own entry fields, by the kind of control it is asked for by
    (`own_fields.CONTROLS`; the grimoire and spells are the caster's: `EntryForm._magic_fields`); None where
    the entry is not asked for it."""
    if field.control == SIZE.kind and (sizes := home.library.sizes_of(unit.details)):
        return forms.ChoiceField(choices=[(size, size) for size, _ in sizes])
    if field.control == COMBINED.kind and home.combines_units or field.control == TICKED.kind:
        return forms.BooleanField(required=False)
    if (field.control == JOINED.kind and home.heroes_join_units
            or field.control == REGIMENT.kind and home.troops_join_regiments):
        return forms.ChoiceField(required=False, choices=_choices(others))
    return None


def _delta(kind: str, posted: Any, before: int) -> int:
    """How many copies to add (or, negative, take away); a ticked box keeps copies already taken."""
    if kind == "checkbox":
        return (0 if before else 1) if posted else -before
    return int(posted or 0) - before


def _control_field(control: Control) -> forms.Field:
    if control.kind == "group":
        return forms.ChoiceField(required=False, choices=_choices(o.slug for o in control.members))
    if control.kind == "checkbox":
        return forms.BooleanField(required=False)
    return forms.IntegerField(required=False, min_value=0, max_value=MAX_COPIES)


class CommandCardsForm(forms.Form):
    was = PageStateField(required=False)
    cards = forms.MultipleChoiceField(required=False, choices=())

    def __init__(self, *args, cards: list[str], current: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.current = current
        self.fields["cards"].choices = [(c, c) for c in cards]

    def clean_was(self) -> list[str]:
        was = self.cleaned_data.get("was")
        if was in (None, ""):
            return self.current
        if not isinstance(was, list):
            raise ValidationError("The page was out of date; reload it and try again.", code="stale")
        return [str(c) for c in was]

    def changes(self) -> tuple[list[str], list[str]]:
        was, now = set(self.cleaned_data["was"]), set(self.cleaned_data["cards"])
        return sorted(now - was), sorted(was - now)
