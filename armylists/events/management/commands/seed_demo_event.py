from django.contrib.auth import get_user_model
from django.core.management.base import CommandError

from armylists.boundary.commands import MusterCommand
from armylists.builder.demo import DEMO_USER
from armylists.events.demo import DEMO_EVENT, seed_demo_event, summary


class Command(MusterCommand):
    help = (f"Create the demo event '{DEMO_EVENT}', organised by the demo user, with six sample players and "
            "their submissions. Run by seed_demo; safe to run again.")

    def add_arguments(self, parser):
        parser.add_argument("--password", help="the sample players' password (seed_demo gives the demo's); "
                                               "without one nobody logs in as them")

    def handle(self, *args, **options):
        organiser = get_user_model().objects.filter(username=DEMO_USER).first()
        if organiser is None:
            raise CommandError(f"no user '{DEMO_USER}': run seed_demo, which runs this command too")
        event = seed_demo_event(organiser, options.get("password"))
        if options["verbosity"]:
            self.stdout.write(summary(event, DEMO_USER))
