"""The game library: game systems, factions, unit cards and their options.

This is content, kept apart from players' lists: lists refer to it by slug,
exactly as the list file does, so re-importing a faction never breaks a list
whose units still exist.
"""
from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Iterable

from django.db import models
from django.urls import reverse

from armylists.games.base import Game
from armylists.games.registry import game_home
from armylists.games.schema import SAMPLE_TAG, is_sample
from armylists.rules import params_for

# As the faction file bounds them (docs/faction-file.md, "Bounds": slugs [a-z0-9-]{1,64}, names at most 200 characters).
SLUG_MAX = 64
NAME_MAX = 200


def declared_choices(column: str) -> list[tuple[str, str]]:
    """Asked by no column now: the words of a game the library once kept in columns of their own (an option's
    scope, a faction's alignment) are its declared own fields', which offer their schema's values
    (`OwnField.choices`; docs/architecture.md, "A game is one package"). Migrations 0005 to 0010 still name it,
    as the choices of the columns they made, so it stays, offering none."""
    return []


class GameSystem(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=120)
    version = models.CharField(max_length=40, blank=True)
    source = models.CharField(max_length=200, blank=True, help_text="The rulebook these numbers come from.")
    params = models.JSONField(
        default=dict,
        help_text="The numbers the construction rules use (hero per N points, 35%, unlock tables...).",
    )
    position = models.PositiveSmallIntegerField(default=0)
    # The game's own top-level fields of its faction files (`Game.faction_file_fields`: Dulce Bellum's grimoires
    # with their spells), as the files name them; an import replaces an item (a grimoire) by its slug.
    details = models.JSONField(default=dict, blank=True,
                               help_text="The game's own fields of its faction files, as they name them.")
    # Army Forge's common rules of the game's system in their own words ({"name", "text"}: the core rules army
    # books do not describe), explained on rosters after a book's own (docs/faction-file.md, "Army Forge's common
    # rules").
    rule_texts = models.JSONField(default=list, blank=True, editable=False)
    # A new value whenever the game's factions, units, options or own fields change
    # (`data_changed`): the check keeps each game's unit data in memory under it.
    data_version = models.UUIDField(default=uuid.uuid4, editable=False)

    class Meta:
        ordering = ["position", "name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("factions:game-detail", args=[self.slug])

    @property
    def home(self) -> Game:
        """Its game's home (`armylists.games`), resolved from the game row a view or a command has loaded:
        callers hand this on rather than look the game up again by slug."""
        return game_home(self.slug)


def data_changed(*game_ids: int) -> None:
    """Say that these games' unit data changed, so every process reloads it on its next check.

    Called explicitly by whatever writes game data: the importer and the
    admin. Code that edits units some other way (a shell, a data migration)
    calls it too.
    """
    GameSystem.objects.filter(pk__in=game_ids).update(data_version=uuid.uuid4())


class Faction(models.Model):
    game = models.ForeignKey(GameSystem, on_delete=models.CASCADE, related_name="factions")
    slug = models.SlugField(max_length=SLUG_MAX)
    name = models.CharField(max_length=NAME_MAX)
    version = models.CharField(max_length=NAME_MAX, blank=True)
    # The fields its game declares for its factions (a Diskwars faction's alignment and command cards, an OPR
    # faction's spells and Army Forge book), as its faction file names them (docs/architecture.md, "A game is one
    # package").
    details = models.JSONField(default=dict, blank=True,
                               help_text="The fields its game declares for its factions, as its file names them.")
    # Any game: the special rules' own words, as the faction's book gives them ({"name", "text"}; an Army Forge
    # book's descriptions), printed once on a roster before Muster's own glossary.
    rule_texts = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["game", "name"]
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="faction_slug_unique_in_game")]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("factions:faction-detail", args=[self.game.slug, self.slug])

    @property
    def army_forge_book(self):
        """Where it was read from, if from an Army Forge book (its uid, version, game system); else None."""
        reader = self.game.home.army_forge_reader
        return reader.book_of(self.details) if reader else None

    @property
    def label(self) -> str:
        """Its name as offered or named beside its game's other factions: a name two of them share is told
        apart by where each came from ("Human Empire (Army Forge 3.5.2)", "Human Empire (sample)")."""
        if "_label" not in self.__dict__:
            same = Faction.objects.filter(game_id=self.game_id, name=self.name).select_related("game")
            self._label = faction_labels(same)[self.pk]
        return self._label


