"""A campaign's state: what replaying its log through the rules engine gives, kept as a snapshot.

Nothing a replay can compute is stored as a truth: the armies, their units, XP,
traits, VP and banks come from the log. Replaying a long log on every page
would make a page's cost grow with the campaign, so the state replaying gave is
kept (`Snapshot`) under a key that fingerprints everything it depends on: the
campaign rules' code (the engine's and the games'), the game's campaign numbers
and tables, the campaign's settings and the last action. A missing or stale
snapshot is rebuilt from the log, so a page costs the same at 20,000 actions as
at 200 (docs/campaigns.md, "How it is kept").
"""
from __future__ import annotations

import hashlib
import json
import pickle
from dataclasses import dataclass
from functools import cache

from armylists.games.registry import campaign_of, campaigns
from armylists.rules.campaign import (
    CampaignNumbers,
    CampaignState,
    Outcome,
    Refused,
    Stored,
    new_campaign,
    replay,
    rules_code,
)
from armylists.rules.campaign.actions import Action as ActionRecord
from armylists.rules.campaign.data import action_from_data
from armylists.rules.campaign.engine import ReplayRefused

from .models import SUMMARY_MAX, Action, Campaign, CampaignRules, Snapshot


class BrokenLog(Exception):
    """The stored log no longer replays (the game's campaign rules were changed under it)."""


def _rules(campaign: Campaign) -> CampaignRules | None:
    return CampaignRules.objects.filter(game_id=campaign.game_id).first()


def rules_of(campaign: Campaign) -> CampaignNumbers | None:
    """The game's campaign rules, or None for a game without them (a campaign kept by hand)."""
    return _numbers(campaign, _rules(campaign))


def _numbers(campaign: Campaign, rules: CampaignRules | None) -> CampaignNumbers | None:
    """The game library's campaign numbers and tables of the game, read by its campaign rules, with the
    campaign's house rules on top."""
    game = campaign_of(campaign.game.slug)
    return game.read(rules.params, campaign.overrides) if rules and game else None


def initial_state(campaign: Campaign, params: CampaignNumbers | None = None) -> CampaignState:
    return new_campaign(game=campaign.game.slug, game_master=campaign.game_master.get_username(),
                        params=params if params is not None else rules_of(campaign), kind=campaign.kind,
                        permadeath=campaign.permadeath, parallel_play=campaign.parallel_play,
                        late_joiners=campaign.late_joiners)


def stored(row: Action) -> Stored:
    return Stored(action_from_data(row.kind, row.payload), row.actor.get_username(), row.rolls, row.choices)


@cache
def engine_version() -> str:
    """A fingerprint of the campaign rules' code, the engine's and the games': a snapshot made by other
    code is stale."""
    digest = hashlib.sha256()
    for path in (p for folder in rules_code(campaigns()) for p in sorted(folder.rglob("*.py"))):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def snapshot_key(campaign: Campaign, rules: CampaignRules | None, last: tuple[int, int] | None) -> str:
    """Everything the replayed state depends on: a snapshot under another key is stale."""
    settings = [engine_version(), rules.params if rules else None, campaign.overrides, campaign.kind,
                campaign.permadeath, campaign.parallel_play, campaign.late_joiners, campaign.game_id,
                campaign.game_master_id, last]
    return hashlib.sha256(json.dumps(settings, sort_keys=True, default=str).encode()).hexdigest()


@dataclass(frozen=True)
class Loaded:
    campaign: Campaign
    state: CampaignState

    @property
    def params(self) -> CampaignNumbers | None:
        return self.state.params

    def log(self, limit: int, army: str | None = None) -> list[Action]:
        """The newest `limit` actions (of one army when `army` is given), newest first; each one the game master
        undid carries `undone`, the number of the undo (the log is append-only: an undone entry stays, marked)."""
        rows = self.campaign.actions.select_related("actor").order_by("-number")
        if army is not None:
            rows = rows.filter(army__key=army)
        found = list(rows[:limit])
        undos = dict(self.campaign.actions.filter(kind="undo", payload__number__in=[r.number for r in found])
                     .values_list("payload__number", "number"))
        for row in found:
            row.undone = undos.get(row.number)
        return found


