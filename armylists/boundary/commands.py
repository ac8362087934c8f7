"""What every Muster command shares."""
from __future__ import annotations

import sys
from typing import NoReturn

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

# The exit status of a command refused its input (0 is done; checklist also uses 1 for "not legal").
BAD_INPUT = 2


class MusterCommand(BaseCommand):
    """A command that reads or writes game data and lists.

    It skips Django's system checks: they import every URL and view (WeasyPrint
    among them), which doubled the time of checking one file. A database that
    is not set up is reported in a sentence, never as a traceback.
    """

    requires_system_checks: list[str] = []

    def execute(self, *args, **options):
        try:
            return super().execute(*args, **options)
        except DatabaseError as error:
            raise CommandError(f"database error: {error}. Has `python manage.py migrate` been run?",
                               returncode=2) from None

    def refuse(self, message: str) -> NoReturn:
        """Stop with one line naming what was wrong (the input, or where the output could not go)."""
        self.stderr.write(f"BAD INPUT {message}")
        sys.exit(BAD_INPUT)
