from pathlib import Path

from armylists.boundary.commands import MusterCommand
from armylists.campaigns.models import Campaign
from armylists.campaigns.transfer import campaign_file


class Command(MusterCommand):
    help = ("Write a campaign as a campaign file (armylists/campaign@1): its members and its whole log, "
            "dice included. Exit status: 0 written, 2 no such campaign or the file could not be written.")

    def add_arguments(self, parser):
        parser.add_argument("campaign", metavar="CAMPAIGN_SLUG")
        parser.add_argument("-o", "--output", metavar="FILE", help="where to write it (default: standard output)")

    def handle(self, *args, **options):
        campaign = Campaign.objects.select_related("game", "game_master").filter(slug=options["campaign"]).first()
        if campaign is None:
            self.refuse(f"no campaign {options['campaign']!r}")
        data = campaign_file(campaign)
        if not options["output"]:
            self.stdout.write(data.decode(), ending="")
            return
        try:
            Path(options["output"]).write_bytes(data)
        except OSError as error:
            self.refuse(f"{options['output']}: cannot write ({error.strerror or error})")
        self.stdout.write(f"{options['output']}: {campaign.name}, {campaign.actions.count()} actions")
