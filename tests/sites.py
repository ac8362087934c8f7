"""SQLite files of a whole site for the tests that run its real processes (the Procfile's web server and
workers, manage.py in a subprocess): migrated, and seeded with the demo, made once per test run (by whichever
of its test processes first needs one, while the others wait for it) and copied by each test, instead of
running migrate and seed_demo again for every test."""
from __future__ import annotations

import fcntl
import shutil
from contextlib import contextmanager
from pathlib import Path

from tests.production.environment import manage


class SiteFiles:
    """`path("migrated")`: a migrated, empty site; `path("seeded")`: the same after seed_demo; `copy(kind, to)`
    copies one for a test to write to."""

    STEPS = {"migrated": (None, ["migrate", "-v0"]), "seeded": ("migrated", ["seed_demo", "-v0"])}

    def __init__(self, folder: Path):
        self.folder = folder

    def copy(self, kind: str, to: Path) -> Path:
        shutil.copyfile(self.path(kind), to)
        return to

    def path(self, kind: str) -> Path:
        path = self.folder / f"{kind}.sqlite3"
        if path.exists():
            return path
        with self.made_by_one(kind):
            if not path.exists():  # another test process may have made it while this one waited
                start, command = self.STEPS[kind]
                building = self.folder / f"{kind}.building.sqlite3"
                if start:
                    self.copy(start, building)
                done = manage(*command, env={"DATABASE_URL": f"sqlite:///{building}"}, timeout=300)
                assert done.returncode == 0, done.stderr
                building.rename(path)  # whole or not at all: a failed step is tried again, never copied half-made
        return path

    @contextmanager
    def made_by_one(self, kind: str):
        """Held by one test process at a time, for `kind`; let go when it ends, however it ends."""
        with open(self.folder / f"{kind}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            yield
