"""The campaign file, `armylists/campaign@1`: the campaign, its members and its whole log, in order.

An army's starting roster is its `start-army` action; everything since is the
actions after it. Every action carries the dice it used and the choices made,
so importing the file replays exactly the same campaign. docs/campaigns.md
describes the format; docs/schemas/campaign.schema.json is generated from
these models (`schema_text`).
"""
from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from armylists.boundary.errors import BadInput
from armylists.boundary.messages import bad_input
from armylists.boundary.text import line

from .payloads import PAYLOADS, Picks, Rolls

FORMAT = "armylists/campaign@1"
MAX_ACTIONS = 50_000
MAX_MEMBERS = 500
MAX_FILE_BYTES = 20_000_000

Username = line(150, min_length=1)
HouseNumber = Annotated[int, Field(ge=0, le=100_000)]
CampaignSlug = line(60, pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
CampaignName = line(120, min_length=1)
GameName = line(50, min_length=1)
OverrideName = line(40)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ActionBase(Strict):
    actor: Username
    at: Annotated[datetime, Field(strict=False)]
    rolls: Rolls = {}
    choices: Picks = {}


def _action_model(kind: str, payload: type[BaseModel]) -> type[ActionBase]:
    name = "".join(part.title() for part in kind.split("-")) + "Action"
    return create_model(name, __base__=ActionBase, kind=(Literal[kind], ...), data=(payload, ...))


ActionIn = Annotated[Union[tuple(_action_model(k, p) for k, p in PAYLOADS.items())],  # noqa: UP007
                     Field(discriminator="kind")]


class CampaignFile(Strict):
    """A whole campaign. Members are matched by username when it is imported."""

    format: Literal["armylists/campaign@1"]
    slug: CampaignSlug
    name: CampaignName
    game: GameName
    kind: Literal["game-limited", "point-limited", "time-limited", "endless"]
    parallel_play: bool = False
    late_joiners: bool = False
    permadeath: bool = True
    overrides: Annotated[dict[OverrideName, HouseNumber], Field(max_length=40)] = {}
    game_master: Username
    members: Annotated[list[Username], Field(min_length=1, max_length=MAX_MEMBERS)]
    actions: Annotated[list[ActionIn], Field(max_length=MAX_ACTIONS)]


_KIND_TAG = re.compile(r"^(actions\[\d+\])\.(?:" + "|".join(map(re.escape, PAYLOADS)) + r")(?=\.|$)")


def parse_campaign_file(data: Any) -> CampaignFile:
    """Validate a campaign file; BadInput names the first fault by its JSON path."""
    if not isinstance(data, dict):
        raise BadInput("", "a campaign file must be a JSON object")
    if data.get("format") != FORMAT:
        raise BadInput("format", f'must be "{FORMAT}"')
    try:
        parsed = CampaignFile.model_validate(data)
    except ValidationError as error:
        fault = bad_input(error)
        # pydantic names the action's kind in the location ("actions[3].recruit.data"); a path does not.
        raise BadInput(_KIND_TAG.sub(r"\1", fault.path), fault.message) from None
    if len(set(parsed.members)) != len(parsed.members):
        raise BadInput("members", "a member is listed twice")
    if parsed.game_master not in parsed.members:
        raise BadInput("game_master", "the game master must be one of the members")
    return parsed


def schema() -> dict:
    document = CampaignFile.model_json_schema()
    document["title"] = FORMAT
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **document}


def schema_text() -> str:
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
