"""The demo campaign `seed_demo` creates: two armies of the demo (sample) factions, two missions played,
with a level-up and a hero injury. Every die is written here, so the demo is the same on every site."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction

from armylists.rules.campaign.actions import NewUnit
from armylists.rules.campaign.data import to_data
from factions.models import GameSystem

from . import services
from .models import Campaign
from .specs import faction_units, spec_of, unique_names

SLUG = "demo-campaign"
DEMO_RIVAL = "demo-rival"


def _roster(game: GameSystem, faction: str, picks: list[tuple[str, int]]) -> list[dict]:
    units = {u.slug: u for u in faction_units(game, faction)}
    chosen = [units[slug] for slug, count in picks for _ in range(count)]
    names = unique_names([u.name for u in chosen])
    return [to_data(NewUnit(name, spec_of(game.home, unit))) for name, unit in zip(names, chosen, strict=True)]


def _mission(campaign, gm, fielded: dict[str, list[str]], objectives: list[int], winner: str) -> int:
    services.perform(campaign=campaign, actor=gm, kind="start-mission",
                     data={"fielded": [{"army": a, "units": u} for a, u in fielded.items()]},
                     entered={f"{a}/objective": [d] for a, d in zip(fielded, objectives, strict=True)}, roll=False)
    number = campaign.actions.filter(kind="start-mission").count()
    services.perform(campaign=campaign, actor=gm, kind="record-result", data={"mission": number, "winner": winner})
    return number


def _post_battle(campaign, actor, number: int, army: str, results: list[dict], dice: dict, objective=False):
    services.perform(campaign=campaign, actor=actor, kind="post-battle", roll=False, entered=dice,
                     data={"mission": number, "army": army, "objective_completed": objective, "results": results})


def _player(username: str, password: str):
    player, created = get_user_model().objects.get_or_create(username=username)
    if created:
        player.set_password(password)
        player.save()
    return player


@transaction.atomic
def seed_demo_campaign(username: str, password: str) -> Campaign | None:
    """The demo campaign of `username` (its game master) against a rival player with the same password,
    unless it exists already (then None)."""
    if Campaign.objects.filter(slug=SLUG).exists():
        return None
    game_master, rival = _player(username, password), _player(DEMO_RIVAL, password)
    # The first game in use with campaign rules of its own (their tables come with its package).
    game = GameSystem.objects.filter(campaign_rules__isnull=False).first()
    if game is None:
        return None
    campaign = services.create_campaign(name="Demo campaign (sample factions)", game=game,
                                        game_master=game_master, kind="game-limited", length=6, slug=SLUG)
    services.join_campaign(campaign=campaign, user=rival, token=campaign.invite_token)
    services.start_army(campaign=campaign, actor=game_master, owner=game_master, name="Red Host",
                        faction="human-empire", units=_roster(game, "human-empire", [("infantrymen", 6),
                                                                                     ("captain", 1)]))
    services.start_army(campaign=campaign, actor=rival, owner=rival, name="Restless Legion",
                        faction="cursed-dead", units=_roster(game, "cursed-dead", [("skeletons", 7),
                                                                                   ("skeleton-champion", 1)]))
    # Mission 1: the Red Host wins; Infantrymen (u1) kill four units and level up (Headstrong);
    # the Captain (u7) falls, rolls 1 then 3 on the injury table: a Blinded Eye.
    first = _mission(campaign, game_master, {"a1": ["u1", "u2", "u3", "u7"], "a2": ["u8", "u9", "u10", "u15"]},
                     [5, 2], winner="a1")
    _post_battle(campaign, game_master, first, "a1",
                 [{"unit": "u1", "killed_units": 4}, {"unit": "u7", "casualty": True}],
                 {"u1/level1": [2], "u7/casualty": [1], "u7/injury": [3]}, objective=True)
    _post_battle(campaign, rival, first, "a2", [{"unit": "u8", "casualty": True, "killed_units": 1}],
                 {"u8/casualty": [4]})
    services.perform(campaign=campaign, actor=game_master, kind="buy-upgrade",
                     data={"army": "a1", "unit": "u2", "upgrade": "spears"})
    # Mission 2: the Restless Legion wins.
    second = _mission(campaign, game_master, {"a1": ["u1", "u2", "u4"], "a2": ["u8", "u11", "u12"]}, [1, 6],
                      winner="a2")
    _post_battle(campaign, game_master, second, "a1", [{"unit": "u4", "casualty": True}], {"u4/casualty": [3]})
    _post_battle(campaign, rival, second, "a2", [{"unit": "u8", "killed_units": 2}], {})
    return campaign
