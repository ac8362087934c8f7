"""What replacing a faction by a book would break of the saved lists (factions/signals.py, `replacing`)."""
from __future__ import annotations

from factions.signals import naming

from .models import ArmyList


def lists_broken(sender, *, game: str, faction: str, kept: set[str], **kwargs) -> list[str]:
    """Saved lists with an entry of the faction whose unit the book does not bring ("Needs repair" after)."""
    broken = [army_list.name for army_list in ArmyList.objects.filter(game__slug=game).only("name", "document")
              .iterator() if any((e.get("faction") or army_list.document.get("faction")) == faction
                                 and e.get("unit") not in kept for e in army_list.document.get("entries", []))]
    return [naming(len(broken), "saved lists would need repair (units the book does not have)", broken)] \
        if broken else []
