from pathlib import Path

from armylists.boundary.commands import MusterCommand
from armylists.boundary.errors import BadInput
from armylists.boundary.jsonfile import read_json
from armylists.campaigns.fileformat import MAX_FILE_BYTES
from armylists.campaigns.transfer import import_campaign


class Command(MusterCommand):
    help = ("Replay a campaign file (armylists/campaign@1) into a new campaign, action by action through the "
            "same rules as the pages; members are matched by username. A file that breaks a rule is refused, "
            "naming the action, and nothing is written. Exit status: 0 imported, 2 refused.")

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE")
        parser.add_argument("--as", dest="slug", metavar="NEW_SLUG", help="import under another slug")
        parser.add_argument("--house-rules", action="store_true",
                            help="keep unit points that differ from the faction library, logged as a house rule")

    def handle(self, *args, **options):
        path = Path(options["file"])
        try:
            # The same bounded reader as every other file: size, encoding, depth and long numbers.
            campaign = import_campaign(read_json(path, MAX_FILE_BYTES), slug=options["slug"],
                                       house_rules=options["house_rules"])
        except BadInput as error:
            self.refuse(f"{path}: {error}")
        self.stdout.write(f"{path}: imported as {campaign.slug} ({campaign.actions.count()} actions)")
