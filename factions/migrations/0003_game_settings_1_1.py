"""The game settings that formats 1.1 adds, from data/game_systems.json.

Only settings a game system does not have yet are added, so a number an
administrator has already changed keeps its value. New settings:
`joined_hero_in_unit_cost` and `default_mixed_armies` (AoF Regiments and
Skirmish), `usual_points_limits` and `hand_limit` (Battleground), `max_spell_copies`
(Dulce Bellum).
"""
import json
from pathlib import Path

from django.db import migrations

DATA = Path(__file__).resolve().parent.parent / "data" / "game_systems.json"


def add_missing_settings(apps, schema_editor):
    GameSystem = apps.get_model("factions", "GameSystem")
    shipped = {game["slug"]: game["params"] for game in json.loads(DATA.read_text(encoding="utf-8"))}
    for game in GameSystem.objects.filter(slug__in=shipped):
        missing = {k: v for k, v in shipped[game.slug].items() if k not in game.params}
        if missing:
            game.params = {**game.params, **missing}
            game.save(update_fields=["params"])


class Migration(migrations.Migration):
    dependencies = [("factions", "0002_game_systems")]
    operations = [migrations.RunPython(add_missing_settings, migrations.RunPython.noop)]
