"""Browsing the game library: games, their construction rules, factions and unit cards."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from armylists.games.base import Game
from armylists.games.own_fields import filter_options, matches_filter
from armylists.rules.text import in_words, setting_name

from .armyforge import edition_lines
from .exporter import units_with_details
from .models import Faction, GameSystem, Unit, game_params, labelled


def filter_choices(home: Game, units: list[Unit]) -> list[tuple[str, list[tuple[str, str]]]]:
    """Option groups for the filter menu: (heading, [(value, label)]), values like "rarity:rare"."""
    groups = [(f.label, [(f"{f.name}:{value}", label)
                         for value, label in filter_options(f, {u.details.get(f.name) for u in units})])
              for f in home.library.filters]
    return [group for group in groups if group[1]]


def matcher(home: Game, wanted: str, query: str) -> Callable[[Unit], bool]:
    """Whether a unit is shown: its name holds the search, and it has the value the filter ("rarity:rare")
    asks for; the filter's field is looked up once, not per unit."""
    name, _, value = wanted.partition(":")
    field = next((f for f in home.library.filters if f.name == name), None)
    return lambda unit: ((not query or query.lower() in unit.name.lower())
                         and (field is None or matches_filter(field, unit.details, value)))


def with_card_facts(units: list[Unit], game: GameSystem) -> list[Unit]:
    """Each unit with its tags as its game shows them, and its number of models where its game counts them; a
    unit that names a spell names it by the spell's name. Each of its options (prefetched) with the notes its game
    puts after the option's cost."""
    home = game.home
    grimoires = home.magic.grimoire_docs(game.details) if home.magic else []
    names = {s["slug"]: s["name"] for g in grimoires for s in g["spells"]}
    for unit in units:
        unit.tags = home.library.unit_tags(unit.details, names)
        unit.model_count = home.library.models_of(unit.details)
        for option in unit.options.all():
            option.notes = home.library.option_card_notes(option.details)
    return units


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    games = GameSystem.objects.annotate(faction_count=Count("factions"))
    return render(request, "factions/home.html", {"games": games})


@require_GET
def game_detail(request: HttpRequest, game: str) -> HttpResponse:
    game_system = get_object_or_404(GameSystem, slug=game)
    factions = list(game_system.factions.annotate(unit_count=Count("units")))
    home = game_system.home
    for faction in labelled(factions):
        faction.side = home.library.alignment_said(faction.details)  # "Order", where its game has sides
    params = game_params(game_system)
    return render(request, "factions/game_detail.html", {
        "game": game_system, "factions": factions, "rules": params.explain(),
        "params": {setting_name(k): in_words(v) for k, v in game_system.params.items()},
        "grimoires": magic.grimoire_docs(game_system.details) if (magic := home.magic) else [],
    })


@require_GET
def faction_detail(request: HttpRequest, game: str, faction: str) -> HttpResponse:
    faction_row = get_object_or_404(Faction.objects.select_related("game"), game__slug=game, slug=faction)
    units = with_card_facts(list(units_with_details(faction_row.units.all())), faction_row.game)
    wanted, query = request.GET.get("filter", ""), request.GET.get("q", "").strip()
    home = faction_row.game.home
    shown = list(filter(matcher(home, wanted, query), units))
    template = "factions/faction_detail.html" + ("#unit-cards" if request.htmx else "")
    return render(request, template, {
        "game": faction_row.game, "faction": faction_row, "units": shown, "unit_total": len(units),
        "filter_groups": filter_choices(home, units), "wanted": wanted, "query": query,
        **own_fields_shown(faction_row),
    })


def own_fields_shown(faction: Faction) -> dict[str, Any]:
    """What a faction's page shows of its own fields, asked of its game: its command cards, the grimoires its
    casters draw on, its book's spells and, for a book read from Army Forge, its edition."""
    home, details = faction.game.home, faction.details
    book = home.army_forge_reader.book_of(details) if home.army_forge_reader else None
    cards, magic = home.cards, home.magic
    drawn_on = set(magic.grimoires_of(details)) if magic else set()
    return {"command_cards": [cards.shown(c) for c in cards.of(details)] if cards else [],
            "spells": home.library.book_spells(details),
            "grimoires": [g for g in magic.grimoire_docs(faction.game.details) if g["slug"] in drawn_on] if magic
            else [],
            "editions": edition_lines(home, book.get("version")) if book else []}


@require_GET
def unit_detail(request: HttpRequest, game: str, faction: str, unit: str) -> HttpResponse:
    unit_row = get_object_or_404(
        units_with_details(Unit.objects.select_related("faction__game")),
        faction__game__slug=game, faction__slug=faction, slug=unit,
    )
    with_card_facts([unit_row], unit_row.faction.game)
    return render(request, "factions/unit_detail.html", {
        "unit": unit_row, "faction": unit_row.faction, "game": unit_row.faction.game,
    })
