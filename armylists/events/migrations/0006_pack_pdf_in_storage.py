"""Judges' packs as files in the storage `pdfs` (armylists/printing/files.py) instead of bytes in the database:
each finished pack's bytes are written to its file, then the column goes."""

from django.core.files.base import ContentFile
from django.db import migrations, models

import armylists.printing.files


def packs_to_files(apps, schema_editor):
    Pack = apps.get_model("events", "Pack")
    storage = armylists.printing.files.pdf_storage()
    for pack in Pack.objects.exclude(pdf=None).only("pk", "pdf"):
        pack.file = storage.save(f"judges-packs/{pack.pk}.pdf", ContentFile(bytes(pack.pdf)))
        pack.save(update_fields=["file"])


def files_to_packs(apps, schema_editor):
    Pack = apps.get_model("events", "Pack")
    storage = armylists.printing.files.pdf_storage()
    for pack in Pack.objects.exclude(file="").only("pk", "file"):
        with storage.open(pack.file.name, "rb") as file:
            pack.pdf = file.read()
        pack.save(update_fields=["pdf"])


class Migration(migrations.Migration):

    dependencies = [
        ("events", "0005_player_invitation"),
    ]

    operations = [
        migrations.AddField(
            model_name="pack",
            name="file",
            field=models.FileField(blank=True, editable=False, storage=armylists.printing.files.pdf_storage,
                                   upload_to="judges-packs/"),
        ),
        migrations.RunPython(packs_to_files, files_to_packs),
        migrations.RemoveField(model_name="pack", name="pdf"),
        migrations.RenameField(model_name="pack", old_name="file", new_name="pdf"),
    ]
