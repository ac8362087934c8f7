import json
from pathlib import Path

from django.core.management.base import CommandError

from armylists.boundary.commands import MusterCommand
from factions.exporter import export_game
from factions.models import GameSystem


class Command(MusterCommand):
    help = "Write a game's factions (or one faction) as an armylists/factions@1 file."

    def add_arguments(self, parser):
        parser.add_argument("game")
        parser.add_argument("faction", nargs="?")
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")

    def handle(self, *args, **options):
        try:
            game = GameSystem.objects.get(slug=options["game"])
        except GameSystem.DoesNotExist:
            raise CommandError(f"no game {options['game']!r}") from None
        document = export_game(game, options["faction"])
        if options["faction"] and not document["factions"]:
            raise CommandError(f"no faction {options['faction']!r} in {game.slug}")
        text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
        if options["output"]:
            Path(options["output"]).write_text(text, encoding="utf-8")
            self.stdout.write(f"Wrote {options['output']}")
        else:
            self.stdout.write(text, ending="")
