"""An option's game-specific columns become one JSON object, `details`, keyed as the faction file names each
field, as a unit's did in 0007 (docs/architecture.md, "A game is one package"): a game whose options need a new
field needs no new column. The values move as they are; a field at its empty value or its default (an OPR
option's scope `unit`) is left out, as an export leaves it out, and the engine reads it at its game's default.
Back, a field left out is the column's empty value, which every reader took for the default alike."""

from django.db import migrations, models

# Each column, named as the faction file names its field, with its empty value; and the defaults (left out too).
COLUMNS = {"scope": "", "command": "", "weapons": [], "replaces": [], "rules": [], "army_forge_id": ""}
DEFAULTS = {"scope": "unit"}


def columns_to_details(apps, schema_editor):
    Option = apps.get_model("factions", "Option")
    options = list(Option.objects.all())
    for option in options:
        option.details = {c: value for c in COLUMNS
                          if (value := getattr(option, c)) not in (None, COLUMNS[c], DEFAULTS.get(c))}
    Option.objects.bulk_update(options, ["details"], batch_size=500)


def details_to_columns(apps, schema_editor):
    Option = apps.get_model("factions", "Option")
    options = list(Option.objects.all())
    for option in options:
        for column, empty in COLUMNS.items():
            value = option.details.get(column)
            setattr(option, column, empty if value is None else value)
    Option.objects.bulk_update(options, list(COLUMNS), batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('factions', '0010_choices_declared_by_the_games'),
    ]

    operations = [
        migrations.AddField(
            model_name='option',
            name='details',
            field=models.JSONField(
                blank=True, default=dict,
                help_text='The fields its game declares for its options, as its faction file names them.'),
        ),
        migrations.RunPython(columns_to_details, details_to_columns),
        migrations.RemoveField(
            model_name='option',
            name='army_forge_id',
        ),
        migrations.RemoveField(
            model_name='option',
            name='command',
        ),
        migrations.RemoveField(
            model_name='option',
            name='replaces',
        ),
        migrations.RemoveField(
            model_name='option',
            name='rules',
        ),
        migrations.RemoveField(
            model_name='option',
            name='scope',
        ),
        migrations.RemoveField(
            model_name='option',
            name='weapons',
        ),
    ]
