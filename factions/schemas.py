"""The faction file (`armylists/factions@1`) as pydantic models.

The game is read first and the file validated against that game's models, so
an error's location is a plain JSON path (factions[0].units[3].cost).
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    model_validator,
)

from armylists.checking.boundary import BadInput, bad_input, read_game

FORMAT = "armylists/factions@1"
GAMES = ("aof-regiments", "aof-skirmish", "battleground", "diskwars", "dulce-bellum")

Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9-]+$")]
Name = Annotated[str, StringConstraints(min_length=1)]


def _whole_number(minimum: int):
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise ValueError(f"must be an integer ≥ {minimum}")
        return value

    return BeforeValidator(check)


Count = Annotated[int, _whole_number(0)]
AtLeastOne = Annotated[int, _whole_number(1)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class OptionGroupIn(Strict):
    slug: Slug
    name: Name
    min: Count = 0
    max: Count = 1


class OptionIn(Strict):
    slug: Slug
    name: Name
    cost: int = 0
    group: Slug | None = None


class OprOptionIn(OptionIn):
    scope: Literal["all_models", "model", "unit"] = "unit"
    command: Literal["sergeant", "musician", "banner"] | None = None


class UnitIn(Strict):
    slug: Slug
    name: Name
    rules: list[str] = []
    stats: dict[str, Any] = {}
    options: list[OptionIn] = []
    option_groups: list[OptionGroupIn] = []
    notes: str | None = None


class OprUnitIn(UnitIn):
    options: list[OprOptionIn] = []
    cost: Count
    models: AtLeastOne
    hero: bool = False


class BattlegroundUnitIn(UnitIn):
    cost: Count
    class_: Literal["core", "standard", "elite"] = Field(alias="class")
    mercenary: bool = False
    keywords: list[str] = []

    model_config = ConfigDict(populate_by_name=True)


class DiskwarsUnitIn(UnitIn):
    kind: Literal["hero", "troop"]
    size: Literal["small", "medium", "large"]
    race: str | None = None
    unique: bool = False
    elite: Count = 0
    recruitment_points: Count | None = None
    command_value: Count | None = None
    recruitment_cost: Count | None = None

    @model_validator(mode="after")
    def _kind_fields(self):
        needed = ("recruitment_points", "command_value") if self.kind == "hero" else ("recruitment_cost",)
        for name in needed:
            if getattr(self, name) is None:
                raise ValueError(f"a {self.kind} needs {name}")
        return self


class SizeIn(Strict):
    size: Literal["single", "squad", "platoon", "company", "horde"]
    points: Count
    morale: Count | None = None


class DulceBellumUnitIn(UnitIn):
    rarity: Literal["common", "irregular", "uncommon", "rare"]
    limit: AtLeastOne | None = None
    sizes: Annotated[list[SizeIn], Field(min_length=1)]
    type: str | None = None
    spellcaster: Count | None = None


class CommandCardIn(Strict):
    slug: Slug
    title: Name
    alignment_only: Literal["order", "destruction"] | None = None


class FactionIn(Strict):
    slug: Slug
    name: Name
    version: str | None = None
    units: list[UnitIn]


class OprFactionIn(FactionIn):
    units: list[OprUnitIn]


class BattlegroundFactionIn(FactionIn):
    units: list[BattlegroundUnitIn]


class DulceBellumFactionIn(FactionIn):
    units: list[DulceBellumUnitIn]


class DiskwarsFactionIn(FactionIn):
    units: list[DiskwarsUnitIn]
    alignment: Literal["order", "destruction"]
    command_cards: list[CommandCardIn] = []


FACTION_MODELS: dict[str, type[FactionIn]] = {
    "aof-regiments": OprFactionIn,
    "aof-skirmish": OprFactionIn,
    "battleground": BattlegroundFactionIn,
    "diskwars": DiskwarsFactionIn,
    "dulce-bellum": DulceBellumFactionIn,
}


class FactionFile(BaseModel):
    game: str
    factions: list[FactionIn]


def parse_faction_file(data: Any) -> FactionFile:
    """Validate a whole faction file; raise BadInput naming the first fault's JSON path."""
    game = read_game(data, FORMAT, GAMES, "faction file")
    if not isinstance(data.get("factions"), list):
        raise BadInput("factions", "must be a list")
    model = FACTION_MODELS[game]
    factions = []
    for i, raw in enumerate(data["factions"]):
        try:
            factions.append(model.model_validate(raw))
        except ValidationError as error:
            raise bad_input(error, ("factions", i)) from None
    parsed = FactionFile(game=game, factions=factions)
    _check_references(parsed)
    extra = sorted(set(data) - {"format", "game", "factions"})
    if extra:
        raise BadInput(extra[0], "is not a field of this format")
    return parsed


def _first_duplicate(slugs: list[str]) -> int | None:
    seen: set[str] = set()
    for i, slug in enumerate(slugs):
        if slug in seen:
            return i
        seen.add(slug)
    return None


def _check_references(parsed: FactionFile) -> None:
    """Slugs are unique where the format says so, and option groups exist."""
    if (i := _first_duplicate([f.slug for f in parsed.factions])) is not None:
        raise BadInput(f"factions[{i}].slug", f"'{parsed.factions[i].slug}' is used twice in this game")
    for fi, faction in enumerate(parsed.factions):
        if (ui := _first_duplicate([u.slug for u in faction.units])) is not None:
            raise BadInput(f"factions[{fi}].units[{ui}].slug", f"'{faction.units[ui].slug}' is used twice in this faction")
        for ui, unit in enumerate(faction.units):
            here = f"factions[{fi}].units[{ui}]"
            if (oi := _first_duplicate([o.slug for o in unit.options])) is not None:
                raise BadInput(f"{here}.options[{oi}].slug", f"'{unit.options[oi].slug}' is used twice in this unit")
            groups = {g.slug for g in unit.option_groups}
            for oi, option in enumerate(unit.options):
                if option.group and option.group not in groups:
                    raise BadInput(f"{here}.options[{oi}].group", f"no option group '{option.group}' in this unit")
            if isinstance(unit, DulceBellumUnitIn):
                if (si := _first_duplicate([s.size for s in unit.sizes])) is not None:
                    raise BadInput(f"{here}.sizes[{si}].size", f"'{unit.sizes[si].size}' is listed twice")
        cards = getattr(faction, "command_cards", [])
        if (ci := _first_duplicate([c.slug for c in cards])) is not None:
            raise BadInput(f"factions[{fi}].command_cards[{ci}].slug", f"'{cards[ci].slug}' is used twice in this faction")
