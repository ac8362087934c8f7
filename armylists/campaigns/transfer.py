"""Campaign files: writing a campaign out, and replaying a file into a new campaign.

Importing goes through `services.perform`, action by action, exactly as the
pages do: the file's dice and choices are used (and must all be used), the
actors and owners are the site's users of the same names, and the first
action the rules refuse stops the import, naming it. Nothing is written
unless the whole file replays.
"""
from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from armylists.boundary.errors import BadInput
from armylists.rules.campaign import NeedChoice, NeedDie, Refused
from factions.models import GameSystem

from . import services
from .fileformat import FORMAT, CampaignFile, parse_campaign_file
from .models import Campaign, Membership


def export_campaign(campaign: Campaign) -> dict[str, Any]:
    actions = campaign.actions.select_related("actor").order_by("number")
    members = campaign.memberships.select_related("user").order_by("joined", "pk")
    return {
        "format": FORMAT, "slug": campaign.slug, "name": campaign.name, "game": campaign.game.slug,
        "kind": campaign.kind, "parallel_play": campaign.parallel_play, "late_joiners": campaign.late_joiners,
        "permadeath": campaign.permadeath, "overrides": campaign.overrides,
        "game_master": campaign.game_master.get_username(),
        "members": [m.user.get_username() for m in members],
        "actions": [{"kind": a.kind, "actor": a.actor.get_username(), "at": a.at.isoformat(), "data": a.payload,
                     "rolls": a.rolls, "choices": a.choices} for a in actions],
    }


def _users(parsed: CampaignFile) -> dict:
    found = {u.get_username(): u for u in get_user_model().objects.filter(username__in=parsed.members)}
    for index, name in enumerate(parsed.members):
        if name not in found:
            raise BadInput(f"members[{index}]", f"no user {name!r} on this site")
    return found


@transaction.atomic
def import_campaign(data: Any, slug: str | None = None) -> Campaign:
    """A new campaign from a campaign file (under `slug` if given); BadInput or Refused say why not."""
    parsed = parse_campaign_file(data)
    slug = slug or parsed.slug
    if Campaign.objects.filter(slug=slug).exists() or slug in services.RESERVED_SLUGS:
        raise BadInput("slug", f"there is already a campaign {slug!r}; import it under another slug (--as)")
    game = GameSystem.objects.filter(slug=parsed.game).first()
    if game is None:
        raise BadInput("game", f"no game {parsed.game!r}")
    users = _users(parsed)
    try:
        overrides = services.house_rules(parsed.overrides)
    except Refused as error:
        raise BadInput("overrides", str(error)) from None
    campaign = Campaign.objects.create(slug=slug, name=parsed.name, game=game, kind=parsed.kind,
                                       parallel_play=parsed.parallel_play, late_joiners=parsed.late_joiners,
                                       permadeath=parsed.permadeath, game_master=users[parsed.game_master],
                                       overrides=overrides)
    Membership.objects.bulk_create(Membership(campaign=campaign, user=users[name]) for name in parsed.members)
    for index, action in enumerate(parsed.actions):
        actor = users.get(action.actor)
        if actor is None:
            raise BadInput(f"actions[{index}].actor", f"{action.actor!r} is not a member of the campaign")
        try:
            services.perform(campaign=campaign, actor=actor, kind=action.kind,
                             data=action.data.model_dump(exclude_defaults=True), entered=action.rolls,
                             choices=action.choices, roll=False, strict=True, at=action.at,
                             where=("actions", index, "data"))
        except (Refused, NeedDie, NeedChoice) as error:
            raise BadInput(f"actions[{index}]", f"{action.kind} is refused: {error}") from None
    return campaign
