"""Every Muster command, run before `migrate`, says so in a sentence and exits 2: never a traceback."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
A_LIST = str(ROOT / "factions" / "data" / "demo" / "lists" / "battleground-legal.json")
A_FACTION_FILE = str(ROOT / "factions" / "data" / "demo" / "battleground.json")


@pytest.mark.parametrize("command", [
    ["checklist", A_LIST],
    ["render_roster", A_LIST, "-o", "roster.pdf"],
    ["import_factions", A_FACTION_FILE],
    ["export_factions", "battleground"],
    ["seed_demo"],
])
def test_a_command_on_a_database_that_is_not_set_up_asks_for_migrate(tmp_path, command):
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'empty.sqlite3'}"}
    ran = subprocess.run([sys.executable, str(ROOT / "manage.py"), *command], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert ran.returncode == 2
    assert "Traceback" not in ran.stderr and "manage.py migrate" in ran.stderr
    assert not (tmp_path / "roster.pdf").exists()
