"""A game's package copied under a new name and slug and listed in the setting, as the sixth-game tests use it
(docs/architecture.md, "A game is one package")."""
from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

GAMES = Path(__file__).resolve().parents[2] / "armylists" / "games"


@contextmanager
def listed_copy(folder: Path, monkeypatch, model: str, package: str, slug: str,
                prepare: Callable[[Path], None] = lambda copy: None) -> Iterator[Path]:
    """armylists/games/<model> copied to <folder>/<package>, its home's slug made `slug` (and the copy changed
    further by `prepare`), listed in `MUSTER_GAMES` and migrated (its rows come from its package, with no
    migration); yields the copy."""
    copy = folder / package
    shutil.copytree(GAMES / model, copy, ignore=shutil.ignore_patterns("__pycache__"))
    home = copy / "home.py"
    source, found = re.subn(r'(?m)^    slug = "[^"]+"$', f'    slug = "{slug}"', home.read_text())
    assert found == 1, f"{model}'s home declares its slug once"
    home.write_text(source)
    prepare(copy)
    monkeypatch.syspath_prepend(str(folder))
    with override_settings(MUSTER_GAMES=[*settings.MUSTER_GAMES, package]):
        call_command("migrate", verbosity=0)
        yield copy
