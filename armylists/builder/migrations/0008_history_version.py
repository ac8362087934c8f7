"""Lists whose history already holds their version say so, so their next edit looks nothing up (saving.py)."""
from django.db import migrations, models
from django.db.models import Exists, F, OuterRef


def mark_recorded(apps, schema_editor):
    ArmyList, ListVersion = apps.get_model("builder", "ArmyList"), apps.get_model("builder", "ListVersion")
    kept = ListVersion.objects.filter(army_list=OuterRef("pk"), version=OuterRef("version"))
    ArmyList.objects.filter(Exists(kept)).update(history_version=F("version"))


class Migration(migrations.Migration):

    dependencies = [
        ('builder', '0007_page_shape'),
    ]

    operations = [
        migrations.AddField(
            model_name='armylist',
            name='history_version',
            field=models.PositiveIntegerField(blank=True, editable=False, null=True),
        ),
        migrations.RunPython(mark_recorded, migrations.RunPython.noop),
    ]
