"""The campaign rules of each game in use that has them, from its package.

Since the games became packages, the same work runs after every `migrate`
(armylists/campaigns/gamerules.py); it is run here too, so that a database migrated to this step has
the rows as it always had.
"""
from django.db import migrations


def load_campaign_rules(apps, schema_editor):
    from armylists.campaigns.gamerules import sync_campaign_rules

    sync_campaign_rules(apps.get_model("factions", "GameSystem"), apps.get_model("campaigns", "CampaignRules"))


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0001_initial"), ("factions", "0002_game_systems")]
    operations = [migrations.RunPython(load_campaign_rules, migrations.RunPython.noop)]
