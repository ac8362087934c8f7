"""The admin's forms for what a game declares fields of its own for (a unit, an option, a faction): a form
field for each of them, made from the game's declaration (`armylists/games/own_fields.py`), checked as its
faction file would check it (its schema, then its game's own checks, as an import runs them) and saved in the
row's `details`. A row whose game is not in use on this site has its shared fields alone, its own kept as they
are."""
from __future__ import annotations

import re
from typing import Annotated, Any

from django import forms
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from armylists.boundary.errors import BadInput
from armylists.boundary.messages import bad_input, faults
from armylists.games.base import Game
from armylists.games.own_fields import OwnField, option_schema, unit_schema
from armylists.games.registry import game_home, games
from armylists.games.schema import FactionIn, OptionIn, UnitIn, drop_empty

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


def in_use(game: str) -> Game | None:
    """The home of `game`, None where it is not in use on this site (a row left by a game taken out of
    `MUSTER_GAMES`, or a slug no game has)."""
    return game_home(game) if game in games() else None


class DetailsForm(forms.ModelForm):
    """A row with its game's own fields as form fields, after the fields every game's row has."""

    # None: the row's game is not in use here (or not known yet, for an option of a unit being added): its own
    # fields are kept as they are and its shared ones checked as every game's.
    home: Game | None = None
    own_fields: tuple[OwnField, ...] = ()
    schema: type[BaseModel]  # the file's model of such a row, in its game
    # The schema's fields the admin edits elsewhere (a faction's units, on their own pages), as the whole check
    # is given them.
    apart: dict[str, Any] = {}
    # Where the row stands in the one-faction file its game's checks are given: taken off the paths they name.
    at = ""

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
                self._fault(bad_input(error, (field.name,)))
        details = TypeAdapter(dict).dump_python(details, mode="json", exclude_none=True)  # as `details_of` keeps them
        row = None if self.errors else self._check_whole(cleaned, details)
        if row is not None and self.home is not None:
            try:
                self.check_in_library(self.home, row)
            except BadInput as error:
                self._fault(BadInput(error.path.removeprefix(f"{self.at}."), error.message))
        if self.home is not None:
            self.instance.details = details
        return cleaned

    def _check_whole(self, cleaned: dict[str, Any], details: dict[str, Any]) -> BaseModel | None:
        """The row as its faction file would have it (every shared field the schema declares, as an export
        writes it), checked by the schema's rules across fields (a Diskwars hero needs its recruitment points);
        None where it fails."""
        shared = {name: cleaned.get(name) for name in self._meta.fields if name in self.schema.model_fields}
        try:
            return self.schema.model_validate(drop_empty(shared) | details | self.apart)
        except ValidationError as error:
            for fault in faults(error):
                self._fault(fault)
            return None

    def check_in_library(self, home: Game, row: BaseModel) -> None:
        """The validated row beyond its schema, as its game checks it in a faction file and against the library
        (`Files.check_unit`, `check_file`, `check_against_library`); BadInput at the first fault."""

    def _fault(self, fault: BadInput) -> None:
        """A fault under the form field it is in (else the form's), saying its path as an import would
        (sizes[0].points: is required)."""
        root = re.split(r"[.\[]", fault.path, maxsplit=1)[0]
        field = next((name for name in (PREFIX + root, root) if root and name in self.fields), None)
        self.add_error(field, str(fault))


def _valid(schema: type[BaseModel], document: dict[str, Any]) -> BaseModel | None:
    """A library row as its file's schema takes it; None for one its file would refuse whatever the form being
    saved holds (a unit whose own fields are not filled in yet): the checks pass it over."""
    try:
        return schema.model_validate(document)
    except ValidationError:
        return None


def _units_filed(units: Any, schema: type[BaseModel]) -> list[BaseModel]:
    """Library units as their faction file has them (each its own fields besides its slug and name)."""
    return [u for u in (_valid(schema, {"slug": unit.slug, "name": unit.name, **unit.details}) for unit in units)
            if u is not None]


class UnitDetailsForm(DetailsForm):
    """A unit with its game's own fields (the game is its faction's)."""

    schema = UnitIn
    at = "factions[0].units[0]"

    class Meta:
        model = Unit
        fields = ["faction", "slug", "name", "position", "rules", "stats", "notes"]  # every game's unit has them

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.faction_id:  # it moves to a faction of its game only: its own fields are that game's
            self.fields["faction"].queryset = Faction.objects.filter(game=self.instance.faction.game_id)

    def check_in_library(self, home: Game, row: BaseModel) -> None:
        """As its faction's file (with its faction's other units) and the game's grimoires check it: a size
        once, another unit it copies, a spell it knows."""
        faction = self.cleaned_data["faction"]
        units = {u.slug: u for u in _units_filed(faction.units.exclude(pk=self.instance.pk), self.schema)}
        home.files.check_unit(row, self.at, units | {row.slug: row})
        filed = home.faction_schema.model_construct(slug=faction.slug, name=faction.name, units=[row])
        home.files.check_against_library([filed], {}, faction.game.details, {})


class OptionDetailsForm(DetailsForm):
    """An option with its game's own fields (the game is its unit's faction's). Without them (a unit being
    added has no game yet) it is checked as every game's option."""

    schema = OptionIn

    class Meta:
        model = Option
        fields = ["slug", "name", "cost", "group", "position"]  # every game's option has them


