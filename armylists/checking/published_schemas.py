"""JSON Schemas of the two file formats, generated from the pydantic models that read them.

`manage.py write_schemas` writes them to docs/schemas/, where editors and other
tools can validate files against them; a test fails when they are out of date.
A schema says what a file must look like; what it names (units, options,
grimoires) and the rules of the game are the check's business, not the schema's.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import ConfigDict, create_model
from pydantic.json_schema import models_json_schema

from armylists.games.registry import homes
from factions.schemas import FORMAT as FACTIONS_FORMAT

from .listfile import FORMAT as LIST_FORMAT

SCHEMAS = Path(__file__).resolve().parents[2] / "docs" / "schemas"
DIALECT = "https://json-schema.org/draft/2020-12/schema"


def _one_of_the_games(title: str, description: str, models: dict[str, type]) -> dict[str, Any]:
    """One schema for every game: each game's model, told apart by the `game` it names."""
    refs, schema = models_json_schema([(m, "validation") for m in models.values()],
                                      ref_template="#/$defs/{model}")
    for slug, model in models.items():
        definition = schema["$defs"][refs[(model, "validation")]["$ref"].split("/")[-1]]
        definition["properties"]["game"] = {"const": slug, "title": "Game"}
    return {"$schema": DIALECT, "title": title, "description": description,
            "oneOf": [refs[(m, "validation")] for m in models.values()], "$defs": schema["$defs"]}


def list_file_schema() -> dict[str, Any]:
    return _one_of_the_games(
        f"Muster list file ({LIST_FORMAT})",
        "One army list. See docs/list-file.md; the file must also be at most 1,000,000 bytes of UTF-8 "
        "and nest at most 20 levels deep.",
        {home.slug: home.list_schema for home in homes()})


def _faction_file_model(home) -> type:
    fields: dict[str, Any] = {"format": (Literal[FACTIONS_FORMAT], ...), "game": (Literal[home.slug], ...),
                              "factions": (list[home.faction_schema], ...)}
    fields |= {name: (kind, []) for name, kind in home.faction_file_fields.items()}
    name = "".join(part.title() for part in home.slug.split("-")) + "FactionFile"
    return create_model(name, __config__=ConfigDict(extra="forbid", strict=True), **fields)


def faction_file_schema() -> dict[str, Any]:
    return _one_of_the_games(
        f"Muster faction file ({FACTIONS_FORMAT})",
        "One game's factions and their units. See docs/faction-file.md; slugs must also be unique where "
        "that page says, and the file at most 10,000,000 bytes of UTF-8 nesting at most 20 levels deep.",
        {home.slug: _faction_file_model(home) for home in homes()})


def published() -> dict[str, dict[str, Any]]:
    """File name in docs/schemas/ -> its schema."""
    return {"list-file.schema.json": list_file_schema(), "faction-file.schema.json": faction_file_schema()}
