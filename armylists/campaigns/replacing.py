"""What replacing a faction by a book would break of the campaigns (factions/signals.py, `replacing`)."""
from __future__ import annotations

from factions.signals import naming

from .models import CampaignUnit


def armies_broken(sender, *, game: str, faction: str, kept: set[str], **kwargs) -> list[str]:
    """Campaign units of the faction whose unit the book does not bring: their armies' sheets lose them."""
    units = (CampaignUnit.objects.filter(army__campaign__game__slug=game, faction=faction, active=True)
             .exclude(unit__in=kept).select_related("army__campaign"))
    campaigns = sorted({u.army.campaign.name for u in units})
    return [naming(len(campaigns), "campaigns have units the book does not have", campaigns)] if campaigns else []
