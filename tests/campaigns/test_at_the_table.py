"""What a game master and players rely on at the table: asking before what cannot be undone, house rules
that fit, the campaign's own numbers, casualty rolls in words, a buy list of what can be bought, and a
refused form that keeps what was typed (AoF Regiments, Campaign Rules)."""
from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from armylists.campaigns import services
from armylists.campaigns.models import Action, Campaign

from .conftest import play_mission, starting_units

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    """What a person reads: the page without its tags, its times (their minutes are no campaign number)."""
    page = response.content.decode()
    page = re.sub(r"<time[^>]*>.*?</time>", " ", page, flags=re.S)
    page = re.sub(r"<(script|style|head)[^>]*>.*?</\1>", " ", page, flags=re.S)
    return re.sub(r" ([:;,.])", r"\1", re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page))))


def two_armies(aof, players, name: str, **options):
    """An endless campaign of alice's (with `options`) where alice's Red Host and bob's Blue Host have started."""
    campaign = services.create_campaign(name=name, game=aof, game_master=players["alice"], kind="endless",
                                        **options)
    services.join_campaign(campaign=campaign, user=players["bob"], token=campaign.invite_token)
    for army, owner in (("Red Host", "alice"), ("Blue Host", "bob")):
        services.start_army(campaign=campaign, actor=players[owner], owner=players[owner], name=army,
                            faction="human-empire", units=starting_units(aof))
    return campaign


def post_battle(campaign, actor, army="a1", mission=1, results=(), dice=None):
    services.perform(campaign=campaign, actor=actor, kind="post-battle",
                     data={"mission": mission, "army": army, "results": list(results)}, entered=dice or {})


# --- Asking first -----------------------------------------------------------------------------------------

def _played_and_recorded(armies, players):
    play_mission(armies, players["alice"])
    post_battle(armies, players["alice"])
    services.perform(campaign=armies, actor=players["alice"], kind="buy-upgrade",
                     data={"army": "a1", "unit": "u1", "upgrade": "spears"})
    return armies


IRREVERSIBLE = [
    ("unit-disband", {"key": "a1", "unit": "u2"}, {}, "Disband Foot 2?", "disband-unit"),
    ("army-disband", {"key": "a1"}, {}, "Disband Red Host?", "disband-army"),
    ("upgrade-sell", {"key": "a1"}, {"unit": "u1", "upgrade": "spears"}, "Sell Spears (A1, Counter) from Foot 1?",
     "sell-upgrade"),
]


@pytest.mark.parametrize("name, kwargs, data, question, kind", IRREVERSIBLE)
def test_what_cannot_be_undone_is_asked_first_and_done_only_when_confirmed(armies, players, client_for, name,
                                                                          kwargs, data, question, kind):
    _played_and_recorded(armies, players)
    target = reverse(f"campaigns:{name}", kwargs={"slug": armies.slug, **kwargs})
    before = Action.objects.count()
    asked = client_for("alice").post(target, data)
    assert asked.status_code == 200 and question in text_of(asked)
    assert "This cannot be undone" in text_of(asked) or "full price" in text_of(asked)
    assert Action.objects.count() == before  # nothing done yet
    page = asked.content.decode()
    assert f'action="{target}"' in page and 'name="confirmed" value="yes"' in page
    for field, value in data.items():  # the same fields go again
        assert f'name="{field}" value="{html.escape(value)}"' in page
    done = client_for("alice").post(target, {**data, "confirmed": "yes"})
    assert done.status_code == 302
    assert Action.objects.last().kind == kind


def test_a_sale_says_what_it_gives_back_in_the_campaigns_numbers(aof, players, client_for):
    """Upgrade Armies: half the price, rounded down to the sell step; with a house rule, the rule's step."""
    campaign = two_armies(aof, players, "Odd Steps", overrides={"sell_step": 10})
    play_mission(campaign, players["alice"])
    post_battle(campaign, players["alice"])
    services.perform(campaign=campaign, actor=players["alice"], kind="buy-upgrade",
                     data={"army": "a1", "unit": "u1", "upgrade": "halberds"})
    asked = client_for("alice").post(reverse("campaigns:upgrade-sell", args=[campaign.slug, "a1"]),
                                     {"unit": "u1", "upgrade": "halberds"})
    assert "bought for 15 points; it sells for 0 points" in text_of(asked)  # 15 / 2 = 7, down to a 10: 0


def test_renewing_the_invitation_is_asked_first(armies, client_for):
    target = reverse("campaigns:campaign-invite-renew", args=[armies.slug])
    token = armies.invite_token
    asked = client_for("alice").post(target)
    assert asked.status_code == 200 and "the old link stops working" in text_of(asked).lower()
    armies.refresh_from_db()
    assert armies.invite_token == token


