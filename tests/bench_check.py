"""Benchmark the check: lists per second through the engine, and `checklist` on 1,000 files.

Run by hand (pytest does not collect it):

    .venv/bin/python tests/bench_check.py

Targets on a 2-core machine: at least 2,000 lists a second through the engine,
and `checklist` on 1,000 files in under 3 times its time on one file.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LISTS = sorted((ROOT / "factions" / "data" / "demo" / "lists").glob("*.json"))


def setup_database(directory: Path) -> dict[str, str]:
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{directory / 'bench.sqlite3'}", DJANGO_SETTINGS_MODULE="armylists.settings")
    for command in (["migrate", "-v0"], ["seed_demo", "-v0"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True)
    return env


def bench_engine(env: dict[str, str], seconds: float = 3.0) -> None:
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from armylists.builder.checking import Libraries, check_document
    from armylists.rules import check
    from factions.models import GameSystem, game_params

    libraries = Libraries(whole_games=True)
    cases = []
    for path in LISTS:
        checked = check_document(json.loads(path.read_text()), libraries=libraries)
        cases.append((checked.army, game_params(GameSystem.objects.get(slug=checked.army.game))))
    print(f"engine: {len(cases)} lists of the five games, {sum(len(a.entries) for a, _ in cases)} entries in all")
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for army, params in cases:
            check(army, params)
        done += len(cases)
    elapsed = time.perf_counter() - start
    print(f"engine: {done / elapsed:,.0f} lists checked per second (target ≥ 2,000)")


def time_checklist(env: dict[str, str], files: list[str], runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "manage.py", "checklist", "--json", *files], cwd=ROOT, env=env,
                       capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_checklist(env: dict[str, str], directory: Path) -> None:
    files = []
    for i in range(1000):
        source = LISTS[i % len(LISTS)]
        target = directory / f"list-{i:04}.json"
        target.write_text(source.read_text())
        files.append(str(target))
    one = time_checklist(env, files[:1])
    thousand = time_checklist(env, files)
    print(f"checklist: 1 file {one:.2f} s, 1,000 files {thousand:.2f} s "
          f"({thousand / one:.2f} times; target under 3)")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        env = setup_database(directory)
        bench_checklist(env, directory)
        bench_engine(env)


if __name__ == "__main__":
    main()
