"""The only code that writes campaigns.

Every change to a campaign is an action: `perform` locks the campaign,
loads its state (from its snapshot, else by replaying its log), asks the rules engine whether the action is allowed and
what it does, then appends the action (with the dice and choices it used),
its ledger entries, and brings the army and unit index rows up to date, all
in one transaction, and keeps the new state as the campaign's snapshot. A
refused action writes nothing. Pages and the demo data go through here; the
import command replays a whole file in memory and writes it at once
(`transfer`), with the same rows.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from armylists.games.registry import campaign_of
from armylists.rules.campaign import Choices, Dice, NeedChoice, Outcome, Refused, apply
from armylists.rules.campaign.data import to_data
from armylists.rules.campaign.dice import BadDie
from armylists.web.slugs import unique_slug
from factions.models import GameSystem

from .models import (
    SLUG_MAX,
    SUMMARY_MAX,
    Action,
    Campaign,
    CampaignArmy,
    CampaignUnit,
    LedgerEntry,
    Membership,
    new_invite_token,
)
from .payloads import parse_action
from .snapshots import load_state, remember, replayed_with, rules_of, state_before_last

__all__ = ["Refused", "create_campaign", "join_campaign", "renew_invite", "perform", "start_army"]

_system_random = random.SystemRandom()


def app_dice(sides: int) -> int:
    return _system_random.randint(1, sides)


RESERVED_SLUGS = {"new", "join"}  # campaign URLs that are not campaigns


def _unique_slug(name: str) -> str:
    base = slugify(name)[:SLUG_MAX - 8] or "campaign"
    base = f"{base}-campaign" if base in RESERVED_SLUGS else base
    return unique_slug(base, Campaign.objects.all())


@transaction.atomic
def create_campaign(*, name: str, game: GameSystem, game_master, kind: str = "game-limited",
                    parallel_play: bool = False, late_joiners: bool = False, permadeath: bool = True,
                    length: int | None = None, slug: str | None = None,
                    overrides: dict | None = None) -> Campaign:
    """A new campaign with its game master as first member. Its D6+4 length is the one entered, or
    rolled by the app, and logged as the first action; endless campaigns have none."""
    name = name.strip()
    if not name:
        raise Refused("a campaign needs a name")
    if slug is not None and (slug in RESERVED_SLUGS or Campaign.objects.filter(slug=slug).exists()):
        raise Refused(f"there is already a campaign {slug!r}")
    overrides = overrides or {}
    params = rules_of(Campaign(game=game, overrides=house_rules(overrides, game)))
    if params is None:
        kind = "endless"
    if kind not in dict(Campaign.KINDS):
        raise Refused(f"a campaign is one of {', '.join(dict(Campaign.KINDS))}")
    campaign = Campaign.objects.create(slug=slug or _unique_slug(name), name=name, game=game, kind=kind,
                                       parallel_play=parallel_play, late_joiners=late_joiners,
                                       permadeath=permadeath, game_master=game_master, overrides=overrides)
    Membership.objects.create(campaign=campaign, user=game_master)
    if kind != "endless":
        entered = {} if length is None else {"length": [length - params.length_add]}
        perform(campaign=campaign, actor=game_master, kind="set-length", data={}, entered=entered)
    return campaign


MAX_OVERRIDE = 100_000


def house_rules(overrides: dict, game: GameSystem) -> dict:
    """Campaign numbers changed by the group: known names, whole numbers from 0 (the rules check the rest)."""
    rules = campaign_of(game.slug)
    if rules is None and overrides:
        raise Refused(f"{game.name} has no campaign rules to change")
    names = set(rules.number_names if rules else ())
    for name, value in overrides.items():
        if name not in names:
            raise Refused(f"{name!r} is not a campaign number; the numbers are {', '.join(sorted(names))}")
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_OVERRIDE:
            raise Refused(f"{name} must be a whole number from 0 to {MAX_OVERRIDE}")
    return overrides


@transaction.atomic
def join_campaign(*, campaign: Campaign, user, token: str) -> Membership:
    if token != campaign.invite_token:
        raise Refused("this invitation link is no longer valid; ask the game master for the new one")
    membership, _ = Membership.objects.get_or_create(campaign=campaign, user=user)
    return membership


@transaction.atomic
def renew_invite(*, campaign: Campaign, actor) -> Campaign:
    """A new invitation link; the old one stops working."""
    if actor.pk != campaign.game_master_id:
        raise Refused("only the game master renews the invitation link")
    campaign.invite_token = new_invite_token()
    Campaign.objects.filter(pk=campaign.pk).update(invite_token=campaign.invite_token)
    return campaign


def _is_member(campaign: Campaign, user) -> bool:
    return campaign.memberships.filter(user=user).exists()


@transaction.atomic
def perform(*, campaign: Campaign, actor, kind: str, data: Any, entered: Mapping | None = None,
            choices: Mapping | None = None, roll: bool = True, strict: bool = False, at=None,
            where: tuple = (), every_die_used: bool = False) -> Outcome:
    """Do one action as `actor`.

    `entered` are dice the player rolled at the table (by key); the app rolls
    any others when `roll` is on, else a missing die raises `NeedDie`.
    `choices` are the player's picks where the rules ask for one (`NeedChoice`).
    `strict` (replaying a file) refuses dice and choices the action does not use;
    `every_die_used` (a player's form) refuses dice the rules do not roll, naming them.
    """
    action = parse_action(kind, data, where)
    campaign = Campaign.objects.select_for_update().select_related("game", "game_master").get(pk=campaign.pk)
    if not _is_member(campaign, actor):
        raise Refused(f"{actor.get_username()} is not a member of this campaign")
    owner = getattr(action, "owner", None)
    if owner is not None and not campaign.memberships.filter(user__username=owner).exists():
        raise Refused(f"{owner} is not a member of this campaign")
    loaded = load_state(campaign)
    dice = Dice(dict(entered or {}), fallback=app_dice if roll else None)
    try:
        if kind == "undo":
            outcome = _undo(campaign, loaded.state, action, actor.get_username())
        else:
            outcome = apply(loaded.state, action, rules=campaign_of(campaign.game.slug), actor=actor.get_username(),
                            dice=dice, choices=Choices(choices), strict=strict)
    except NeedChoice as needed:
        needed.rolls = dice.used  # asked again with the choice, the action reuses these dice
        raise
    except BadDie as error:
        raise Refused(str(error)) from None
    if every_die_used and (extra := dice.left_over()):
        raise Refused(_extra_dice(loaded.state, extra))
    _sync_rows(campaign, outcome)
    army_key = getattr(action, "army", None)
    army = campaign.armies.filter(key=army_key).first() if army_key else None
    row = Action.objects.create(campaign=campaign, number=outcome.state.actions, kind=kind, army=army, actor=actor,
                                payload=to_data(action), rolls=outcome.rolls, choices=outcome.choices,
                                at=at or timezone.now(), summary=outcome.summary[:SUMMARY_MAX])
    LedgerEntry.objects.bulk_create(ledger_rows(outcome, row, {a.key: a for a in campaign.armies.all()}))
    remember(campaign, outcome.state)
    return outcome


def _undo(campaign: Campaign, state, action, actor: str) -> Outcome:
    """An undo: of the log's last action, from the state before it (kept with the snapshot); of an earlier one,
    by replaying the log with the undo, which applies the actions after it again without it."""
    if action.number == state.actions:
        return apply(state, action, rules=campaign_of(campaign.game.slug), actor=actor,
                     before=state_before_last(campaign))
    return replayed_with(campaign, action, actor)


def _extra_dice(state, extra: Mapping[str, list[int]]) -> str:
    """Dice given that the rules did not roll, by unit name: "more dice than its rolls take: 4 for Foot 3"."""
    names = {key: unit.name for army in state.armies.values() for key, unit in army.units.items()}
    said = "; ".join(f"{' '.join(map(str, values))} for {names.get(key.split('/')[0], key.split('/')[0])}"
                     for key, values in extra.items())
    return f"more dice were given than the rules roll ({said}): give each unit only the dice its rolls take"


def ledger_rows(outcome: Outcome, row: Action, armies: Mapping[str, CampaignArmy]) -> list[LedgerEntry]:
    """The ledger entries an action made, as rows of its army's ledger."""
    return [LedgerEntry(army=armies[e.army], action=row, amount=e.amount, reason=e.reason, note=e.note[:400])
            for e in outcome.ledger]


def _sync_rows(campaign: Campaign, outcome: Outcome) -> None:
    """Bring the army and unit index rows in line with the state after the action."""
    rows = {a.key: a for a in campaign.armies.all()}
    users = get_user_model().objects
    for key, army in outcome.state.armies.items():
        row = rows.get(key)
        if row is None:
            row = CampaignArmy.objects.create(campaign=campaign, key=key, name=army.name,
                                              owner=users.get(username=army.owner))
        elif row.name != army.name:
            CampaignArmy.objects.filter(pk=row.pk).update(name=army.name)
        _sync_units(row, army)


def _sync_units(row: CampaignArmy, army) -> None:
    existing = {u.key: u for u in row.units.all()}
    # Units leave before others take their names, so the unique-name constraint holds at every step.
    # A unit the state no longer has (its recruiting undone) leaves like a disbanded one.
    for key, unit in existing.items():
        if unit.active and not (key in army.units and army.units[key].active):
            CampaignUnit.objects.filter(pk=unit.pk).update(active=False)
    for key, unit in existing.items():
        state = army.units.get(key)
        if state is not None and state.active and (unit.name != state.name or not unit.active):
            CampaignUnit.objects.filter(pk=unit.pk).update(name=state.name, active=True)
    CampaignUnit.objects.bulk_create(
        CampaignUnit(army=row, key=key, name=u.name, unit=u.spec.unit, faction=u.spec.faction, active=u.active)
        for key, u in army.units.items() if key not in existing)


def next_army_key(campaign: Campaign, owner) -> str:
    """The player's army key: the same one when they start again after disbanding."""
    mine = campaign.armies.filter(owner=owner).first()
    if mine is not None:
        return mine.key
    return f"a{campaign.armies.count() + 1}"


def start_army(*, campaign: Campaign, actor, owner, name: str, faction: str, units: list[dict]) -> Outcome:
    data = {"army": next_army_key(campaign, owner), "owner": owner.get_username(), "name": name,
            "faction": faction, "units": units}
    return perform(campaign=campaign, actor=actor, kind="start-army", data=data)
