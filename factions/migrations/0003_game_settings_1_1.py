"""The game settings that formats 1.1 adds.

Only settings a game system does not have yet are added, so a number an
administrator has already changed keeps its value. Since the games became
packages this is what runs after every `migrate` (factions/systems.py), which
adds any number a game's package declares and its row lacks.
"""
from django.db import migrations


def add_missing_settings(apps, schema_editor):
    from factions.systems import sync_game_systems

    sync_game_systems(apps.get_model("factions", "GameSystem"))


class Migration(migrations.Migration):
    dependencies = [("factions", "0002_game_systems")]
    operations = [migrations.RunPython(add_missing_settings, migrations.RunPython.noop)]
