"""Army Forge's common rules into the library (docs/faction-file.md, "Army Forge's common rules").

One file per game system holds the texts of the core rules that army books do not describe (Thrust, Bane...).
They are kept on the game's row (`GameSystem.rule_texts`), replacing the texts read before, and explained on
rosters after a book's own and before Muster's glossary. Nothing else of the game changes, so nothing needs
confirming: a list checks the same before and after.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import transaction

from armylists.boundary.errors import BadInput
from armylists.boundary.jsonfile import FACTION_FILE_BYTES, parse_json, read_json

from .importer import FactionFileError
from .models import GameSystem, data_changed


@dataclass
class RulesImport:
    game: GameSystem
    texts: list[dict[str, str]]
    replaced: list[str] = field(default_factory=list)  # names whose earlier text was different
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        said = [("Texts replaced", self.replaced), ("Rules added", self.added), ("Rules no longer in the file",
                                                                                self.removed)]
        return [f"{title}: {', '.join(names)}" for title, names in said if names]


def read_army_forge_rules(data: Any, game_slug: str, source: str) -> RulesImport:
    """Read one common-rules file for the game `game_slug`; FactionFileError naming `source` and the JSON path."""
    game = GameSystem.objects.filter(slug=game_slug).first()
    if game is None:
        raise FactionFileError(f"{source}: the game '{game_slug}' is not in the library: import a faction of it first")
    try:
        reader = game.home.army_forge_reader
        if reader is None:
            raise BadInput("", f"{game.home.system['name']} reads no Army Forge rules files")
        texts = reader.read_rules(data)
    except BadInput as error:
        raise FactionFileError(f"{source}: {error}") from None
    before = {t["name"].casefold(): t for t in game.rule_texts}
    after = {t["name"].casefold(): t for t in texts}
    return RulesImport(
        game, texts,
        replaced=[t["name"] for k, t in after.items() if k in before and before[k]["text"] != t["text"]],
        added=[t["name"] for k, t in after.items() if k not in before and before],
        removed=[t["name"] for k, t in before.items() if k not in after])


def read_army_forge_rules_file(path: str | Path, game_slug: str) -> RulesImport:
    try:
        data = read_json(path, FACTION_FILE_BYTES)
    except BadInput as error:
        raise FactionFileError(f"{path}: {error}") from None
    return read_army_forge_rules(data, game_slug, str(path))


def read_army_forge_rules_upload(raw: bytes, name: str, game_slug: str) -> RulesImport:
    try:
        data = parse_json(raw, FACTION_FILE_BYTES)
    except BadInput as error:
        raise FactionFileError(f"{name}: {error}") from None
    return read_army_forge_rules(data, game_slug, name)


@transaction.atomic
def write_rules(reading: RulesImport) -> None:
    GameSystem.objects.filter(pk=reading.game.pk).update(rule_texts=reading.texts)
    data_changed(reading.game.pk)
