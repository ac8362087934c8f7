"""Benchmark roster printing: check + sheet + PDF for lists of 1, 10 and 40 entries.

Run by hand (pytest does not collect it: no test_ prefix, no test functions):

    .venv/bin/python tests/bench_roster.py

Targets: a 40-entry roster in under 2 seconds, and under 4 times the 1-entry time.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import cycle, islice
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "factions" / "data" / "demo" / "aof-regiments.json"
SIZES = (1, 10, 40)
RUNS = 5


def setup_database(directory: Path) -> None:
    os.environ.update(DATABASE_URL=f"sqlite:///{directory / 'bench.sqlite3'}",
                      DJANGO_SETTINGS_MODULE="armylists.settings")
    for command in (["migrate", "-v0"], ["import_factions", str(DEMO)]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, check=True, capture_output=True)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def list_of(size: int) -> dict:
    from factions.models import Faction

    faction = Faction.objects.get(game__slug="aof-regiments", slug="human-empire")
    units = [u for u in faction.units.order_by("position") if not u.details.get("hero")] or list(faction.units.all())
    # One option each, so no entry breaks an option group: the roster has no violations to print.
    entries = [{"id": f"e{i}", "unit": unit.slug, "name": f"Detachment {i}",
                "options": [o.slug for o in unit.options.all()[:1]]}
               for i, unit in enumerate(islice(cycle(units), size))]
    return {"format": "armylists/list@1", "game": "aof-regiments", "faction": faction.slug,
            "name": f"Benchmark, {size} entries", "points_limit": 100_000, "force_organisation": False,
            "entries": entries}


def time_roster(document: dict) -> tuple[float, int]:
    from armylists.printing.pdf import roster_pdf
    from armylists.printing.service import sheet_for

    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        pdf = roster_pdf(sheet_for(document, "bench"))
        times.append(time.perf_counter() - start)
    return statistics.median(times), pdf.count(b"/Type /Page\n") or pdf.count(b"/Type /Page")


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        setup_database(Path(directory))
        time_roster(list_of(1))  # warm up: fonts and stylesheets are loaded once per process
        results = {size: time_roster(list_of(size)) for size in SIZES}
    for size, (seconds, _pages) in results.items():
        print(f"{size:>3} entries: {seconds * 1000:7.0f} ms (median of {RUNS})")
    forty, one = results[40][0], results[1][0]
    print(f"40 entries / 1 entry: {forty / one:.2f}x (target under 4x); 40 entries under 2 s: {forty < 2}")


if __name__ == "__main__":
    main()
