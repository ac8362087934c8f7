from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction

from armylists.boundary.commands import MusterCommand
from armylists.boundary.errors import BadInput
from armylists.boundary.jsonfile import read_json
from armylists.builder.models import ArmyList
from armylists.builder.services import import_list
from armylists.campaigns.demo import DEMO_RIVAL, seed_demo_campaign
from armylists.campaigns.demo import SLUG as CAMPAIGN_SLUG
from factions.importer import FactionFileError, import_file

DEMO = Path(settings.BASE_DIR) / "factions" / "data" / "demo"
DEMO_USER, DEMO_PASSWORD = "demo", "muster-demo"


class Command(MusterCommand):
    help = (f"Load the demo factions of all five games, and a player '{DEMO_USER}' (password "
            f"'{DEMO_PASSWORD}') with a legal and an illegal example list per game. Safe to run again.")

    def handle(self, *args, **options):
        files = sorted(DEMO.glob("*.json"))
        if not files:
            raise CommandError(f"no demo faction files in {DEMO}")
        for path in files:
            try:
                done = import_file(path)
            except FactionFileError as error:
                raise CommandError(str(error)) from None
            self.say(options, f"{done.game}: {', '.join(done.factions)} ({done.units} units)")
        count = self.demo_lists()
        self.say(options, f"Player '{DEMO_USER}' (password '{DEMO_PASSWORD}') has {count} example lists.")
        if seed_demo_campaign(DEMO_USER, DEMO_PASSWORD):
            self.say(options, f"Campaign '{CAMPAIGN_SLUG}': {DEMO_USER} against '{DEMO_RIVAL}' (same password).")
        if apps.is_installed("armylists.events"):  # by name: the builder imports nothing of the apps above it
            call_command("seed_demo_event", password=DEMO_PASSWORD, verbosity=options["verbosity"])

    def say(self, options, line: str) -> None:
        if options["verbosity"]:
            self.stdout.write(line)

    @transaction.atomic
    def demo_lists(self) -> int:
        player, created = get_user_model().objects.get_or_create(username=DEMO_USER)
        if created:
            player.set_password(DEMO_PASSWORD)
            player.save()
        for path in sorted((DEMO / "lists").glob("*.json")):
            try:
                data = read_json(path)
                if ArmyList.objects.filter(owner=player, name=data.get("name")).exists():
                    continue
                import_list(owner=player, data=data)
            except BadInput as error:
                raise CommandError(f"{path}: {error}") from None
        return ArmyList.objects.filter(owner=player).count()