class FactionDetailsForm(DetailsForm):
    """A faction with its game's own fields (its alignment, its command cards...). Its game is read-only: its
    units, its own fields and the lists of it are that game's."""

    schema = FactionIn
    apart = {"units": []}  # on the units' own pages
    at = "factions[0]"

    class Meta:
        model = Faction
        fields = ["game", "slug", "name", "version", "rule_texts"]  # every game's faction has them

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Disabled rather than left out, so that its slug is still checked unique in its game.
        self.fields["game"].disabled = True

    def check_in_library(self, home: Game, row: BaseModel) -> None:
        """As a file of it alone checks it, and against the game's other factions and grimoires, as an import
        of that file would (`factions/importer.py`): its command cards' slugs, its grimoires."""
        game = self.instance.game
        home.files.check_file([row], {})
        others = game.factions.exclude(pk=self.instance.pk)
        home.files.check_against_library([row], {}, game.details, dict(others.values_list("slug", "details")))


class GameDetailsForm(forms.ModelForm):
    """A game system, with its own top-level fields of its faction files (Dulce Bellum's grimoires) as JSON,
    checked as its faction files check them and kept as they write them. Its slug is its package's, and read-only
    once made: its factions and lists name it."""

    class Meta:
        model = GameSystem
        fields = ["slug", "name", "version", "source", "params", "position", "details"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["slug"].disabled = True
            if in_use(self.instance.slug) is None:
                self.fields["details"].disabled = True
                self.fields["details"].help_text = "Its game is not in use on this site: kept as they are."

    def clean_slug(self) -> str:
        slug = self.cleaned_data["slug"]
        if not self.instance.pk and in_use(slug) is None:
            raise forms.ValidationError("no game with that slug is in use on this site (the MUSTER_GAMES setting)")
        return slug

    def clean_details(self) -> dict[str, Any]:
        details = self.cleaned_data.get("details") or {}
        home = in_use(self.instance.slug or self.cleaned_data.get("slug", ""))
        if home is None or self.fields["details"].disabled:
            return details  # kept as they are, or refused with the slug
        if not isinstance(details, dict):
            raise forms.ValidationError("must be an object: each field by its name in the faction file")
        if extra := sorted(set(details) - set(home.faction_file_fields)):
            raise forms.ValidationError(f"{extra[0]}: is not a field of this game's faction files")
        tops, kept = {}, {}
        for name, kind in home.faction_file_fields.items():
            if name not in details:
                continue
            checker = TypeAdapter(kind)
            try:
                tops[name] = checker.validate_python(details[name])
            except ValidationError as error:
                raise forms.ValidationError(str(bad_input(error, (name,)))) from None
            kept[name] = checker.dump_python(tops[name], mode="json", exclude_defaults=True)
        self._check_in_library(home, tops, kept)
        return kept

    def _check_in_library(self, home: Game, tops: dict[str, Any], kept: dict[str, Any]) -> None:
        """As a file of them alone checks them (a grimoire's slug once, a spell's), and as the game's factions
        check what they name against them (a grimoire a faction draws on, a spell a unit knows, not removed)."""
        factions = []
        for faction in self.instance.factions.prefetch_related("units") if self.instance.pk else ():
            filed = _valid(home.faction_schema, {"slug": faction.slug, "name": faction.name, **faction.details,
                                                 "units": []})
            if filed is not None:
                units = _units_filed(faction.units.all(), unit_schema(home.faction_schema))
                factions.append(filed.model_copy(update={"units": units}))
        try:
            home.files.check_file([], tops)
            home.files.check_against_library(factions, {}, kept, {})
        except BadInput as error:
            raise forms.ValidationError(f"{_in_library(error.path, factions)}: {error.message}") from None


def _in_library(path: str, factions: list[Any]) -> str:
    """A path into the game's factions as checked, said by their slugs: a faction and a unit of the library are
    no file's (faction 'elves', unit 'mage': spellcaster)."""
    match = re.match(r"factions\[(\d+)\]\.(?:units\[(\d+)\]\.)?", path)
    if match is None:
        return path
    faction = factions[int(match[1])]
    unit = f", unit '{faction.units[int(match[2])].slug}'" if match[2] else ""
    return f"faction '{faction.slug}'{unit}: {path[match.end():]}"


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


def details_form(base: type[DetailsForm], home: Game, own_fields: tuple[OwnField, ...], schema: type[BaseModel]
                 ) -> type[DetailsForm]:
    """`base` with a form field for each of `own_fields` of `home`'s, checked by `schema` and by `home`."""
    declared = {PREFIX + f.name: form_field(f) for f in own_fields}
    return type(base.__name__.replace("Details", ""), (base,),
                {**declared, "home": home, "own_fields": own_fields, "schema": schema})


def form_for(game: str) -> type[DetailsForm]:
    """The unit form of `game`: its own fields after the shared ones (the shared ones alone, out of use)."""
    home = in_use(game)
    return details_form(UnitDetailsForm, home, home.files.unit_fields, unit_schema(home.faction_schema)) if home \
        else UnitDetailsForm


def option_form_for(game: str) -> type[DetailsForm]:
    """The option form of `game` (a row of a unit's options): its own fields after the shared ones."""
    home = in_use(game)
    return details_form(OptionDetailsForm, home, home.files.option_fields, option_schema(home.faction_schema)) if home \
        else OptionDetailsForm


def faction_form_for(game: str) -> type[DetailsForm]:
    """The faction form of `game`: its own fields after the shared ones."""
    home = in_use(game)
    return details_form(FactionDetailsForm, home, home.files.faction_fields, home.faction_schema) if home \
        else FactionDetailsForm
