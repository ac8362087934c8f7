import json

from django.core.management.base import CommandError

from armylists.boundary.commands import BAD_INPUT, MusterCommand
from armylists.tournament.day import Refusal, pair_next_round

from ._event import event_named


class Command(MusterCommand):
    help = ("Pair the next round of an event (round 1 of a locked event starts the day) and print it: one line, "
            "or with --json one object per table.")

    def add_arguments(self, parser):
        parser.add_argument("event", metavar="EVENT")
        parser.add_argument("--seed", type=int, help="the seed of the random order (the same seed, the same pairing)")
        parser.add_argument("--json", action="store_true", help="one JSON object per table, one per line")

    def handle(self, *args, **options):
        event = event_named(options["event"])
        try:
            round_ = pair_next_round(event=event, by=None, seed=options["seed"])
        except Refusal as error:
            raise CommandError(str(error), returncode=BAD_INPUT) from None
        tables = list(round_.tables.select_related("first", "second").order_by("number"))
        if options["json"]:
            for t in tables:
                players = [t.first.display_name, t.second.display_name if t.second else None]
                self.stdout.write(json.dumps({"round": round_.number, "table": t.number, "players": players},
                                             ensure_ascii=False))
            return
        seats = "; ".join(f"{t.number}: {t.first.display_name} v {t.second.display_name}" if t.second
                          else f"bye: {t.first.display_name}" for t in tables)
        self.stdout.write(f"Round {round_.number} (seed {round_.seed}): {seats}")
