from django.contrib.auth import get_user_model
from django.core.management.base import CommandError

from armylists.boundary.commands import MusterCommand
from armylists.boundary.errors import BadInput
from armylists.builder.demo import DEMO, DEMO_PASSWORD, DEMO_USER, seed_demo_lists
from armylists.campaigns.demo import DEMO_RIVAL, seed_demo_campaign
from armylists.campaigns.demo import SLUG as CAMPAIGN_SLUG
from armylists.events.demo import seed_demo_event, summary
from armylists.seasons.demo import seed_demo_season
from factions.importer import FactionFileError, import_file


class Command(MusterCommand):
    help = (f"Load the demo factions of all five games, and a player '{DEMO_USER}' (password "
            f"'{DEMO_PASSWORD}') with a legal and an illegal example list per game. Safe to run again.")

    def handle(self, *args, **options):
        # Each layer's demo in turn, from the bottom: the game library, the builder's lists, then the apps
        # above it (docs/architecture.md, "The layers": this app sits on top, so it may gather them all).
        files = sorted(DEMO.glob("*.json"))
        if not files:
            raise CommandError(f"no demo faction files in {DEMO}")
        for path in files:
            try:
                done = import_file(path)
            except FactionFileError as error:
                raise CommandError(str(error)) from None
            self.say(options, f"{done.game}: {', '.join(done.factions)} ({done.units} units)")
        try:
            count = seed_demo_lists()
        except BadInput as error:
            raise CommandError(str(error)) from None
        self.say(options, f"Player '{DEMO_USER}' (password '{DEMO_PASSWORD}') has {count} example lists.")
        if seed_demo_campaign(DEMO_USER, DEMO_PASSWORD):
            self.say(options, f"Campaign '{CAMPAIGN_SLUG}': {DEMO_USER} against '{DEMO_RIVAL}' (same password).")
        organiser = get_user_model().objects.get(username=DEMO_USER)
        event = seed_demo_event(organiser, DEMO_PASSWORD)
        self.say(options, summary(event, DEMO_USER))
        season = seed_demo_season(organiser, event)
        self.say(options, f"Season '{season.slug}' ({season.name}): the demo event, counted once its lists are "
                          "published.")

    def say(self, options, line: str) -> None:
        if options["verbosity"]:
            self.stdout.write(line)
