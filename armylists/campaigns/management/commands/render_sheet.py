from pathlib import Path

from armylists.boundary.commands import MusterCommand
from armylists.campaigns import sheets
from armylists.campaigns.models import Campaign
from armylists.campaigns.state import BrokenLog, load_state


class Command(MusterCommand):
    help = ("Print a campaign's army sheets as a PDF: one army's (--army NAME) or every army's, "
            "a blank sheet (--blank) or the campaign summary (--summary). Exit status: 0 written, 2 bad input.")

    def add_arguments(self, parser):
        parser.add_argument("campaign", metavar="CAMPAIGN_SLUG")
        parser.add_argument("--army", metavar="NAME", help="the army's name (or its key, e.g. a1)")
        parser.add_argument("--blank", action="store_true", help="a blank sheet to fill in by hand")
        parser.add_argument("--summary", action="store_true", help="the leaderboard and the campaign log")
        parser.add_argument("-o", "--output", metavar="FILE.pdf", required=True)

    def handle(self, *args, **options):
        campaign = Campaign.objects.select_related("game", "game_master").filter(slug=options["campaign"]).first()
        if campaign is None:
            self.refuse(f"no campaign {options['campaign']!r}")
        try:
            loaded = load_state(campaign)
        except BrokenLog as error:
            self.refuse(str(error))
        printout = self._printout(loaded, options)
        output = Path(options["output"])
        try:
            output.write_bytes(sheets.render_pdf(printout))
        except OSError as error:
            self.refuse(f"{output}: cannot write the PDF ({error.strerror or error})")
        self.stdout.write(f"{output}: {printout.title}")

    def _printout(self, loaded, options) -> sheets.Printout:
        if options["blank"]:
            return sheets.blank_sheet(loaded)
        if options["summary"]:
            return sheets.summary(loaded)
        if options["army"] is None:
            return sheets.army_sheets(loaded)
        wanted = options["army"].casefold()
        found = [a.key for a in loaded.state.armies.values() if wanted in (a.name.casefold(), a.key)]
        if not found:
            names = ", ".join(a.name for a in loaded.state.armies.values()) or "none"
            self.refuse(f"no army {options['army']!r} in {loaded.campaign.slug} (its armies: {names})")
        return sheets.army_sheets(loaded, found)
