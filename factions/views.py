"""Browsing the game library: games, their construction rules, factions and unit cards."""
from __future__ import annotations

from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from armylists.games.registry import game_home, homes

from .exporter import units_with_details
from .models import Faction, GameSystem, Spell, Unit, game_params

# Filters that are a yes/no column; the fields a faction page filters by are its game's (`library_filters`).
FLAGS = {"hero": ("Hero", "Not a hero"), "mercenary": ("Mercenary", "Not a mercenary")}


def filter_choices(game: str, units: list[Unit]) -> list[tuple[str, list[tuple[str, str]]]]:
    """Option groups for the filter menu: (heading, [(value, label)]), values like "rarity:rare"."""
    groups = []
    for field in game_home(game).library_filters:
        heading = str(Unit._meta.get_field(field).verbose_name).capitalize()
        if field in FLAGS:
            yes, no = FLAGS[field]
            groups.append((heading, [(f"{field}:yes", yes), (f"{field}:no", no)]))
            continue
        display = dict(Unit._meta.get_field(field).choices or [])
        values = sorted({getattr(u, field) for u in units if getattr(u, field)})
        groups.append((heading, [(f"{field}:{v}", display.get(v, v)) for v in values]))
    return [group for group in groups if group[1]]


def matches(unit: Unit, wanted: str, query: str) -> bool:
    if query and query.lower() not in unit.name.lower():
        return False
    field, _, value = wanted.partition(":")
    if field not in {f for home in homes() for f in home.library_filters}:
        return True
    if field in FLAGS:
        return getattr(unit, field) == (value == "yes")
    return getattr(unit, field) == value


def name_fixed_spells(units: list[Unit], game: GameSystem) -> list[Unit]:
    """Dulce Bellum: a Spellcaster(<spell>) unit shows its spell by name (one query, only if one has it)."""
    fixed = {u.fixed_spell for u in units if u.fixed_spell}
    names = dict(Spell.objects.filter(grimoire__game=game, slug__in=fixed).values_list("slug", "name")) if fixed else {}
    for unit in units:
        unit.fixed_spell_name = names.get(unit.fixed_spell, "") if unit.fixed_spell else ""
    return units


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
        "game": game_system, "factions": factions, "rules": params.explain(), "params": game_system.params,
        "grimoires": game_system.grimoires.prefetch_related("spells"),
    })


@require_GET
def faction_detail(request: HttpRequest, game: str, faction: str) -> HttpResponse:
    faction_row = get_object_or_404(Faction.objects.select_related("game"), game__slug=game, slug=faction)
    units = name_fixed_spells(list(units_with_details(faction_row.units.all())), faction_row.game)
    wanted, query = request.GET.get("filter", ""), request.GET.get("q", "").strip()
    shown = [u for u in units if matches(u, wanted, query)]
    template = "factions/faction_detail.html" + ("#unit-cards" if request.htmx else "")
    return render(request, template, {
        "game": faction_row.game, "faction": faction_row, "units": shown, "unit_total": len(units),
        "filter_groups": filter_choices(game, units), "wanted": wanted, "query": query,
        "command_cards": faction_row.command_cards.all(), "grimoires": faction_row.grimoires.all(),
    })


@require_GET
def unit_detail(request: HttpRequest, game: str, faction: str, unit: str) -> HttpResponse:
    unit_row = get_object_or_404(
        units_with_details(Unit.objects.select_related("faction__game")),
        faction__game__slug=game, faction__slug=faction, slug=unit,
    )
    name_fixed_spells([unit_row], unit_row.faction.game)
    return render(request, "factions/unit_detail.html", {
        "unit": unit_row, "faction": unit_row.faction, "game": unit_row.faction.game,
    })
