"""The game systems in use and their construction numbers, from each game's package.

Since the games became packages, the same work runs after every `migrate`
(factions/systems.py); it is run here too because later migrations read these rows.
"""
from django.db import migrations


def load_game_systems(apps, schema_editor):
    from factions.systems import sync_game_systems

    sync_game_systems(apps.get_model("factions", "GameSystem"))


class Migration(migrations.Migration):
    dependencies = [("factions", "0001_initial")]
    operations = [migrations.RunPython(load_game_systems, migrations.RunPython.noop)]
