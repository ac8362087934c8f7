"""Border Wars: the campaign the campaign pages' browser tests play on, part-way through its second mission."""
from __future__ import annotations

from django.contrib.auth import get_user_model

from armylists.campaigns import services
from factions.models import GameSystem
from tests.campaigns.conftest import starting_units

from .conftest import PASSWORD


def border_wars() -> dict:
    """Alice (game master), bob, carol and dave, with loss_points = 200. Mission 1: bob won, alice's post-battle is
    recorded (Foot 1 a casualty, rolled 3) and Foot 1 bought Spears; bob's post-battle is still to record.
    Mission 2, carol against dave: set up, no result yet."""
    aof = GameSystem.objects.get(slug="aof-regiments")
    alice = get_user_model().objects.create_user("alice", password=PASSWORD)
    bob = get_user_model().objects.create_user("bob", password=PASSWORD)
    carol = get_user_model().objects.create_user("carol", password=PASSWORD)
    dave = get_user_model().objects.create_user("dave", password=PASSWORD)
    campaign = services.create_campaign(name="Border Wars", game=aof, game_master=alice, kind="game-limited",
                                        length=7, parallel_play=True, overrides={"loss_points": 200})
    for player in (bob, carol, dave):
        services.join_campaign(campaign=campaign, user=player, token=campaign.invite_token)
    for name, owner in (("Red Host with a long name for a phone", alice), ("Blue Host", bob), ("Green Host", carol),
                        ("Grey Host", dave)):
        services.start_army(campaign=campaign, actor=owner, owner=owner, name=name, faction="human-empire",
                            units=starting_units(aof))

    def mission(first, second, winner=None):
        services.perform(campaign=campaign, actor=alice, kind="start-mission",
                         data={"fielded": [{"army": first[0], "units": first[1:]}, {"army": second[0],
                                                                                     "units": second[1:]}]},
                         entered={f"{first[0]}/objective": [2], f"{second[0]}/objective": [3]})
        if winner:
            number = campaign.actions.filter(kind="start-mission").count()
            services.perform(campaign=campaign, actor=alice, kind="record-result",
                             data={"mission": number, "winner": winner})

    mission(["a1", "u1", "u2", "u7"], ["a2", "u8", "u9", "u14"], winner="a2")
    services.perform(campaign=campaign, actor=alice, kind="post-battle", entered={"u1/casualty": [3]},
                     data={"mission": 1, "army": "a1", "results": [{"unit": "u1", "casualty": True}]})
    services.perform(campaign=campaign, actor=alice, kind="buy-upgrade",
                     data={"army": "a1", "unit": "u1", "upgrade": "spears"})
    mission(["a3", "u15", "u16"], ["a4", "u22", "u23"])
    return {"campaign": campaign, "alice": alice, "bob": bob}
