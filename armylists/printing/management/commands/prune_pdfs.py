from datetime import timedelta

from django.utils import timezone

from armylists.boundary.commands import MusterCommand
from armylists.printing.files import RENDERED, pdf_storage

KEEP_DAYS = 7


def old_files(storage, folder: str, before):
    """The names of the files under `folder`, at any depth, last written before `before`."""
    folders, names = storage.listdir(folder)
    for name in names:
        if storage.get_modified_time(f"{folder}/{name}") < before:
            yield f"{folder}/{name}"
    for inner in folders:
        yield from old_files(storage, f"{folder}/{inner}", before)


class Command(MusterCommand):
    help = ("Delete the rendered PDFs (rosters, campaign and wall sheets) written more than --days ago; each is "
            "rendered again when next asked for. Run it daily on one machine (docs/deploying.md, "
            "\"Rendered PDFs\"). Judges' packs are left: each goes with its event or the next pack.")

    def add_arguments(self, parser):
        parser.add_argument("--days", type=int, default=KEEP_DAYS,
                            help=f"keep what was rendered in the last DAYS days (default {KEEP_DAYS})")

    def handle(self, *args, **options):
        if options["days"] < 0:
            self.refuse(f"--days {options['days']}: say how many days to keep, 0 or more")
        storage, before = pdf_storage(), timezone.now() - timedelta(days=options["days"])
        try:
            old = list(old_files(storage, RENDERED, before))
        except FileNotFoundError:  # nothing rendered yet
            old = []
        deleted = 0
        for name in old:
            storage.delete(name)
            deleted += 1
        if options["verbosity"] > 0:
            plural = "s" * (deleted != 1)
            self.stdout.write(f"Deleted {deleted} rendered PDF{plural} older than {options['days']} days.")
