import json

from armylists.boundary.commands import MusterCommand
from armylists.tournament.read import standings_of

from ._event import event_named


class Command(MusterCommand):
    help = "The standings of an event: one line (or with --json one object) per player, in order."

    def add_arguments(self, parser):
        parser.add_argument("event", metavar="EVENT")
        parser.add_argument("--json", action="store_true", help="one JSON object per player, one per line")

    def handle(self, *args, **options):
        for s in standings_of(event_named(options["event"])):
            row = {"rank": s.line.rank, "player": s.player.display_name, "faction": s.player.faction,
                   "vp": s.line.vp, "destruction": s.line.destruction, "played": s.line.played,
                   "opponents": [o.display_name for o in s.opponents]}
            if options["json"]:
                self.stdout.write(json.dumps(row, ensure_ascii=False))
            else:
                against = ", ".join(row["opponents"]) or "nobody yet"
                self.stdout.write(f"{row['rank']}. {row['player']} ({row['faction'] or 'no list'}): {row['vp']} VP, "
                                  f"{row['destruction']} destruction points, {row['played']} played; met {against}")
