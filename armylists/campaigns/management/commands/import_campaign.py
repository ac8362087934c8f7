import json
from pathlib import Path

from armylists.boundary.commands import MusterCommand
from armylists.boundary.errors import BadInput
from armylists.campaigns.fileformat import MAX_FILE_BYTES
from armylists.campaigns.transfer import import_campaign


class Command(MusterCommand):
    help = ("Replay a campaign file (armylists/campaign@1) into a new campaign, action by action through the "
            "same rules as the pages; members are matched by username. A file that breaks a rule is refused, "
            "naming the action, and nothing is written. Exit status: 0 imported, 2 refused.")

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE")
        parser.add_argument("--as", dest="slug", metavar="NEW_SLUG", help="import under another slug")

    def handle(self, *args, **options):
        path = Path(options["file"])
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                self.refuse(f"{path}: larger than {MAX_FILE_BYTES // 1_000_000} MB")
            data = json.loads(path.read_text(encoding="utf-8"))
            campaign = import_campaign(data, slug=options["slug"])
        except FileNotFoundError:
            self.refuse(f"{path}: no such file")
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            self.refuse(f"{path}: not valid JSON ({error})")
        except BadInput as error:
            self.refuse(f"{path}: {error}")
        self.stdout.write(f"{path}: imported as {campaign.slug} ({campaign.actions.count()} actions)")
