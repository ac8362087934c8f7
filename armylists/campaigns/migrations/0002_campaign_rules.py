"""The campaign rules of each game in use that has them, from its package (`Game.campaign`'s data).

Like the game systems (factions/systems.py), the numbers and tables ship with the
game's package; a game system's row keeps its copy, which an administrator may change.
"""
from django.db import migrations


def load_campaign_rules(apps, schema_editor):
    from armylists.games.registry import homes

    GameSystem = apps.get_model("factions", "GameSystem")
    CampaignRules = apps.get_model("campaigns", "CampaignRules")
    for home in homes():
        system = GameSystem.objects.filter(slug=home.slug).first()
        if system is not None and home.campaign is not None:
            CampaignRules.objects.update_or_create(game=system, defaults={"params": dict(home.campaign.data)})


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0001_initial"), ("factions", "0002_game_systems")]
    operations = [migrations.RunPython(load_campaign_rules, migrations.RunPython.noop)]
