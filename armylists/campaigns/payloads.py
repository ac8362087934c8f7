"""The boundary of every campaign action: pydantic models with bounds, one per kind of action.

Pages and the campaign file both hand actions in as JSON data; `parse_action`
checks the data's shape and size and builds the rules engine's action, or
raises `BadInput` naming the JSON path at fault. Whether the action is allowed
is the rules engine's question, not this module's.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from armylists.boundary.errors import BadInput
from armylists.boundary.messages import bad_input, json_path
from armylists.rules.campaign.actions import Action
from armylists.rules.campaign.data import action_from_data

Key = Annotated[str, StringConstraints(pattern=r"^[a-z][0-9]{1,6}$")]
Name = Annotated[str, StringConstraints(min_length=1, max_length=120)]
Slug = Annotated[str, StringConstraints(min_length=1, max_length=200)]
Reason = Annotated[str, StringConstraints(min_length=1, max_length=300)]
Count = Annotated[int, Field(ge=0, le=50)]
Points = Annotated[int, Field(ge=-100_000, le=100_000)]

MAX_UNITS = 200
MAX_ARMIES = 20


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class OfferIn(Strict):
    slug: Slug
    name: Name
    price: Annotated[int, Field(ge=-10_000, le=10_000)]
    group: Slug | None = None


class GroupIn(Strict):
    slug: Slug
    max: Annotated[int, Field(ge=0, le=50)]


class UnitSpecIn(Strict):
    unit: Slug
    faction: Slug
    unit_name: Name
    base: Annotated[int, Field(ge=0, le=100_000)]
    hero: bool = False
    offers: Annotated[list[OfferIn], Field(max_length=100)] = []
    groups: Annotated[list[GroupIn], Field(max_length=50)] = []


class NewUnitIn(Strict):
    name: Name
    spec: UnitSpecIn
    upgrades: Annotated[list[Slug], Field(max_length=100)] = []


class SetLengthIn(Strict):
    pass


class StartArmyIn(Strict):
    army: Key
    owner: Annotated[str, StringConstraints(min_length=1, max_length=150)]
    name: Name
    faction: Slug
    units: Annotated[list[NewUnitIn], Field(max_length=MAX_UNITS)]


class RenameUnitIn(Strict):
    army: Key
    unit: Key
    name: Name


class SetNotesIn(Strict):
    army: Key
    unit: Key
    notes: Annotated[str, StringConstraints(max_length=2000)]


class FieldedIn(Strict):
    army: Key
    units: Annotated[list[Key], Field(min_length=1, max_length=MAX_UNITS)]


class StartMissionIn(Strict):
    fielded: Annotated[list[FieldedIn], Field(min_length=2, max_length=MAX_ARMIES)]


class UnitXpIn(Strict):
    unit: Key
    xp: Count


class ArmyCountIn(Strict):
    army: Key
    count: Count


Mission = Annotated[int, Field(ge=1, le=10_000)]


class RandomEventIn(Strict):
    mission: Mission
    army: Key | None = None
    units: Annotated[list[Key], Field(max_length=MAX_UNITS)] = []
    achieved: bool = True
    destroyed: Annotated[list[ArmyCountIn], Field(max_length=MAX_ARMIES)] = []
    split: Annotated[list[UnitXpIn], Field(max_length=MAX_UNITS)] = []


class RecordResultIn(Strict):
    mission: Mission
    winner: Key
    conceded: Annotated[list[Key], Field(max_length=MAX_ARMIES)] = []


class UnitResultIn(Strict):
    unit: Key
    casualty: bool = False
    killed_units: Count = 0
    killed_heroes: Count = 0
    killed_heroes_and_units: Count = 0


class PostBattleIn(Strict):
    mission: Mission
    army: Key
    objective_completed: bool = False
    results: Annotated[list[UnitResultIn], Field(max_length=MAX_UNITS)] = []


class UpgradeIn(Strict):
    army: Key
    unit: Key
    upgrade: Slug


class RecruitIn(Strict):
    army: Key
    unit: NewUnitIn
    veteran: bool = False


class DisbandUnitIn(Strict):
    army: Key
    unit: Key


class DisbandArmyIn(Strict):
    army: Key


class AdjustIn(Strict):
    army: Key
    reason: Reason
    unit: Key | None = None
    points: Points = 0
    vp: Annotated[int, Field(ge=-100, le=100)] = 0
    xp: Annotated[int, Field(ge=-1000, le=1000)] = 0


Keys = Annotated[list[Slug], Field(max_length=20)]


class SetTraitsIn(Strict):
    army: Key
    unit: Key
    reason: Reason
    traits: Keys = []
    skill_sets: Keys = []
    skills: Keys = []
    injuries: Keys = []
    talents: Keys = []


class SetStatusIn(Strict):
    army: Key
    unit: Key
    reason: Reason
    status: Literal["active", "dead", "disbanded"] = "active"
    sitting_out: Annotated[int, Field(ge=0, le=20)] = 0


class AddUnitIn(Strict):
    army: Key
    unit: NewUnitIn


PAYLOADS: dict[str, type[Strict]] = {
    "set-length": SetLengthIn, "start-army": StartArmyIn, "rename-unit": RenameUnitIn, "set-notes": SetNotesIn,
    "start-mission": StartMissionIn, "random-event": RandomEventIn, "record-result": RecordResultIn,
    "post-battle": PostBattleIn, "buy-upgrade": UpgradeIn, "sell-upgrade": UpgradeIn, "recruit": RecruitIn,
    "disband-unit": DisbandUnitIn, "disband-army": DisbandArmyIn, "adjust": AdjustIn, "set-traits": SetTraitsIn,
    "set-status": SetStatusIn, "add-unit": AddUnitIn,
}

RollKey = Annotated[str, StringConstraints(min_length=1, max_length=100)]
Rolls = Annotated[dict[RollKey, Annotated[list[Annotated[int, Field(ge=1, le=6)]], Field(max_length=100)]],
                  Field(max_length=1000)]
Picks = Annotated[dict[RollKey, Annotated[str, StringConstraints(min_length=1, max_length=60)]],
                  Field(max_length=1000)]


def parse_action(kind: str, data: Any, where: tuple[int | str, ...] = ()) -> Action:
    """The engine's action for `kind` from JSON data; BadInput names the first fault, its JSON path
    starting with `where` (e.g. ("actions", 3, "data") in a campaign file)."""
    model = PAYLOADS.get(kind)
    if model is None:
        raise BadInput(json_path(where[:-1] + ("kind",)), f"no kind of action {kind!r}")
    try:
        parsed = model.model_validate(data)
    except ValidationError as error:
        raise bad_input(error, where) from None
    return action_from_data(kind, parsed.model_dump(exclude_defaults=True))
