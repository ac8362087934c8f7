"""What replacing a faction by a book would break of the saved lists (factions/signals.py, `replacing`)."""
from __future__ import annotations

from factions.signals import lacks_units, naming

from .models import ArmyList


def lists_broken(sender, *, game: str, faction: str, kept: set[str], **kwargs) -> list[str]:
    """Saved lists with an entry of the faction whose unit the book does not bring ("Needs repair" after)."""
    broken = [army_list.name for army_list in ArmyList.objects.filter(game__slug=game).only("name", "document")
              .iterator() if lacks_units(army_list.document, faction, kept)]
    return [naming(len(broken), "saved lists would need repair (units the book does not have)", broken)] \
        if broken else []
