"""Benchmark the check: how its time grows with a list's entries, lists per second
through the engine, and `checklist` on 1,000 files.

The same growth is measured through the whole boundary too: a list file's
bytes read (size, UTF-8, depth, JSON), validated, resolved against the demo
unit data and checked, as POST /api/check and `checklist` do.

Run by hand (pytest does not collect it):

    .venv/bin/python tests/bench_check.py            # everything
    .venv/bin/python tests/bench_check.py --scaling  # the engine's growth only (no database)

Targets on a 2-core machine: per game, a 1,000-entry list checks in under 50 ms
and in at most 15 times the time of a 100-entry list (the check is linear in
the entries); at least 2,000 demo lists a second through the engine; and
`checklist` on 1,000 files in under 3 times its time on one file.
"""
from __future__ import annotations

import importlib
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
sys.path.insert(0, str(ROOT))

from armylists import settings as project  # noqa: E402  (the path above makes it importable)
from armylists.games import registry  # noqa: E402
from armylists.games.diskwars.rules.model import CommandCard  # noqa: E402
from armylists.games.dulce_bellum.rules.model import Grimoire, SizeProfile, Spell  # noqa: E402
from armylists.rules import check, params_for  # noqa: E402
from armylists.rules.model import Army, Entry, Faction, OptionGroup  # noqa: E402
from tests.engine_units import faction, option, unit  # noqa: E402
from tests.rules.conftest import army as army_of  # noqa: E402

SIZES = (10, 100, 1000)
# The engine without Django: the games in use, as the settings list them, their rules (handed to the check)
# and their numbers; the units' defaults (tests/engine_units.py) are those of the same games.
registry.use(lambda: project.MUSTER_GAMES)
GAME_RULES = {home.slug: home.rules for home in registry.homes()}
GAME_NUMBERS = {home.slug: home.system["params"] for home in registry.homes()}


# --- synthetic lists: every rule of the game has work to do, and many break -------------------

def _opr_army(game: str, n: int) -> Army:
    """Units with command upgrades and option groups, a hero joined to every third unit (some
    onto nothing), combined units and two other factions, at a limit most rules break."""
    command = tuple(option(c, 5, scope="model", command=c) for c in ("sergeant", "banner"))
    rifle = (option("sniper", 10, name="Sniper Rifle", group="rifle", scope="model"),)
    troops = [unit(f"troop-{k}", name=f"Troop {k}", faction=("kingdom", "undead", "orcs")[k % 3], cost=60, models=5,
                   options=command + rifle, option_groups=(OptionGroup("rifle", "Replace one rifle"),),
                   copies_of="troop-0" if k % 5 == 1 else None) for k in range(12)]
    hero = unit("captain", name="Captain", faction="kingdom", rules=("Tough(3)",), cost=50, hero=True, options=command)
    entries = []
    for i in range(n):
        if i % 3 == 2:
            target = f"e{i - 1}" if i % 9 else "nowhere"
            entries.append(Entry(f"e{i}", hero, (command[1],), details={"joined_to": target}))
        else:
            entries.append(Entry(f"e{i}", troops[i % 12], (command[1], rifle[0], rifle[0]),
                                 details={"combined": i % 4 == 0}))
    factions = tuple(Faction(s, s.title()) for s in ("kingdom", "undead", "orcs"))
    mixed = "tournament" if game == "aof-regiments" else None
    return army_of(game, *entries, points_limit=1500, mixed_armies=mixed, factions=factions)


def _battleground_army(n: int) -> Army:
    classes = ("core", "standard", "elite")
    units = [unit(f"u{k}", name=f"Unit {k}", faction=("hawkshold", "orcs", "dwarves")[k % 3], cost=100,
                  class_=classes[k % 3], mercenary=k % 2 == 0) for k in range(9)]
    entries = tuple(Entry(f"e{i}", units[i % 9]) for i in range(n))
    return army_of("battleground", *entries, faction="hawkshold", points_limit=1800, cards_bought=20)


