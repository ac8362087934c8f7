"""Each game in use with campaign rules gets its campaign rules row from its package, so a new game needs no
migration.

A game's package ships its campaign numbers and tables (`Game.campaign.data`;
docs/architecture.md, "A game is one package"). After every `migrate` (and
every flush of the test database) each game in use with campaign rules and a
game-system row but no campaign rules row gets one, and a row lacking a number
or table its package now declares gets it: what an administrator changed keeps
its value, and nothing is removed (as factions/systems.py does for the game
systems' numbers).
"""
from __future__ import annotations

from django.apps import apps as global_apps

from armylists.games.registry import homes


def sync_campaign_rules(game_systems, campaign_rules) -> None:
    """Create or complete the campaign rules rows of the games in use; the models are passed in (a migration
    passes its historical ones)."""
    for home in homes():
        system = game_systems.objects.filter(slug=home.slug).first()
        if home.campaign is None or system is None:
            continue
        shipped = dict(home.campaign.data)
        row = campaign_rules.objects.filter(game=system).first()
        if row is None:
            campaign_rules.objects.create(game=system, params=shipped)
            continue
        missing = {k: v for k, v in shipped.items() if k not in row.params}
        if missing:
            row.params = {**row.params, **missing}
            row.save(update_fields=["params"])


def sync_after_migrate(sender, apps=global_apps, **kwargs) -> None:
    """post_migrate, after the game library's (its app comes first in INSTALLED_APPS, so the game systems'
    rows are there); a flush passes no models, `migrate` the ones after it."""
    try:
        game_systems = apps.get_model("factions", "GameSystem")
        campaign_rules = apps.get_model("campaigns", "CampaignRules")
    except LookupError:  # migrated back before the tables existed
        return
    sync_campaign_rules(game_systems, campaign_rules)
