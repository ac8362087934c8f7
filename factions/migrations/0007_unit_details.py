"""A unit's game-specific columns become one JSON object, `details`, keyed as the faction file names
each field (docs/architecture.md, "A game is one package"): a game whose units need a new field needs
no new column. The values move as they are; a field at its empty value is left out, as an export
leaves it out, and the engine reads it at its game's default."""

from django.db import migrations, models

# column -> its name in the faction file; a unit's Spellcaster is one field there, two columns here.
RENAMED = {"model_count": "models", "unit_class": "class", "fixed_spell": "spellcaster"}
COLUMNS = ("cost", "model_count", "hero", "copies_of", "weapons", "army_forge_id", "unit_class", "mercenary",
           "keywords", "kind", "size", "race", "unique", "elite", "recruitment_points", "command_value",
           "recruitment_cost", "rarity", "limit", "type", "spellcaster", "fixed_spell")


def empty(column: str, value) -> bool:
    """Left out of `details`: nothing there, or a default (elite 0, a no). A cost of 0 stays."""
    return value is None or value is False or value in ("", []) or (column == "elite" and value == 0)


def columns_to_details(apps, schema_editor):
    Unit = apps.get_model("factions", "Unit")
    units = list(Unit.objects.all())
    for unit in units:
        unit.details = {RENAMED.get(c, c): getattr(unit, c) for c in COLUMNS if not empty(c, getattr(unit, c))}
    Unit.objects.bulk_update(units, ["details"], batch_size=500)


def details_to_columns(apps, schema_editor):
    Unit = apps.get_model("factions", "Unit")
    units = list(Unit.objects.all())
    for unit in units:
        for column in COLUMNS:
            value = unit.details.get(RENAMED.get(column, column))
            if column == "spellcaster" and isinstance(value, str) or column == "fixed_spell" and isinstance(value, int):
                continue
            if value is not None:
                setattr(unit, column, value)
    Unit.objects.bulk_update(units, list(COLUMNS), batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('factions', '0006_armyforge_weapons'),
    ]

    operations = [
        migrations.AddField(
            model_name='unit',
            name='details',
            field=models.JSONField(
                blank=True, default=dict,
                help_text='The fields its game declares for its units, as its faction file names them.'),
        ),
        migrations.RunPython(columns_to_details, details_to_columns),
        migrations.RemoveField(
            model_name='unit',
            name='army_forge_id',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='command_value',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='copies_of',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='cost',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='elite',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='fixed_spell',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='hero',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='keywords',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='kind',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='limit',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='mercenary',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='model_count',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='race',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='rarity',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='recruitment_cost',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='recruitment_points',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='size',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='spellcaster',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='type',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='unique',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='unit_class',
        ),
        migrations.RemoveField(
            model_name='unit',
            name='weapons',
        ),
    ]