def faction_labels(factions: Iterable[Faction]) -> dict[int, str]:
    """The `label` of each of `factions` (one game's, or all of them), by id: its name, and where another
    faction of its game has the same name, where it came from. One query, only when two names meet."""
    factions = list(factions)
    names = Counter((f.game_id, f.name) for f in factions)
    shared = [f for f in factions if names[f.game_id, f.name] > 1]
    labels = {f.pk: f.name for f in factions}
    if not shared:
        return labels
    sample = set(Unit.objects.filter(faction__in=shared, notes__startswith=SAMPLE_TAG)
                 .values_list("faction_id", flat=True))
    for f in shared:
        labels[f.pk] = f"{f.name} ({_source(f, f.pk in sample)})"
    counts, seen = Counter(labels[f.pk] for f in shared), Counter()
    for f in shared:  # still alike (two books of one version): numbered, in the order given
        key = labels[f.pk]
        if counts[key] > 1:
            seen[key] += 1
            labels[f.pk] = f"{key[:-1]}, {seen[key]})"
    return labels


def labelled(factions: Iterable[Faction]) -> list[Faction]:
    """The factions, each knowing its `label` (one query for them all, not one each)."""
    factions = list(factions)
    labels = faction_labels(factions)
    for faction in factions:
        faction._label = labels[faction.pk]
    return factions


def _source(faction: Faction, sample: bool) -> str:
    """Where a faction came from, in words: an Army Forge book and its version, the demo's sample data, or the
    version its faction file gives."""
    book = faction.army_forge_book
    if book:
        return f"Army Forge {book['version']}" if book.get("version") else "Army Forge"
    if sample:
        return "sample"
    return f"version {faction.version}" if faction.version else "no version given"


class Unit(models.Model):
    """One unit card: what every game's unit has, and `details`, the fields its game declares.

    A game declares its units' own fields once, in its faction file's unit schema
    (`armylists/games/own_fields.py`); they are kept here as the file names
    them, so a game whose units need a new field needs no new column.
    """

    faction = models.ForeignKey(Faction, on_delete=models.CASCADE, related_name="units")
    slug = models.SlugField(max_length=SLUG_MAX)
    name = models.CharField(max_length=NAME_MAX)
    position = models.PositiveIntegerField(default=0)
    rules = models.JSONField(default=list, blank=True)
    stats = models.JSONField(default=dict, blank=True)
    notes = models.TextField(blank=True)
    details = models.JSONField(default=dict, blank=True,
                               help_text="The fields its game declares for its units, as its faction file names them.")

    class Meta:
        ordering = ["faction", "position", "name"]
        constraints = [models.UniqueConstraint(fields=["faction", "slug"], name="unit_slug_unique_in_faction")]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse(
            "factions:unit-detail", args=[self.faction.game.slug, self.faction.slug, self.slug]
        )

    @property
    def price(self) -> str:
        """What it costs, as its game shows it (its sizes' points, where it has sizes)."""
        return self.faction.game.home.builder.unit_price(self.details)

    @property
    def size_rows(self) -> list[dict]:
        """Its sizes as its card tables them (label, morale, points), where its game has sizes."""
        return self.faction.game.home.library.size_rows(self.details)

    @property
    def weapons_text(self) -> str:
        """Its weapons as its game's card prints them; "" where its game lists none."""
        return self.faction.game.home.library.weapons_line(self.details)

    @property
    def is_sample(self) -> bool:
        """Made up for the demo, as its data note says; players see a "Sample" badge, never the note."""
        return is_sample(self.notes)


class OptionGroup(models.Model):
    unit = models.ForeignKey(Unit, on_delete=models.CASCADE, related_name="option_groups")
    slug = models.SlugField(max_length=SLUG_MAX)
    name = models.CharField(max_length=NAME_MAX)
    min = models.PositiveSmallIntegerField(default=0)
    max = models.PositiveSmallIntegerField(default=1)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["unit", "position"]
        constraints = [models.UniqueConstraint(fields=["unit", "slug"], name="option_group_slug_unique_in_unit")]

    def __str__(self) -> str:
        return self.name


class Option(models.Model):
    """One option of a unit: what every game's option has, and `details`, the fields its game declares for its
    options (an OPR option's `scope`, `weapons`...), kept as the faction file names them, like a unit's."""

    unit = models.ForeignKey(Unit, on_delete=models.CASCADE, related_name="options")
    slug = models.SlugField(max_length=SLUG_MAX)
    name = models.CharField(max_length=NAME_MAX)
    cost = models.IntegerField(default=0)
    group = models.SlugField(max_length=SLUG_MAX, blank=True, help_text="Slug of one of the unit's option groups.")
    details = models.JSONField(default=dict, blank=True,
                               help_text="The fields its game declares for its options, as its faction file names "
                                         "them.")
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["unit", "position"]
        constraints = [models.UniqueConstraint(fields=["unit", "slug"], name="option_slug_unique_in_unit")]

    def __str__(self) -> str:
        return self.name


def game_params(game: GameSystem, overrides: dict | None = None):
    """The typed numbers the rules engine uses for `game`, with any overrides on top."""
    return params_for(game.home.rules, game.params, overrides)
