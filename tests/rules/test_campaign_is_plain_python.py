"""The campaign rules are part of the engine: importing and running them loads no Django and no pydantic."""
import subprocess
import sys


def test_the_campaign_rules_import_without_django_or_pydantic():
    code = (
        "import sys, armylists.rules.campaign, armylists.rules.campaign.data;"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'django', 'pydantic', 'weasyprint', 'factions'});"
        "print(','.join(bad)); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, f"the campaign rules imported: {result.stdout or result.stderr}"
