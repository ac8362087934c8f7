"""The builder's part of the demo `seed_demo` makes (armylists/demo/): the demo player and its example lists,
a legal and an illegal one per game, read from `factions/data/demo/lists/` (factions/data/demo/README.md)."""
from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from armylists.boundary.errors import BadInput
from armylists.boundary.jsonfile import read_json

from .models import ArmyList
from .services import import_list

DEMO = Path(settings.BASE_DIR) / "factions" / "data" / "demo"
DEMO_USER, DEMO_PASSWORD = "demo", "muster-demo"


@transaction.atomic
def seed_demo_lists() -> int:
    """The demo player (made with the demo password if new) and the example lists it lacks, by name: how many
    lists it has. A list file that cannot be used raises `BadInput`, named first: `<file>: <path>: <sentence>`."""
    player, created = get_user_model().objects.get_or_create(username=DEMO_USER)
    if created:
        player.set_password(DEMO_PASSWORD)
        player.save()
    for path in sorted((DEMO / "lists").glob("*.json")):
        try:
            data = read_json(path)
            if ArmyList.objects.filter(owner=player, name=data.get("name")).exists():
                continue
            import_list(owner=player, data=data)
        except BadInput as error:
            raise BadInput(str(path), str(error)) from None
    return ArmyList.objects.filter(owner=player).count()
