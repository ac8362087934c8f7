"""Benchmark `POST /api/check` against a faction of 10 units and one of 500.

Run by hand (pytest does not collect it: no test_ prefix, no test functions):

    .venv/bin/python tests/bench_api_check.py [--runs 200]

What it does: a temporary SQLite database (migrate), two made-up AoF Regiments
factions (marked as samples) of 10 and 500 units with options, and a legal
5-entry list of each. Each list is posted to /api/check through Django's test
client in this process (after one request that warms Django up), first once
and then `--runs` times. It prints the first request's time, the median and
95th percentile of the others and the queries one request runs; then, where
the game has a data version, the first request after the game's data changed
(when all its units are read again).

Target: a 500-unit faction costs no more than a 10-unit one, once warm.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def setup_database(directory: Path) -> None:
    os.environ.update(DATABASE_URL=f"sqlite:///{directory / 'bench.sqlite3'}",
                      DJANGO_SETTINGS_MODULE="armylists.settings", DEBUG="false", SECRET_KEY="bench",
                      ALLOWED_HOSTS="testserver")
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, check=True, capture_output=True)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def sample_faction(slug: str, units: int) -> dict:
    """A made-up faction (sample data, not from a rulebook) of `units` units with two options each."""
    return {"slug": slug, "name": f"Sample {units}", "units": [
        {"slug": f"unit-{i}", "name": f"Sample unit {i}", "cost": 50 + i % 100, "models": 1 + i % 10,
         "hero": i % 25 == 0, "rules": ["Sample rule"], "stats": {"quality": 4, "defense": 5},
         "option_groups": [{"slug": "weapons", "name": "Weapons", "min": 0, "max": 1}],
         "options": [{"slug": "spears", "name": "Spears", "cost": 5, "group": "weapons", "scope": "all_models"},
                     {"slug": "banner", "name": "Banner", "cost": 10, "scope": "model", "command": "banner"}],
         "notes": "Sample unit"} for i in range(units)]}


def load_factions() -> None:
    from factions.importer import import_document
    from factions.schemas import parse_faction_file

    document = {"format": "armylists/factions@1", "game": "aof-regiments",
                "factions": [sample_faction("sample-10", 10), sample_faction("sample-500", 500)]}
    import_document(parse_faction_file(document))


def list_of(faction: str) -> bytes:
    entries = [{"id": f"e{i}", "unit": f"unit-{i}", "options": ["spears"]} for i in range(1, 6)]
    return json.dumps({"format": "armylists/list@1", "game": "aof-regiments", "faction": faction,
                       "points_limit": 1500, "entries": entries}).encode()


def measure(client, body: bytes, runs: int) -> tuple[float, list[float], int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def post() -> float:
        start = time.perf_counter()
        response = client.post("/api/check", body, content_type="application/json")
        elapsed = (time.perf_counter() - start) * 1000
        assert response.status_code == 200, response.content
        return elapsed

    cold = post()
    warm = [post() for _ in range(runs)]
    with CaptureQueriesContext(connection) as queries:
        post()
    return cold, warm, len(queries)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup_database(Path(tmp))
        load_factions()
        from django.test import Client

        client = Client()
        client.get("/api/check")  # 405: imports and warms Django, checks nothing
        for units in (10, 500):
            cold, warm, queries = measure(client, list_of(f"sample-{units}"), args.runs)
            p95 = sorted(warm)[int(0.95 * (len(warm) - 1))]
            print(f"/api/check, {units:>3}-unit faction: first request {cold:6.1f} ms, then median "
                  f"{statistics.median(warm):6.1f} ms, p95 {p95:6.1f} ms ({args.runs} runs, {queries} queries each)")
        try:
            from factions.models import GameSystem, data_changed
        except ImportError:
            return
        game = GameSystem.objects.get(slug="aof-regiments")
        reloads = []
        for _ in range(5):
            data_changed(game.pk)
            reloads.append(measure(client, list_of("sample-500"), 0)[0])
        print(f"/api/check after the game's data changed (reads its 510 units again): "
              f"median {statistics.median(reloads):6.1f} ms (5 runs)")


if __name__ == "__main__":
    main()
