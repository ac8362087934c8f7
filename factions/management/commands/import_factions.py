from django.core.management.base import CommandError

from armylists.boundary.commands import BAD_INPUT, MusterCommand
from armylists.games.registry import homes
from factions.armyforge import BookImport, read_army_forge_file
from factions.armyforge_rules import read_army_forge_rules_file, write_rules
from factions.importer import FactionFileError, import_file


class Command(MusterCommand):
    help = ("Load faction files (armylists/factions@1), Army Forge army books with --army-forge GAME, or Army "
            "Forge's common rules of a game system with --army-forge-rules GAME. Each file is written whole or not "
            "at all.")

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE")
        readers = [home.slug for home in homes() if home.army_forge_reader]
        parser.add_argument("--army-forge", metavar="GAME", choices=readers,
                            help="the files are Army Forge army books, for this game")
        parser.add_argument("--army-forge-rules", metavar="GAME", choices=readers,
                            help="the file is Army Forge's common rules of this game's system (the core rules' "
                                 "texts books do not give); written at once, replacing the texts read before")
        parser.add_argument("--yes", action="store_true",
                            help="write what needs confirming: a book already in the library that changed, or a "
                                 "replace that breaks saved lists, events or campaigns (accepted on every import)")
        parser.add_argument("--replace", action="store_true",
                            help="let a book replace a faction of the same slug that did not come from Army Forge "
                                 "(without it, the book goes beside that faction as <slug>-army-forge)")

    def handle(self, *files, **options):
        failed = 0
        for path in options["files"]:
            try:
                if options["army_forge_rules"]:
                    self._army_forge_rules(path, options["army_forge_rules"])
                    continue
                if options["army_forge"]:
                    self._army_forge(path, options)
                    continue
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
            raise CommandError(f"{failed} file(s) refused; nothing of them was written.", returncode=BAD_INPUT)

    def _army_forge(self, path: str, options) -> None:
        book = read_army_forge_file(path, options["army_forge"], replace=options["replace"])
        what = f"{book.faction.name} ({book.faction.slug}): {len(book.faction.units)} unit(s), {book.options} option(s)"
        if book.changes is not None and not book.changes:
            self.stdout.write(f"Unchanged {path}: {what}; nothing written")
            return
        if book.breaks and not options["yes"]:
            self.stdout.write(f"Replacing with {path}: {what} would break:")
            self._lines(book.breaks)
            self.stdout.write("Nothing written; run again with --yes to replace it all the same.")
            return
        if book.changes and book.changes.units_changed and not options["yes"]:
            self.stdout.write(f"Changed {path}: {what}")
            self._lines(book.changes.lines())
            self.stdout.write("Nothing written; run again with --yes to write these changes.")
            return
        book.write()
        self.stdout.write(f"Imported {path}: {what}")
        self._lines(book.edition_lines())
        if book.beside_line():
            self.stdout.write(book.beside_line())
        if book.changes:
            self._lines(book.changes.lines())
        self._left_out(book)

    def _army_forge_rules(self, path: str, game: str) -> None:
        reading = read_army_forge_rules_file(path, game)
        write_rules(reading)
        self.stdout.write(f"Imported {path}: {reading.game.name}, {len(reading.texts)} rule text(s)")
        self._lines(reading.lines())

    def _left_out(self, book: BookImport) -> None:
        if book.left_out:
            self.stdout.write("Not expressed in Muster:")
            self._lines(f"{item.unit}: {item.what} ({item.why})" for item in book.left_out)

    def _lines(self, lines) -> None:
        for line in lines:
            self.stdout.write(f"  {line}")
