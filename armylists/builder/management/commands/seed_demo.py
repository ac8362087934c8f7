from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from factions.importer import FactionFileError, import_file

FACTIONS = Path(settings.BASE_DIR) / "factions" / "data" / "demo"


class Command(BaseCommand):
    help = "Load the demo factions of all five games. Safe to run again: a faction is replaced, never doubled."

    def handle(self, *args, **options):
        files = sorted(FACTIONS.glob("*.json"))
        if not files:
            raise CommandError(f"no demo faction files in {FACTIONS}")
        for path in files:
            try:
                done = import_file(path)
            except FactionFileError as error:
                raise CommandError(str(error)) from None
            self.stdout.write(f"{done.game}: {', '.join(done.factions)} ({done.units} units)")
