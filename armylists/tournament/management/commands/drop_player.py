from django.core.management.base import CommandError

from armylists.boundary.commands import BAD_INPUT, MusterCommand
from armylists.tournament.day import Refusal, drop_player

from ._event import event_named, player_named


class Command(MusterCommand):
    help = "Drop a player from the next round on (before round 1 too); their results so far are kept."

    def add_arguments(self, parser):
        parser.add_argument("event", metavar="EVENT")
        parser.add_argument("player", metavar="PLAYER", help="the player's name in the event")

    def handle(self, *args, **options):
        event = event_named(options["event"])
        player = player_named(event, options["player"])
        try:
            dropped = drop_player(event=event, player=player, by=None)
        except Refusal as error:
            raise CommandError(str(error), returncode=BAD_INPUT) from None
        self.stdout.write(f"{player.display_name} dropped from round {dropped.from_round} on.")
