"""Campaign files: writing a campaign out, and replaying a file into a new campaign.

Importing checks the file once at the boundary (`fileformat`), replays its
actions once, in memory, through the same rules engine as the pages (the
file's dice and choices are used and must all be used; actors and owners are
the site's users of the same names), then writes the campaign, its log, its
ledger and its index rows in bulk in one short transaction. The first action
the rules refuse stops the import, naming it, and nothing is written. The work
grows linearly with the file (docs/campaigns.md, "The campaign file").
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from pydantic_core import to_json

from armylists.boundary.errors import BadInput
from armylists.games.registry import campaign_of
from armylists.rules.campaign import CampaignState, Outcome, Refused, Stored, replay
from armylists.rules.campaign.actions import HouseRule
from armylists.rules.campaign.data import action_from_data, to_data
from armylists.rules.campaign.engine import ReplayRefused
from factions.models import GameSystem

from . import services
from .fileformat import FORMAT, CampaignFile, parse_campaign_file
from .models import SUMMARY_MAX, Action, Campaign, CampaignArmy, CampaignUnit, LedgerEntry, Membership
from .snapshots import initial_state, remember, rules_of
from .speccheck import spec_faults

Entry = tuple[str, str, datetime]  # an action's kind, actor and time, as the log keeps them
HOUSE_RULE_LISTED = 20  # differences named in the logged house rule; the rest are counted
ACTION_FIELDS = ("kind", "actor__username", "at", "payload", "rolls", "choices")


def export_campaign(campaign: Campaign) -> dict[str, Any]:
    # Plain values, not an Action object per action: those took longer than all the rest of the file
    # at 20,000 actions (docs/campaigns.md, "How it is kept").
    rows = campaign.actions.order_by("number").values_list(*ACTION_FIELDS).iterator(chunk_size=2000)
    members = campaign.memberships.select_related("user").order_by("joined", "pk")
    return {
        "format": FORMAT, "slug": campaign.slug, "name": campaign.name, "game": campaign.game.slug,
        "kind": campaign.kind, "parallel_play": campaign.parallel_play, "late_joiners": campaign.late_joiners,
        "permadeath": campaign.permadeath, "overrides": campaign.overrides,
        "game_master": campaign.game_master.get_username(),
        "members": [m.user.get_username() for m in members],
        "actions": [{"kind": kind, "actor": actor, "at": at.isoformat(), "data": data, "rolls": rolls,
                     "choices": choices} for kind, actor, at, data, rolls, choices in rows],
    }


def campaign_file(campaign: Campaign) -> bytes:
    """The campaign file as members download it (docs/campaigns.md, "The campaign file"): the bytes
    json.dumps(indent=2, ensure_ascii=False) writes, and a new line. Written by pydantic's compiled encoder:
    the standard library's indents in pure Python, which took most of the download's time at 20,000 actions."""
    return to_json(export_campaign(campaign), indent=2) + b"\n"


def _users(parsed: CampaignFile) -> dict:
    found = {u.get_username(): u for u in get_user_model().objects.filter(username__in=parsed.members)}
    for index, name in enumerate(parsed.members):
        if name not in found:
            raise BadInput(f"members[{index}]", f"no user {name!r} on this site")
    return found


def _stored_actions(parsed: CampaignFile) -> list[Stored]:
    """The file's actions as the engine replays them; each was validated once, with the file."""
    members = set(parsed.members)
    records = []
    for index, entry in enumerate(parsed.actions):
        if entry.actor not in members:
            raise BadInput(f"actions[{index}].actor", f"{entry.actor!r} is not a member of the campaign")
        owner = getattr(entry.data, "owner", None)
        if owner is not None and owner not in members:
            raise BadInput(f"actions[{index}].data.owner", f"{owner!r} is not a member of the campaign")
        action = action_from_data(entry.kind, entry.data.model_dump(exclude_defaults=True))
        records.append(Stored(action, entry.actor, entry.rolls, entry.choices))
    return records


def _replayed(start: CampaignState, stored: list[Stored]) -> tuple[CampaignState, list[Outcome]]:
    try:
        return replay(start, stored, rules=campaign_of(start.game))
    except ReplayRefused as error:
        raise BadInput(f"actions[{error.number - 1}]", f"{error.kind} is refused: {error.reason}") from None