def _diskwars_army(n: int) -> Army:
    """One hero per five disks, each leading four troops: the shape that once took seconds."""
    hero = unit("lord", name="Lord", faction="empire", kind="hero", race="human", unique=True, size="large", elite=2,
                recruitment_points=6, command_value=1)
    troops = [unit(f"t{k}", name=f"Troop {k}", faction="empire" if k else "chaos", kind="troop",
                   race=("human", "elf")[k % 2], size=("small", "medium", "large")[k % 3], elite=k % 3,
                   recruitment_cost=2) for k in range(6)]
    factions = (faction("empire", "Empire", alignment="order"), faction("chaos", "Chaos", alignment="destruction"))
    entries, leader = [], None
    for i in range(n):
        if i % 5 == 0:
            leader = f"e{i}"
            entries.append(Entry(leader, hero))
        else:
            entries.append(Entry(f"e{i}", troops[i % 6], details={"regiment": leader}))
    cards = tuple(CommandCard(f"c{k}", f"Card {k % 7}", "empire", "destruction" if k % 5 else None)
                  for k in range(n // 5))
    return army_of("diskwars", *entries, faction="empire", regiments=3, cards_chosen=cards, factions=factions)


def _dulce_bellum_army(n: int) -> Army:
    spells = tuple(Spell(f"s{k}", f"Spell {k}", basic=k == 0) for k in range(6))
    grimoires = (Grimoire("battle", "Battle Magic", spells), Grimoire("dark", "Dark Magic",
                 tuple(Spell(f"d{k}", f"Dark {k}") for k in range(6))))
    sizes = tuple(SizeProfile(s, 100) for s in ("single", "squad", "platoon", "company", "horde"))
    banner = option("banner", 5)
    units = [unit(f"u{k}", name=f"Unit {k}", faction=("dwarves", "orcs")[k % 2 if k % 7 == 0 else 0], sizes=sizes,
                  rarity=("common", "uncommon", "rare", "irregular")[k % 4], limit=2 if k % 3 == 0 else None,
                  spellcaster=(None, 2, "s3", 1)[k % 4], rules=("Master of Magic",) if k == 5 else (),
                  options=(banner,)) for k in range(8)]
    entries = tuple(Entry(f"e{i}", units[i % 8], (banner, banner),
                          details={"size": "squad", "grimoire": ("battle", "dark")[i % 2] if i % 4 else None,
                                   "spells": (f"s{i % 6}", f"d{i % 6}")}) for i in range(n))
    factions = (faction("dwarves", "Dwarf Holds", grimoires=("battle",)),
                faction("orcs", "Orc Tribes", grimoires=("dark",)))
    return army_of("dulce-bellum", *entries, faction="dwarves", points_limit=2000, factions=factions,
                grimoires=grimoires)


def synthetic_army(game: str, n: int) -> Army:
    if game in ("aof-regiments", "aof-skirmish"):
        return _opr_army(game, n)
    return {"battleground": _battleground_army, "diskwars": _diskwars_army,
            "dulce-bellum": _dulce_bellum_army}[game](n)


def time_check(army: Army, params, seconds: float = 0.3) -> float:
    """The best of five batches' time per check, in milliseconds."""
    best = float("inf")
    for _ in range(5):
        runs, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds / 5:
            check(GAME_RULES[army.game], army, params)
            runs += 1
        best = min(best, elapsed / runs)
    return best * 1000


def bench_scaling() -> bool:
    """Print the check's time per game and list size; True when every target is met."""
    print("engine, check time per list (ms):")
    print(f"  {'game':<15}" + "".join(f"{n:>10,}" for n in SIZES) + f"{'1,000/100':>11}  verdicts")
    met = True
    for game in sorted(GAME_NUMBERS):
        params = params_for(GAME_RULES[game], GAME_NUMBERS[game])
        times = {n: time_check(synthetic_army(game, n), params) for n in SIZES}
        ratio = times[1000] / times[100]
        ok = ratio <= 15 and times[1000] < 50
        met &= ok
        violations = len(check(GAME_RULES[game], synthetic_army(game, 1000), params).violations)
        print(f"  {game:<15}" + "".join(f"{times[n]:>10.3f}" for n in SIZES)
              + f"{ratio:>10.1f}x  {'ok' if ok else 'MISSED'} ({violations:,} violations at 1,000)")
    print("  targets: 1,000 entries under 50 ms, at most 15 times the 100-entry time")
    return met


def setup_database(directory: Path) -> dict[str, str]:
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{directory / 'bench.sqlite3'}",
               DJANGO_SETTINGS_MODULE="armylists.settings")
    for command in (["migrate", "-v0"], ["seed_demo", "-v0"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True)
    return env


def grown_list(template: dict, n: int) -> bytes:
    """A demo list file grown to `n` entries by repeating its entries; each copy keeps its joins and
    regiments within itself (ids get a suffix per copy)."""
    entries, copy = [], 0
    while len(entries) < n:
        for entry in template["entries"]:
            grown = {**entry, "id": f"{entry['id']}-{copy}"}
            for ref in ("joined_to", "regiment"):
                if ref in grown:
                    grown[ref] = f"{grown[ref]}-{copy}"
            entries.append(grown)
        copy += 1
    return json.dumps({**template, "entries": entries[:n]}).encode()


def time_boundary(raw: bytes, batch, seconds: float = 0.3) -> float:
    """Like time_check, for bytes in -> report out (parse, validate, resolve, check)."""
    from armylists.boundary.jsonfile import parse_json

    best = float("inf")
    for _ in range(5):
        runs, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds / 5:
            batch.check(parse_json(raw))
            runs += 1
        best = min(best, elapsed / runs)
    return best * 1000


def bench_boundary() -> bool:
    """The check's time through the whole boundary per game and list size; True when the targets are met."""
    from armylists.checking.check import Batch

    batch = Batch()
    templates = {}
    for path in LISTS:  # the demo list of each game with the most entries
        data = json.loads(path.read_text())
        if len(data["entries"]) > len(templates.get(data["game"], {"entries": []})["entries"]):
            templates[data["game"]] = data
    print("boundary, bytes to report per list file (ms): read, validate, resolve against the demo data, check")
    print(f"  {'game':<15}" + "".join(f"{n:>10,}" for n in SIZES) + f"{'1,000/100':>11}  {'file at 1,000':>14}")
    met = True
    for game in sorted(templates):
        files = {n: grown_list(templates[game], n) for n in SIZES}
        times = {n: time_boundary(files[n], batch) for n in SIZES}
        ratio = times[1000] / times[100]
        ok = ratio <= 15 and times[1000] < 50
        met &= ok
        print(f"  {game:<15}" + "".join(f"{times[n]:>10.3f}" for n in SIZES)
              + f"{ratio:>10.1f}x  {len(files[1000]):>10,} B  {'ok' if ok else 'MISSED'}")
    print("  targets: 1,000 entries under 50 ms, at most 15 times the 100-entry time")
    return met


def setup_django(env: dict[str, str]) -> None:
    """Django on the bench's own database: the settings, read at import for the games in use, are read again
    with its DATABASE_URL (else the checks would read whatever database the checkout has)."""
    os.environ.update(env)
    importlib.reload(project)
    import django

    django.setup()


def bench_engine(env: dict[str, str], seconds: float = 3.0) -> None:
    from armylists.checking.check import Batch
    from factions.models import game_params

    batch = Batch()
    cases = []
    for path in LISTS:
        checked = batch.check(json.loads(path.read_text()))
        cases.append((checked.army, game_params(batch.games[checked.army.game])))
    print(f"engine: {len(cases)} lists of the five games, {sum(len(a.entries) for a, _ in cases)} entries in all")
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for army, params in cases:
            check(GAME_RULES[army.game], army, params)
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
    met = bench_scaling()
    if "--scaling" not in sys.argv[1:]:
        with tempfile.TemporaryDirectory() as tmp:
            directory = Path(tmp)
            env = setup_database(directory)
            bench_checklist(env, directory)
            setup_django(env)
            met &= bench_boundary()
            bench_engine(env)
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
