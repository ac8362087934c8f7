"""Saved lists within the bounds of the list file 1.1.

Entry ids appear in the builder's URLs and forms, so they are restricted to
`[A-Za-z0-9_-]{1,40}`. A list saved before (an id such as `../18/delete` came
in by import) gets a new id, `e<n>`, for each id that does not match, with the
`joined_to` and `regiment` that named it following. Names longer than 200
characters are cut to 200. Self-contained: it must not change when the app does.
"""
import re

from django.db import migrations, models

SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")
NUMBERED = re.compile(r"e(\d+)")
NAME_MAX = 200
REFERENCES = ("joined_to", "regiment")


def safe_document(document: dict) -> dict | None:
    """The document with its unsafe ids renamed and names cut, or None when nothing changes."""
    entries = [e for e in document.get("entries", []) if isinstance(e, dict)]
    ids = {e.get("id") for e in entries}
    numbers = [int(m.group(1)) for i in ids if isinstance(i, str) and (m := NUMBERED.fullmatch(i))]
    next_number = max(numbers, default=0) + 1
    renamed, changed = {}, False
    for entry in entries:
        old = entry.get("id")
        if isinstance(old, str) and SAFE_ID.fullmatch(old):
            continue
        while f"e{next_number}" in ids:
            next_number += 1
        entry["id"], changed = f"e{next_number}", True
        if isinstance(old, str):
            renamed[old] = entry["id"]
        ids.add(entry["id"])
    for entry in entries:
        for key in REFERENCES:
            if isinstance(entry.get(key), str) and entry[key] in renamed:
                entry[key] = renamed[entry[key]]
    for named in (document, *entries):
        if isinstance(named.get("name"), str) and len(named["name"]) > NAME_MAX:
            named["name"] = named["name"][:NAME_MAX]
            changed = True
    return document if changed else None


def make_lists_safe(apps, schema_editor):
    ArmyList = apps.get_model("builder", "ArmyList")
    for army_list in ArmyList.objects.iterator():
        changed = safe_document(army_list.document)
        if changed is not None or len(army_list.name) > NAME_MAX:
            ArmyList.objects.filter(pk=army_list.pk).update(
                document=changed if changed is not None else army_list.document, name=army_list.name[:NAME_MAX])


class Migration(migrations.Migration):

    dependencies = [
        ('builder', '0002_list_name_length'),
    ]

    operations = [
        migrations.RunPython(make_lists_safe, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='armylist',
            name='name',
            field=models.CharField(max_length=200),
        ),
    ]