def _checked_specs(game: GameSystem, parsed: CampaignFile, stored: list[Stored], house_rules: bool) -> list[Entry]:
    """The file's actions as (kind, actor, at); specs the library does not give are refused, or with
    `house_rules` kept, and then a last action logs them as the game master's house rule."""
    entries = [(e.kind, e.actor, e.at) for e in parsed.actions]
    faults = spec_faults(game, stored)
    if faults and not house_rules:
        path, message = faults[0]
        more = f" ({len(faults) - 1} more unit(s) differ)" if len(faults) > 1 else ""
        raise BadInput(path, f"{message}{more}; import with --house-rules to keep them as a house rule")
    if faults:
        listed = "; ".join(f"{path}: {message}" for path, message in faults[:HOUSE_RULE_LISTED])
        more = f"; and {len(faults) - HOUSE_RULE_LISTED} more" if len(faults) > HOUSE_RULE_LISTED else ""
        text = f"units priced differently from the library, kept at import: {listed}{more}"
        stored.append(Stored(HouseRule(text[:2000]), parsed.game_master, {}, {}))
        entries.append(("house-rule", parsed.game_master, timezone.now()))
    return entries


def import_campaign(data: Any, slug: str | None = None, house_rules: bool = False) -> Campaign:
    """A new campaign from a campaign file (under `slug` if given); BadInput says why not. With
    `house_rules`, unit specs the library does not give are kept and logged as a house rule."""
    parsed = parse_campaign_file(data)
    slug = slug or parsed.slug
    if Campaign.objects.filter(slug=slug).exists() or slug in services.RESERVED_SLUGS:
        raise BadInput("slug", f"there is already a campaign {slug!r}; import it under another slug (--as)")
    game = GameSystem.objects.filter(slug=parsed.game).first()
    if game is None:
        raise BadInput("game", f"no game {parsed.game!r}")
    users = _users(parsed)
    try:
        overrides = services.house_rules(parsed.overrides, game)
    except Refused as error:
        raise BadInput("overrides", str(error)) from None
    campaign = Campaign(slug=slug, name=parsed.name, game=game, kind=parsed.kind,
                       parallel_play=parsed.parallel_play, late_joiners=parsed.late_joiners,
                       permadeath=parsed.permadeath, game_master=users[parsed.game_master], overrides=overrides)
    stored = _stored_actions(parsed)
    entries = _checked_specs(game, parsed, stored, house_rules)
    state, outcomes = _replayed(initial_state(campaign, rules_of(campaign)), stored)
    _write(campaign, parsed, entries, users, state, outcomes)
    return campaign


@transaction.atomic
def _write(campaign: Campaign, parsed: CampaignFile, entries: list[Entry], users: dict, state: CampaignState,
           outcomes: list[Outcome]) -> None:
    """The replayed campaign in bulk: a few statements, whatever the length of its log."""
    campaign.save(force_insert=True)
    Membership.objects.bulk_create(Membership(campaign=campaign, user=users[name]) for name in parsed.members)
    armies = {key: CampaignArmy(campaign=campaign, key=key, name=army.name, owner=users[army.owner])
              for key, army in state.armies.items()}
    CampaignArmy.objects.bulk_create(armies.values())
    CampaignUnit.objects.bulk_create(
        (CampaignUnit(army=armies[army.key], key=key, name=u.name, unit=u.spec.unit, faction=u.spec.faction,
                      active=u.active) for army in state.armies.values() for key, u in army.units.items()),
        batch_size=1000)
    rows = [Action(campaign=campaign, number=number, kind=kind, actor=users[actor],
                   army=armies.get(getattr(outcome.action, "army", None)), payload=to_data(outcome.action),
                   rolls=outcome.rolls, choices=outcome.choices, at=at, summary=outcome.summary[:SUMMARY_MAX])
            for number, ((kind, actor, at), outcome) in enumerate(zip(entries, outcomes, strict=True), start=1)]
    Action.objects.bulk_create(rows, batch_size=1000)
    LedgerEntry.objects.bulk_create(
        (entry for row, outcome in zip(rows, outcomes, strict=True)
         for entry in services.ledger_rows(outcome, row, armies)), batch_size=1000)
    remember(campaign, state)
