"""What the game library asks the apps above it, without importing them (docs/architecture.md, the layers).

`replacing` is sent before a faction is replaced by a book (`import_factions --army-forge --replace`, or the
admin's page): each app that keeps something naming the faction's units (saved lists, events' submissions,
campaigns' armies) answers with sentences saying what of it the new units would break, so nothing is
written until the person confirms. Sent with `game` and `faction` (slugs) and `kept`, the unit slugs the
book brings.
"""
from django.dispatch import Signal

replacing = Signal()


def broken_by_replacing(game: str, faction: str, kept: set[str]) -> list[str]:
    """Every app's sentences on what replacing the faction would break; none when nothing would."""
    return [line for _, lines in replacing.send(sender=None, game=game, faction=faction, kept=kept)
            for line in lines or ()]


def lacks_units(document: dict, faction: str, kept: set[str]) -> bool:
    """Whether a list document has an entry of `faction` (its own, or the list's) whose unit is not in `kept`."""
    return any((e.get("faction") or document.get("faction")) == faction and e.get("unit") not in kept
               for e in document.get("entries", []))


def naming(count: int, what: str, names: list[str]) -> str:
    """"2 saved lists would name units the book does not have: Spring, Autumn"."""
    shown = ", ".join(names[:10]) + (f" and {len(names) - 10} more" if len(names) > 10 else "")
    return f"{count} {what}: {shown}"
