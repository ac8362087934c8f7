"""The rules engine and each game's rules are plain Python: importing them loads no Django and no pydantic."""
import subprocess
import sys

from django.conf import settings


def test_the_engine_imports_without_django_or_pydantic():
    code = (
        "import sys, armylists.rules, armylists.rules.overrides, armylists.rules.campaign;"
        f"import {', '.join(f'{game}.rules' for game in settings.MUSTER_GAMES)};"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'django', 'pydantic', 'weasyprint', 'factions'});"
        "print(','.join(bad)); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, f"the engine imported: {result.stdout or result.stderr}"
