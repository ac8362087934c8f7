"""A Dulce Bellum unit's sizes, rows of their own until now, join its other own fields in `details`, as the
faction file writes them (docs/architecture.md, "A game is one package"): `sizes`, a list of
{"size", "points", "morale"}, in their order, a morale left out where there is none. Back, they are rows
again, in the same order."""

from django.db import migrations


def rows_to_details(apps, schema_editor):
    Unit = apps.get_model("factions", "Unit")
    units = list(Unit.objects.filter(sizes__isnull=False).distinct().prefetch_related("sizes"))
    for unit in units:
        rows = sorted(unit.sizes.all(), key=lambda s: (s.position, s.pk))
        unit.details = {**unit.details, "sizes": [
            {"size": s.size, "points": s.points, **({"morale": s.morale} if s.morale is not None else {})}
            for s in rows]}
    Unit.objects.bulk_update(units, ["details"], batch_size=500)


def details_to_rows(apps, schema_editor):
    Unit = apps.get_model("factions", "Unit")
    UnitSize = apps.get_model("factions", "UnitSize")
    units = [u for u in Unit.objects.all() if "sizes" in (u.details or {})]
    UnitSize.objects.bulk_create(
        (UnitSize(unit_id=unit.pk, position=i, size=s["size"], points=s["points"], morale=s.get("morale"))
         for unit in units for i, s in enumerate(unit.details["sizes"])), batch_size=500)
    for unit in units:
        unit.details = {k: v for k, v in unit.details.items() if k != "sizes"}
    Unit.objects.bulk_update(units, ["details"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('factions', '0012_faction_details'),
    ]

    operations = [
        migrations.RunPython(rows_to_details, details_to_rows),
        migrations.DeleteModel(
            name='UnitSize',
        ),
    ]
