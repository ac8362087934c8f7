import json

from django.core.management.base import CommandError

from armylists.boundary.commands import BAD_INPUT, MusterCommand
from armylists.seasons.models import Season
from armylists.seasons.read import season_standings


class Command(MusterCommand):
    help = ("The standings of a season: one line (or with --json one object) per player, in order; each player "
            "named as in their latest counted event.")

    def add_arguments(self, parser):
        parser.add_argument("season", metavar="SLUG")
        parser.add_argument("--json", action="store_true", help="one JSON object per player, one per line")

    def handle(self, *args, **options):
        season = Season.objects.filter(slug=options["season"]).first()
        if season is None:
            raise CommandError(f"no season '{options['season']}'", returncode=BAD_INPUT)
        for s in season_standings(season).lines:
            row = {"rank": s.rank, "player": s.name, "score": s.score, "events": s.events, "vp": s.vp}
            if options["json"]:
                self.stdout.write(json.dumps(row, ensure_ascii=False))
            else:
                self.stdout.write(f"{s.rank}. {s.name}: {s.score} points from {s.events} "
                                  f"event{'s' if s.events != 1 else ''}, {s.vp} VP")
