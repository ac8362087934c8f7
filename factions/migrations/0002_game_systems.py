"""The five game systems and their construction numbers, from data/game_systems.json."""
import json
from pathlib import Path

from django.db import migrations

DATA = Path(__file__).resolve().parent.parent / "data" / "game_systems.json"


def load_game_systems(apps, schema_editor):
    GameSystem = apps.get_model("factions", "GameSystem")
    for position, game in enumerate(json.loads(DATA.read_text(encoding="utf-8"))):
        GameSystem.objects.update_or_create(
            slug=game["slug"],
            defaults={key: game[key] for key in ("name", "version", "source", "params")} | {"position": position},
        )


class Migration(migrations.Migration):
    dependencies = [("factions", "0001_initial")]
    operations = [migrations.RunPython(load_game_systems, migrations.RunPython.noop)]