# --- House rules ------------------------------------------------------------------------------------------

def _create(client, rules: str):
    return client.post(reverse("campaigns:campaign-create"), {
        "name": "House", "game": "aof-regiments", "kind": "endless", "house_rules": rules})


def test_house_rules_are_a_textarea_of_one_rule_per_line_and_commas_separate_them_too(aof, client_for):
    form = client_for("alice").get(reverse("campaigns:campaign-create")).content.decode()
    assert re.search(r'<textarea[^>]*name="house_rules"', form)
    _create(client_for("alice"), "loss_points = 200\nwin_points = 100, objective_points = 50,\n\nwin_vp = 3")
    assert Campaign.objects.get(name="House").overrides == {"loss_points": 200, "win_points": 100,
                                                            "objective_points": 50, "win_vp": 3}


@pytest.mark.parametrize("rules, problem", [
    ("\n".join(f"rule_{n} = {n}" for n in range(41)), "at most 40 house rules"),
    ("loss_points = 200, loss_points = 250", "loss_points is given twice"),
    ("loss_points = 200\n" + "x" * 90 + " = 1", "write each as name = number"),
    ("loss_points 200", "write each as name = number"),
])
def test_house_rules_are_bounded_and_a_bad_one_writes_nothing(aof, client_for, rules, problem):
    response = _create(client_for("alice"), rules)
    assert response.status_code == 200 and problem in text_of(response)
    assert not Campaign.objects.filter(name="House").exists()
    assert "loss_points = 200" in response.content.decode()  # what was typed stays in the field


# --- The campaign's own numbers ---------------------------------------------------------------------------

# Every campaign number a page states, changed; none of the book's values below may be left on a page.
OVERRIDES = {"win_vp": 3, "win_points": 170, "loss_points": 200, "objective_points": 65, "starting_points": 760,
             "max_banked": 160, "max_value_difference": 240, "underdog_step": 40, "veteran_fee": 45, "veteran_xp": 4,
             "gamble_price": 10, "gamble_min_roll": 5, "sell_step": 10, "level_cost": 20, "hero_level_cost": 45}
# (The events are numbered 11 to 66, so the book's 5s and its 55 are looked for by their sentences below.)
BOOK_VALUES = {"win_points": 150, "loss_points": 300, "objective_points": 75, "starting_points": 750,
               "max_value_difference": 250, "underdog_step": 50, "veteran_fee": 50}


@pytest.fixture
def house(aof, players):
    return two_armies(aof, players, "House Rules", overrides=OVERRIDES)


def _pages(campaign, players, client):
    slug = campaign.slug
    yield "mission set-up", client.get(reverse("campaigns:mission-create", args=[slug]))
    yield "army start", client.get(reverse("campaigns:army-create", args=[slug]))
    services.perform(campaign=campaign, actor=players["alice"], kind="start-mission",
                     data={"fielded": [{"army": "a1", "units": ["u1", "u2"]}, {"army": "a2", "units": ["u8"]}]},
                     entered={"a1/objective": [1], "a2/objective": [1]})
    yield "mission before its result", client.get(reverse("campaigns:mission-detail", args=[slug, 1]))
    services.perform(campaign=campaign, actor=players["alice"], kind="record-result",
                     data={"mission": 1, "winner": "a2"})
    for army in ("a1", "a2"):
        yield f"post-battle of {army}", client.get(reverse("campaigns:post-battle", args=[slug, 1, army]))
    post_battle(campaign, players["alice"])
    yield "post-battle recorded", client.get(reverse("campaigns:post-battle", args=[slug, 1, "a1"]))
    yield "mission after", client.get(reverse("campaigns:mission-detail", args=[slug, 1]))
    services.perform(campaign=campaign, actor=players["alice"], kind="buy-upgrade",
                     data={"army": "a1", "unit": "u1", "upgrade": "spears"})
    yield "between missions", client.get(reverse("campaigns:army-manage", args=[slug, "a1"]))
    yield "army", client.get(reverse("campaigns:army-detail", args=[slug, "a1"]))
    yield "campaign", client.get(campaign.get_absolute_url())


