from django.contrib.auth import get_user_model
from django.core.management.base import CommandError

from armylists.boundary.commands import BAD_INPUT, MusterCommand
from armylists.events.models import Event
from armylists.seasons.ranking import SCORINGS
from armylists.seasons.services import Refused, create_season
from factions.models import GameSystem


class Command(MusterCommand):
    help = ("Make a season of events the organiser organises (docs/events.md, \"Seasons\"); it is published on its "
            "page. Nothing is stored when an event is unknown, not the organiser's, or of another game.")

    def add_arguments(self, parser):
        parser.add_argument("slug", metavar="SLUG")
        parser.add_argument("--name", required=True)
        parser.add_argument("--events", nargs="+", required=True, metavar="EVENT", help="the events' slugs")
        parser.add_argument("--best", type=int, help="how many of a player's events count (default: all)")
        parser.add_argument("--scoring", choices=list(SCORINGS), default="placing")
        parser.add_argument("--game", metavar="GAME", help="only events of this game (its slug)")
        parser.add_argument("--organiser", required=True, metavar="USERNAME")

    def handle(self, *args, **options):
        organiser = get_user_model().objects.filter(username=options["organiser"]).first()
        if organiser is None:
            raise CommandError(f"no user '{options['organiser']}'", returncode=BAD_INPUT)
        game = None
        if options["game"]:
            game = GameSystem.objects.filter(slug=options["game"]).first()
            if game is None:
                raise CommandError(f"no game '{options['game']}'", returncode=BAD_INPUT)
        found = {e.slug: e for e in Event.objects.filter(slug__in=options["events"]).select_related("game")}
        for slug in options["events"]:
            if slug not in found:
                raise CommandError(f"no event '{slug}'; nothing was stored", returncode=BAD_INPUT)
        events = list(dict.fromkeys(found[slug] for slug in options["events"]))
        try:
            season = create_season(creator=organiser, name=options["name"], events=events, game=game,
                                   scoring=options["scoring"], best=options["best"], slug=options["slug"])
        except Refused as error:
            raise CommandError(f"{error} Nothing was stored.", returncode=BAD_INPUT) from None
        count = len(events)
        self.stdout.write(f"Season “{season.name}” ({season.slug}) made with {count} event{'s' if count != 1 else ''}; "
                          "publish it on its page.")
