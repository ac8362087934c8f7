from django.core.management.base import CommandError

from armylists.checking.management.base import MusterCommand
from factions.importer import FactionFileError, import_file


class Command(MusterCommand):
    help = "Load faction files (armylists/factions@1). Each file is written whole or not at all."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE")

    def handle(self, *files, **options):
        failed = 0
        for path in options["files"]:
            try:
                done = import_file(path)
            except FactionFileError as error:
                failed += 1
                self.stderr.write(f"Refused {error}")
                continue
            self.stdout.write(
                f"Imported {path}: {done.game}, {len(done.factions)} faction(s) "
                f"({', '.join(done.factions)}), {done.units} unit(s)"
            )
        if failed:
            raise CommandError(f"{failed} file(s) refused; nothing of them was written.")