def _last_action(campaign: Campaign) -> tuple[int, int] | None:
    return campaign.actions.order_by("-number").values_list("number", "pk").first()


def load_state(campaign: Campaign) -> Loaded:
    """The campaign's state from its snapshot, or replayed from its log when there is none up to date."""
    rules = _rules(campaign)
    key = snapshot_key(campaign, rules, _last_action(campaign))
    kept = Snapshot.objects.filter(campaign=campaign, key=key).values_list("state", flat=True).first()
    if kept is not None:
        # Written only by `remember` below, from the engine's own state: never user-supplied bytes.
        return Loaded(campaign, pickle.loads(kept))  # noqa: S301
    state = _replay_log(campaign, rules)
    remember(campaign, state, key)
    return Loaded(campaign, state)


def _replay_log(campaign: Campaign, rules: CampaignRules | None, upto: int | None = None) -> CampaignState:
    """The state after action `upto` (the last when None), replayed from the log."""
    rows = campaign.actions.select_related("actor").order_by("number")
    rows = list(rows if upto is None else rows.filter(number__lte=upto))
    params = _numbers(campaign, rules)
    try:
        state, outcomes = replay(initial_state(campaign, params), [stored(r) for r in rows],
                                 rules=campaign_of(campaign.game.slug))
    except Refused as error:
        raise BrokenLog(f"the campaign log no longer replays: {error}") from None
    _fill_summaries(rows, outcomes)
    return state


def replayed_with(campaign: Campaign, action: ActionRecord, actor: str) -> Outcome:
    """The outcome of `action` done by `actor` after the whole log, replayed with it (an undo of an action before
    the last, which applies the actions after that one again); Refused when the rules refuse it."""
    rules = _rules(campaign)
    # Plain values, not an Action object per row: the whole log is read (docs/campaigns.md, "How it is kept").
    rows = campaign.actions.order_by("number").values_list("kind", "payload", "actor__username", "rolls", "choices")
    records = [Stored(action_from_data(kind, payload), username, rolls, choices)
               for kind, payload, username, rolls, choices in rows.iterator(chunk_size=2000)]
    records.append(Stored(action, actor, {}, {}))
    try:
        _, outcomes = replay(initial_state(campaign, _numbers(campaign, rules)), records,
                             rules=campaign_of(campaign.game.slug))
    except ReplayRefused as error:
        if error.number == len(records):
            raise Refused(str(error.reason)) from None
        raise BrokenLog(f"the campaign log no longer replays: {error}") from None
    return outcomes[-1]


def _fill_summaries(rows: list[Action], outcomes: list[Outcome]) -> None:
    """Actions logged before summaries were kept get theirs, from the same replay."""
    missing = []
    for row, outcome in zip(rows, outcomes, strict=True):
        if not row.summary:
            row.summary = outcome.summary[:SUMMARY_MAX]
            missing.append(row)
    Action.objects.bulk_update(missing, ["summary"], batch_size=500)


def remember(campaign: Campaign, state: CampaignState, key: str | None = None) -> None:
    """Keep `state` as the campaign's snapshot (after its last action, unless `key` is given); the
    snapshot it replaces is kept as the one before, for an undo."""
    key = key or snapshot_key(campaign, _rules(campaign), _last_action(campaign))
    old = Snapshot.objects.filter(campaign=campaign).values_list("key", "state").first()
    previous_key, previous = old if old and old[0] != key else ("", None)
    Snapshot.objects.update_or_create(campaign=campaign, defaults={
        "key": key, "state": pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL),
        "previous_key": previous_key, "previous": previous})


def state_before_last(campaign: Campaign) -> CampaignState:
    """The state before the log's last action (what an undo goes back to): the snapshot kept before the
    last one when it is up to date, else the log replayed but for its last action."""
    rules = _rules(campaign)
    rows = list(campaign.actions.order_by("-number").values_list("number", "pk")[:2])
    key = snapshot_key(campaign, rules, rows[1] if len(rows) > 1 else None)
    kept = Snapshot.objects.filter(campaign=campaign, previous_key=key).values_list("previous", flat=True).first()
    if kept is not None:
        return pickle.loads(kept)  # noqa: S301 (written by `remember` only)
    return _replay_log(campaign, rules, upto=rows[1][0] if len(rows) > 1 else 0)
