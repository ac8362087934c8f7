"""Browsing the game library: games, their construction rules, factions and unit cards."""
from __future__ import annotations

from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from armylists.rules.explain import explain

from .exporter import units_with_details
from .models import Faction, GameSystem, Unit, game_params

# What a faction page can be filtered by, per game: (query name, model field, label).
FILTERS = {
    "aof-regiments": ("hero", "Heroes"),
    "aof-skirmish": ("hero", "Heroes"),
    "battleground": ("unit_class", "Class"),
    "diskwars": ("kind", "Kind"),
    "dulce-bellum": ("rarity", "Rarity"),
}


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    games = GameSystem.objects.annotate(faction_count=Count("factions"))
    return render(request, "factions/home.html", {"games": games})


@require_GET
def game_detail(request: HttpRequest, game: str) -> HttpResponse:
    game_system = get_object_or_404(GameSystem, slug=game)
    factions = game_system.factions.annotate(unit_count=Count("units"))
    params = game_params(game_system)
    return render(request, "factions/game_detail.html", {
        "game": game_system, "factions": factions, "rules": explain(params), "params": game_system.params,
    })


def _filter_choices(game: str, units: list[Unit]) -> tuple[str, str, list[tuple[str, str]]]:
    field, label = FILTERS[game]
    if field == "hero":
        return field, label, [("yes", "Heroes"), ("no", "Not heroes")]
    values = sorted({getattr(u, field) for u in units if getattr(u, field)})
    display = dict(Unit._meta.get_field(field).choices or [])
    return field, label, [(v, display.get(v, v)) for v in values]


def _matches(unit: Unit, field: str, wanted: str, query: str) -> bool:
    if query and query.lower() not in unit.name.lower():
        return False
    if not wanted:
        return True
    if field == "hero":
        return unit.hero == (wanted == "yes")
    return getattr(unit, field) == wanted


@require_GET
def faction_detail(request: HttpRequest, game: str, faction: str) -> HttpResponse:
    faction_row = get_object_or_404(Faction.objects.select_related("game"), game__slug=game, slug=faction)
    units = list(units_with_details(faction_row.units.all()))
    field, label, choices = _filter_choices(game, units)
    wanted, query = request.GET.get("filter", ""), request.GET.get("q", "").strip()
    shown = [u for u in units if _matches(u, field, wanted, query)]
    template = "factions/faction_detail.html" + ("#unit-cards" if request.htmx else "")
    return render(request, template, {
        "game": faction_row.game, "faction": faction_row, "units": shown, "unit_total": len(units),
        "filter_label": label, "filter_choices": choices, "wanted": wanted, "query": query,
        "command_cards": faction_row.command_cards.all(),
    })


@require_GET
def unit_detail(request: HttpRequest, game: str, faction: str, unit: str) -> HttpResponse:
    unit_row = get_object_or_404(
        units_with_details(Unit.objects.select_related("faction__game")),
        faction__game__slug=game, faction__slug=faction, slug=unit,
    )
    return render(request, "factions/unit_detail.html", {
        "unit": unit_row, "faction": unit_row.faction, "game": unit_row.faction.game,
    })
