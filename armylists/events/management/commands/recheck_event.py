import json
import sys

from django.core.management.base import CommandError

from armylists.boundary.commands import BAD_INPUT, MusterCommand
from armylists.events.models import Event
from armylists.events.recheck import Rechecked, recheck_event

LEGAL, ILLEGAL = 0, 1


class Command(MusterCommand):
    help = ("Re-check every player's latest submission of an event against today's rules, unit data and "
            "event settings; the submissions themselves are not changed. One line per submission. "
            "Exit status as checklist: 0 all legal, 1 any illegal, 2 any that no longer checks.")

    def add_arguments(self, parser):
        parser.add_argument("event", metavar="EVENT_SLUG")
        parser.add_argument("--json", action="store_true", help="one JSON object per submission, one per line")

    def handle(self, *args, **options):
        event = Event.objects.select_related("game").filter(slug=options["event"]).first()
        if event is None:
            raise CommandError(f"no event '{options['event']}'", returncode=BAD_INPUT)
        status = LEGAL
        for result in recheck_event(event):
            status = max(status, BAD_INPUT if result.legal is None else LEGAL if result.legal else ILLEGAL)
            self.stdout.write(json.dumps(as_json(result), ensure_ascii=False) if options["json"] else line(result))
        sys.exit(status)


def as_json(result: Rechecked) -> dict:
    s = result.submission
    found = {"player": result.player.display_name, "faction": s.faction, "version": s.version,
             "points": result.points, "points_limit": s.points_limit, "legal": result.legal,
             "codes": result.codes, "changed": result.verdict_changed, "was_legal": s.legal,
             "was_codes": s.codes, "why": list(result.why)}
    if result.problem:
        found["error"] = result.problem
    return found


def line(result: Rechecked) -> str:
    s = result.submission
    points = "" if result.points is None else f", {result.points}/{s.points_limit} points"
    codes = f" [{', '.join(result.codes)}]" if result.codes else ""
    verdict = {"legal": "legal", "illegal": "ILLEGAL", "bad input": "BAD INPUT"}[result.verdict]
    problem = f": {result.problem}" if result.problem else ""
    was = "legal" if s.legal else "illegal"
    changed = f" — CHANGED since submission (was {was})" if result.verdict_changed else " — unchanged"
    return f"{result.player.display_name} ({s.faction_name}, v{s.version}){points}: {verdict}{problem}{codes}{changed}"
