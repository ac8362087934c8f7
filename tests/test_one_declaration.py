"""Ideas declared once across the apps: one exception for a refused request, one ownership check, a game's
own words for the library's columns, the tournament's starting scoring, the widths the browser tests try."""
from __future__ import annotations

import ast
import re
import typing
from pathlib import Path

import pytest
from django.urls import reverse

from armylists.builder import permissions
from armylists.builder.services import Refused as BuilderRefused
from armylists.events.services import Refused as EventRefused
from armylists.games.diskwars.home import ALIGNMENTS
from armylists.games.dulce_bellum.home import SIZES
from armylists.games.opr.options import COMMANDS, SCOPES
from armylists.games.own_fields import item_schema, unit_schema
from armylists.games.registry import game_home
from armylists.rules.campaign import Refused as CampaignRefused
from armylists.rules.refused import Refused
from armylists.tournament.models import Tournament
from armylists.tournament.scoring import DEFAULTS
from factions.admin_details import PREFIX, faction_form_for

ROOT = Path(__file__).resolve().parents[1]
APPS = ROOT / "armylists"


def _modules(top: Path = APPS):
    return [(path, path.read_text(encoding="utf-8")) for path in top.rglob("*.py") if "migrations" not in path.parts]


def _written_together(values) -> list[str]:
    """The modules of the apps and the game library that write every one of `values` in one tuple, list, set,
    dict or Literal."""
    wanted = set(values)
    return sorted(str(path.relative_to(ROOT)) for top in (APPS, ROOT / "factions") for path, text in _modules(top)
                  if any(wanted <= {getattr(e, "value", None) for e in getattr(node, "elts", getattr(node, "keys", ()))}
                         for node in ast.walk(ast.parse(text))))


def test_every_app_refuses_with_the_one_refused():
    assert BuilderRefused is EventRefused is CampaignRefused is Refused
    refusals = [f"{path.relative_to(APPS)}: {node.name}" for path, text in _modules()
                for node in ast.walk(ast.parse(text)) if isinstance(node, ast.ClassDef)
                and node.name.startswith("Refus") and any(getattr(b, "id", "") == "Exception" for b in node.bases)]
    assert refusals == ["rules/refused.py: Refused"]


def test_no_view_looks_a_list_up_by_its_number_or_share_link_but_through_permissions():
    lookup = re.compile(r"ArmyList\.objects\b[^\n]*\b(pk|share_token)=")
    views = [path for path, text in _modules() if "views" in path.parts or path.name == "views.py"
             if lookup.search(text)]
    assert views == []


@pytest.mark.django_db
def test_printing_asks_the_builders_ownership_check(client, django_user_model, monkeypatch):
    asked = []
    real = permissions.owned_list
    monkeypatch.setattr(permissions, "owned_list", lambda user, pk: asked.append(pk) or real(user, pk))
    client.force_login(django_user_model.objects.create_user("someone", password="pw-someone-123"))
    assert client.get(reverse("printing:list-pdf", args=[12345])).status_code == 404
    assert asked == [12345]




def _unit_sizes(game: str):
    """The sizes a unit of `game` may be taken at, as its schema's `sizes` declares them, labelled as the library's
    card shows them."""
    def read():
        sizes = item_schema(unit_schema(game_home(game).faction_schema), "sizes")
        return [(c, row["label"]) for c in typing.get_args(sizes.model_fields["size"].annotation)
                for row in game_home(game).library.size_rows({"sizes": [{"size": c, "points": 0}]})]
    return read


def _faction_field(game: str, name: str):
    """The choices of one of a game's own faction fields, with their words, as the admin's faction form offers
    them (after its "—" for none)."""
    return lambda: list(faction_form_for(game)().fields[PREFIX + name].choices)[1:]


# A game's own words for a field of its units or its factions, kept in their `details`, each set declared once in
# the game's package (docs/architecture.md, "A game is one package"): its file's schema and the library read it.
OWN_WORDS = [(ALIGNMENTS, "armylists/games/diskwars/home.py", [_faction_field("diskwars", "alignment")]),
             (SIZES, "armylists/games/dulce_bellum/home.py", [_unit_sizes("dulce-bellum")])]


@pytest.mark.parametrize("words, declared_in, choices", OWN_WORDS)
def test_a_games_own_words_are_declared_once_in_its_package(words, declared_in, choices):
    for read in choices:
        assert read() == list(words.items())
    assert _written_together(words) == [declared_in]


# A game's own words for a field of its options, kept in the option's `details`: the field declared by its file's
# schema offers them (`OwnField.choices`, which the admin's form offers), and they are written once.
OPTION_WORDS = [(SCOPES, "armylists/games/opr/options.py", "aof-regiments", "scope"),
                (COMMANDS, "armylists/games/opr/options.py", "aof-skirmish", "command")]


@pytest.mark.parametrize("words, declared_in, game, name", OPTION_WORDS)
def test_a_games_own_words_for_its_options_are_declared_once_in_its_package(words, declared_in, game, name):
    field = next(f for f in game_home(game).files.option_fields if f.name == name)
    assert set(field.choices) == set(words) and field.kind == "choice"
    assert _written_together(words) == [declared_in]


def test_the_tournament_starts_from_one_declaration_of_its_scoring():
    fields = {"rounds": "rounds", "win": "win_vp", "tie": "tie_vp", "loss": "loss_vp"}
    assert {key: Tournament._meta.get_field(name).default for key, name in fields.items()} == {
        key: DEFAULTS[key] for key in fields}
    # A game's home may declare its book's own scoring (`Game.tournament_scoring`); the tournament writes its own once.
    declared = [path for path in _written_together(fields) if not path.endswith("/home.py")]
    assert declared == ["armylists/tournament/scoring.py"]


def test_the_browser_tests_try_the_widths_declared_once():
    assigned = [path.name for path, text in _modules(ROOT / "tests" / "browser") for node in ast.walk(ast.parse(text))
                if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "WIDTHS" for t in node.targets)]
    assert assigned == ["layout.py"]
