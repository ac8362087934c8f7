"""The campaign rules of each game system that has them (the `campaign` key of factions/data/game_systems.json)."""
import json
from pathlib import Path

from django.db import migrations

DATA = Path(__file__).resolve().parents[3] / "factions" / "data" / "game_systems.json"


def load_campaign_rules(apps, schema_editor):
    GameSystem = apps.get_model("factions", "GameSystem")
    CampaignRules = apps.get_model("campaigns", "CampaignRules")
    for game in json.loads(DATA.read_text(encoding="utf-8")):
        system = GameSystem.objects.filter(slug=game["slug"]).first()
        if system is not None and "campaign" in game:
            CampaignRules.objects.update_or_create(game=system, defaults={"params": game["campaign"]})


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0001_initial"), ("factions", "0002_game_systems")]
    operations = [migrations.RunPython(load_campaign_rules, migrations.RunPython.noop)]
