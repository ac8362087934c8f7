from pathlib import Path

from django.core.management.base import CommandError

from armylists.boundary.commands import BAD_INPUT, MusterCommand
from armylists.tournament.day import Refusal
from armylists.tournament.resultfile import BYTES_MAX, BadRow, read, record

from ._event import event_named


class Command(MusterCommand):
    help = ("Record results from a CSV file (round,table,player,opponent,result,destruction,opponent_destruction) "
            "as the organisers': all or nothing; a row that does not match the round's pairings is named.")

    def add_arguments(self, parser):
        parser.add_argument("event", metavar="EVENT")
        parser.add_argument("file", metavar="FILE")

    def handle(self, *args, **options):
        event = event_named(options["event"])
        path = Path(options["file"])
        try:
            if path.stat().st_size > BYTES_MAX:
                raise BadRow(f"the file is larger than {BYTES_MAX // 1_000_000} MB")
            text = path.read_text(encoding="utf-8-sig")
            count = record(event, read(event, text), path.name)
        except OSError as error:
            raise CommandError(f"{path}: {error.strerror or error}", returncode=BAD_INPUT) from None
        except UnicodeDecodeError:
            raise CommandError(f"{path}: not a UTF-8 text file", returncode=BAD_INPUT) from None
        except (BadRow, Refusal) as error:
            raise CommandError(f"{path}: {error}; nothing was recorded", returncode=BAD_INPUT) from None
        self.stdout.write(f"{count} result{'s' if count != 1 else ''} recorded.")