def test_every_number_shown_is_the_campaigns_own(house, players, client_for):
    stale = re.compile(r"\b(" + "|".join(str(v) for v in BOOK_VALUES.values()) + r")\b")
    seen = ""
    for where, response in _pages(house, players, client_for("alice")):
        assert response.status_code == 200, where
        # Options name units and upgrades with their prices: the unit data's numbers, not the campaign's.
        text = re.sub(r"<option[^>]*>.*?</option>", " ", response.content.decode(), flags=re.S)
        text = text_of(type(response)(text))
        found = stale.search(text)
        assert found is None, f"{where}: {found[0]} in …{text[found.start() - 80:][:160]}"
        seen += text + response.content.decode()
    for shown in ("3 VP and 170 points; every other army gets 200", "lost: 200 points",
                  "Pays 45 points more and starts with 4 XP", "Die for a 10-point item", "sells on a 5+",
                  "completed (65 points)", "+20 points, heroes +45", "rounded down to 10"):
        assert shown in seen, shown


# --- What a casualty roll did -----------------------------------------------------------------------------

def _recorded(client, campaign, army="a1", mission=1) -> str:
    return text_of(client.get(reverse("campaigns:post-battle", args=[campaign.slug, mission, army])))


def test_the_recorded_post_battle_says_what_each_casualty_roll_did(armies, players, client_for):
    """Check for Casualties: 2-5 recovered, 6 a Natural Talent; a hero's 1 rolls an injury."""
    play_mission(armies, players["alice"], a1=("u1", "u2", "u3", "u7"))
    target = reverse("campaigns:post-battle", args=[armies.slug, 1, "a1"])
    response = client_for("alice").post(target, {"casualty-u1": "on", "dice-u1": "3", "casualty-u2": "on",
                                                 "dice-u2": "6", "casualty-u7": "on", "dice-u7": "1 3"})
    assert response.status_code == 302 and response.url == target  # back to the page, now with the dice
    text = _recorded(client_for("bob"), armies)
    assert "Foot 1: a casualty; Casualty roll 3: Recovered, back for the next mission, no penalty." in text
    assert "Foot 2: a casualty; Casualty roll 6: Natural Talent, recovers and earns 1 XP." in text
    assert "Foot 3: not a casualty." in text
    assert "Captain: a casualty; Casualty roll 1: Dead, an injury roll follows; Injury roll 3: Blinded Eye." in text


def test_a_dead_unit_says_so_and_without_permadeath_how_long_it_sits_out(aof, players, client_for):
    campaign = two_armies(aof, players, "Gentle", permadeath=False)
    play_mission(campaign, players["alice"])
    post_battle(campaign, players["alice"], results=[{"unit": "u1", "casualty": True}],
                dice={"u1/casualty": [1], "u1/sit-out": [2]})
    text = _recorded(client_for("alice"), campaign)
    assert "Casualty roll 1: Dead, down: no XP this match" in text and "Sit-out roll 2: sits out 2 matches" in text


def test_a_level_up_names_its_trait_roll(armies, players, client_for):
    """Earn Experience: a level every 5 XP rolls on the trait table."""
    play_mission(armies, players["alice"])
    post_battle(armies, players["alice"], results=[{"unit": "u1", "killed_units": 4}], dice={"u1/level1": [2]})
    assert "Level 1: trait roll 2: Headstrong" in _recorded(client_for("alice"), armies)


# --- The buy list -----------------------------------------------------------------------------------------

def test_the_buy_list_offers_only_what_the_unit_may_still_buy(armies, players, client_for):
    """Spears and Halberds are one choice (group "weapons", at most 1): with Spears, Halberds are not offered."""
    _played_and_recorded(armies, players)
    page = client_for("alice").get(reverse("campaigns:army-manage", args=[armies.slug, "a1"])).content.decode()
    foot1 = page[page.index('data-unit="u1"'):page.index('data-unit="u2"')]
    buy = foot1[foot1.index('data-testid="buy-select"'):foot1.index("</select>", foot1.index("buy-select"))]
    assert 'value="halberds"' not in buy and 'value="spears"' not in buy and 'value="sergeant"' in buy
    foot2 = page[page.index('data-unit="u2"'):page.index('data-unit="u3"')]
    assert 'value="halberds"' in foot2 and 'value="spears"' in foot2


# --- A refused start keeps what was typed -----------------------------------------------------------------

def test_a_refused_army_start_keeps_the_name_and_the_counts(campaign, client_for):
    target = reverse("campaigns:army-create", args=[campaign.slug]) + "?faction=human-empire"
    response = client_for("bob").post(target, {"name": "Blue Host", "faction": "human-empire",
                                               "count-infantrymen": "9", "count-captain": "1"})
    assert response.status_code == 200 and "Nothing was changed" in text_of(response)  # 870 > 750 points
    page = response.content.decode()
    assert re.search(r'name="name" value="Blue Host"[^>]*data-testid="units-army-name"', page)
    assert 'name="count-infantrymen" min="0" max="50" value="9"' in page
    assert 'name="count-captain" min="0" max="50" value="1"' in page
