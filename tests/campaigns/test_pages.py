"""Campaign pages: what they show and what their forms do (AoF Regiments, Campaign Rules)."""
from __future__ import annotations

import re

import pytest
from django.urls import reverse

from armylists.campaigns import services
from armylists.campaigns.models import Action, Campaign, CampaignUnit, PendingRolls
from armylists.campaigns.snapshots import load_state

from .conftest import play_mission

pytestmark = pytest.mark.django_db


def messages_of(response) -> list[str]:
    return [m.message for m in response.context["messages"]]


def test_creating_a_campaign_with_an_entered_length(aof, client_for):
    response = client_for("alice").post(reverse("campaigns:campaign-create"), {
        "name": "Siege of Tyria", "game": "aof-regiments", "kind": "game-limited", "length": "9",
        "parallel_play": "on"})
    campaign = Campaign.objects.get(name="Siege of Tyria")
    assert response.url == campaign.get_absolute_url()
    assert (campaign.parallel_play, load_state(campaign).state.length) == (True, 9)
    assert b"0 of 9 missions played" in client_for("alice").get(response.url).content


def test_the_campaign_page_shows_the_leaderboard_and_the_log_newest_first(armies, players, client_for):
    play_mission(armies, players["alice"], winner="a2")
    page = client_for("bob").get(armies.get_absolute_url()).content.decode()
    start = page.index('data-testid="leaderboard"')
    board = page[start:page.index("</table>", start)]
    assert board.index("Blue Host") < board.index("Red Host")
    log = page[page.index('data-testid="log"'):]
    assert log.index("Blue Host wins") < log.index("mission 1 set up") < log.index("the campaign lasts 7 missions")


def test_vp_per_match_is_shown_with_parallel_play(aof, players, client_for):
    """Campaign Types, Parallel Play: with parallel play VP are divided by the matches each army played."""
    campaign = services.create_campaign(name="Parallel", game=aof, game_master=players["alice"], kind="endless",
                                        parallel_play=True)
    services.join_campaign(campaign=campaign, user=players["bob"], token=campaign.invite_token)
    from .conftest import starting_units
    for user, name in (("alice", "Red Host"), ("bob", "Blue Host")):
        services.start_army(campaign=campaign, actor=players[user], owner=players[user], name=name,
                            faction="human-empire", units=starting_units(aof))
    play_mission(campaign, players["alice"])
    page = client_for("alice").get(campaign.get_absolute_url()).content.decode()
    assert "VP per match" in page
    assert re.search(r"Red Host</a>.*?<td data-label=\"VP\" data-testid=\"army-vp\">2</td>"
                     r"<td data-label=\"Matches\">1</td>\s*<td data-label=\"VP per match\">2</td>", page, re.S)


def test_the_setup_check_shows_underdog_points_and_the_cap(armies, client_for):
    """Mission Setup, The Armies and Underdog Bonus: Red fields 4 x 90 = 360 against Blue's 90: 270 more than 250."""
    response = client_for("alice").post(
        reverse("campaigns:mission-create", args=[armies.slug]),
        {"check": "1", "army": ["a1", "a2"], "units-a1": ["u1", "u2", "u3", "u4"], "units-a2": ["u8"]},
        headers={"HX-Request": "true"})
    html = response.content.decode()
    assert "<html" not in html and 'id="setup-check"' in html
    assert "Red Host fields 360 points, 270 more than Blue Host (90)" in html
    assert re.findall(r'data-testid="underdog">(\d+)<', html) == ["0", "5"]


def test_a_mission_over_the_cap_is_refused_and_nothing_is_written(armies, client_for):
    before = Action.objects.count()
    response = client_for("alice").post(
        reverse("campaigns:mission-create", args=[armies.slug]),
        {"army": ["a1", "a2"], "units-a1": ["u1", "u2", "u3", "u4"], "units-a2": ["u8"]}, follow=True)
    assert "at most 250 more is allowed" in messages_of(response)[0]
    assert Action.objects.count() == before


def test_a_mission_through_the_pages(armies, client_for):
    alice = client_for("alice")
    response = alice.post(reverse("campaigns:mission-create", args=[armies.slug]),
                          {"army": ["a1", "a2"], "units-a1": ["u1", "u7"], "units-a2": ["u8", "u9"],
                           "objective-a1": "5"})
    assert response.url == reverse("campaigns:mission-detail", args=[armies.slug, 1])
    assert load_state(armies).state.missions[0].objectives["a1"] == "rage"
    alice.post(reverse("campaigns:mission-result", args=[armies.slug, 1]), {"winner": "a2", "conceded": ["a1"]})
    state = load_state(armies).state
    assert (state.armies["a2"].vp, state.armies["a1"].bank) == (2, 450)
    assert "conceded mission 1" in [e.note for e in state.armies["a1"].ledger]


def test_the_post_battle_page_records_an_injury_with_the_entered_dice(armies, players, client_for):
    """Check for Casualties, Hero Units and the Injury table: the Captain is a casualty, rolls 1, then 3 on the injury
    table: Blinded Eye."""
    play_mission(armies, players["alice"], a1=("u1", "u7"))
    target = reverse("campaigns:post-battle", args=[armies.slug, 1, "a1"])
    page = client_for("alice").get(target).content.decode()
    assert "1. Mission setup" in page and "6. Recruit units" in page
    response = client_for("alice").post(target, {"casualty-u7": "on", "dice-u7": "1 3", "objective": "on"},
                                        follow=True)
    assert "Blinded Eye" in messages_of(response)[0]
    army = load_state(armies).state.armies["a1"]
    assert army.units["u7"].injuries == ("blinded-eye",)
    assert army.ledger[-1].note == "special objective Mastery"
    assert b"Blinded Eye" in response.content


def test_a_level_up_choice_is_asked_and_the_dice_are_kept(armies, players, client_for):
    """Earn Experience, the trait table: Specialist asks melee or shooting; the rolled dice are kept, not rolled
    again."""
    play_mission(armies, players["alice"])
    target = reverse("campaigns:post-battle", args=[armies.slug, 1, "a1"])
    asked = client_for("alice").post(target, {"units-u1": "4", "dice-u1": "3"})
    html = asked.content.decode()
    assert 'data-testid="choose-form"' in html and "pick one" in html
    assert not Action.objects.filter(kind="post-battle").exists()
    choose_form = html.split('data-testid="choose-form"')[1].split("</form>")[0]
    carried = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', choose_form))
    assert carried["units-u1"] == "4" and carried["_choice_key"] == "u1/level1/specialist"
    form = {k: v.replace("&quot;", '"') for k, v in carried.items() if k != "csrfmiddlewaretoken"}
    client_for("alice").post(target, {**form, "_choice": "shooting"})
    row = Action.objects.get(kind="post-battle")
    assert (row.rolls, row.choices) == ({"u1/level1": [3]}, {"u1/level1/specialist": "shooting"})


def test_muster_rolls_once_and_a_reload_or_resubmit_never_rolls_again(armies, players, client_for, monkeypatch):
    """Muster rolls Foot 1's level-up (a 3: Specialist, a choice); the page asked again (a reload, the form sent
    again, the choice page left) uses the same die, and the choice records it. Until the game master saves or
    discards it, nobody can roll again until they like the result."""
    rolled = []
    monkeypatch.setattr(services, "app_dice", lambda sides: rolled.append(sides) or [3, 6, 6][len(rolled) - 1])
    play_mission(armies, players["alice"])
    target = reverse("campaigns:post-battle", args=[armies.slug, 1, "a1"])
    alice = client_for("alice")
    first = alice.post(target, {"units-u1": "4"}).content.decode()
    assert 'data-testid="choose-form"' in first and len(rolled) == 1
    for _ in range(3):  # reloaded, resubmitted, come back to
        again = alice.post(target, {"units-u1": "4"}).content.decode()
        assert 'data-testid="choose-form"' in again and "Specialist" in again
    assert len(rolled) == 1, "Muster rolled again"
    alice.post(target, {"units-u1": "4", "_choice_key": "u1/level1/specialist", "_choice": "melee"})
    assert Action.objects.get(kind="post-battle").rolls == {"u1/level1": [3]}
    repeat = alice.post(target, {"units-u1": "4"}, follow=True)
    assert any("Nothing was changed" in m for m in messages_of(repeat)) and len(rolled) == 1
    assert Action.objects.filter(kind="post-battle").count() == 1


def test_the_armys_player_or_the_game_master_withdraws_dice_muster_rolled_and_no_other_player(
        armies, players, client_for, monkeypatch):
    monkeypatch.setattr(services, "app_dice", lambda sides: 3)
    play_mission(armies, players["alice"])
    target = reverse("campaigns:post-battle", args=[armies.slug, 1, "a1"])
    alice, bob = client_for("alice"), client_for("bob")  # alice plays a1 and is the game master; bob plays a2
    assert 'data-testid="discard-rolls"' in alice.post(target, {"units-u1": "4"}).content.decode()
    assert bob.post(target, {"units-u1": "4", "_discard": "yes"}).status_code == 403
    assert PendingRolls.objects.exists()
    refused = client_for("bob").post(reverse("campaigns:mission-create", args=[armies.slug]),
                                     {"_discard": "yes"}, follow=True)
    assert "Only the game master" in messages_of(refused)[-1]  # other forms' dice stay the game master's
    alice.post(target, {"units-u1": "4", "_discard": "yes"})
    assert not PendingRolls.objects.exists() and not Action.objects.filter(kind="post-battle").exists()


def test_a_waiting_choice_shows_on_the_post_battle_page_and_its_player_finishes_it(
        armies, players, client_for, monkeypatch):
    """Earn Experience: a trait roll of 6 makes a Fast Learner, who picks any other trait: the rules leave it to
    the player, so nothing is chosen for them, and traits read as everywhere else ("Agile")."""
    monkeypatch.setattr(services, "app_dice", lambda sides: 6)
    play_mission(armies, players["alice"], winner="a2")
    target = reverse("campaigns:post-battle", args=[armies.slug, 1, "a2"])
    bob = client_for("bob")
    asked = bob.post(target, {"units-u8": "4"}).content.decode()
    assert "is a Fast Learner: pick a trait" in asked
    assert '<option value="" selected disabled>Choose one</option>' in asked and " selected" not in \
        asked.split("Choose one</option>")[1].split("</select>")[0]
    assert '<option value="agile">Agile</option>' in asked and ">agile<" not in asked
    # Back on the form's page: it says dice wait, with the way to the choice, instead of a blank form.
    page = bob.get(target).content.decode()
    assert 'data-testid="dice-waiting"' in page and 'data-testid="post-battle-form"' not in page
    assert 'data-testid="make-choice"' in page and 'data-testid="withdraw-dice"' in page
    assert "a choice waits" in bob.get(reverse("campaigns:mission-detail", args=[armies.slug, 1])).content.decode()
    # The form sent again with other values is refused, naming no die the player did not type.
    other = messages_of(bob.post(target, {"units-u8": "0"}, follow=True))[-1]
    assert other.startswith("Nothing was changed: dice Muster rolled for this form wait") and "6" not in other
    again = bob.post(target, {"units-u8": "4"}).content.decode()  # "Make the choice" sends what was sent
    key = re.search(r'name="_choice_key" value="([^"]+)"', again).group(1)
    bob.post(target, {"units-u8": "4", "_choice_key": key, "_choice": "agile"})
    assert "agile" in load_state(armies).state.armies["a2"].units["u8"].traits
    assert not PendingRolls.objects.exists()
    assert 'data-testid="dice-waiting"' not in bob.get(target).content.decode()


def test_extra_dice_are_refused_naming_them(armies, players, client_for):
    """A casualty roll takes one die for a unit that is not a hero: "1 4" is one too many, and says so."""
    play_mission(armies, players["alice"])
    target = reverse("campaigns:post-battle", args=[armies.slug, 1, "a1"])
    response = client_for("alice").post(target, {"casualty-u2": "on", "dice-u2": "1 4"}, follow=True)
    name = CampaignUnit.objects.get(army__campaign=armies, key="u2").name
    assert f"more dice were given than the rules roll (4 for {name})" in messages_of(response)[-1]
    assert not Action.objects.filter(kind="post-battle").exists()


def test_between_missions_buy_sell_and_recruit(armies, players, client_for):
    """Upgrade Armies and Recruit Units."""
    play_mission(armies, players["alice"])
    services.perform(campaign=armies, actor=players["alice"], kind="post-battle", data={"mission": 1, "army": "a1"})
    alice = client_for("alice")
    manage = reverse("campaigns:army-manage", args=[armies.slug, "a1"])
    assert alice.get(manage).status_code == 200
    alice.post(reverse("campaigns:upgrade-buy", args=[armies.slug, "a1"]), {"unit": "u1", "upgrade": "sergeant"})
    alice.post(reverse("campaigns:upgrade-sell", args=[armies.slug, "a1"]), {"unit": "u1", "upgrade": "sergeant",
                                                                              "die": "4", "confirmed": "yes"})
    response = alice.post(reverse("campaigns:unit-recruit", args=[armies.slug, "a1"]),
                          {"unit": "captain", "name": "Sir Roland"}, follow=True)
    assert "recruits Sir Roland" in messages_of(response)[-1]
    response = alice.post(reverse("campaigns:unit-recruit", args=[armies.slug, "a1"]),
                          {"unit": "battle-wizard", "name": "Merlin"}, follow=True)
    assert "at most 1 per mission" in messages_of(response)[-1]
    army = load_state(armies).state.armies["a1"]
    assert army.bank == 150 + 150 - 5 + 5 - 60
    assert [e.reason for e in army.ledger[-3:]] == ["purchase", "sale", "recruit"]


def test_a_campaign_kept_by_hand_has_manual_xp_notes_and_ledger(players, battleground, client_for):
    """Battleground has no campaign rules: the player keeps XP and points by hand, nothing is invented."""
    game = battleground
    campaign = services.create_campaign(name="Hawks", game=game, game_master=players["alice"])
    services.join_campaign(campaign=campaign, user=players["bob"], token=campaign.invite_token)
    bob = client_for("bob")
    create = reverse("campaigns:army-create", args=[campaign.slug])
    faction = game.factions.first().slug
    unit = game.factions.first().units.first().slug
    bob.post(create + f"?faction={faction}", {"name": "Bob's Band", "faction": faction, f"count-{unit}": "2"})
    army = load_state(campaign).state.armies["a1"]
    assert (army.bank, len(army.units)) == (0, 2)
    bob.post(reverse("campaigns:army-adjust", args=[campaign.slug, "a1"]),
             {"unit": "u1", "xp": "7", "points": "120", "reason": "won the river fight"})
    army = load_state(campaign).state.armies["a1"]
    assert (army.units["u1"].xp, army.bank) == (7, 120)
    page = bob.get(reverse("campaigns:army-detail", args=[campaign.slug, "a1"])).content.decode()
    assert "won the river fight" in page and "level" not in page.split('data-testid="units"')[1].split("</table>")[0]
    assert bob.get(reverse("campaigns:mission-create", args=[campaign.slug])).status_code == 404


def test_pages_have_no_inline_scripts_or_styles(armies, players, client_for):
    play_mission(armies, players["alice"])
    alice = client_for("alice")
    for target in [armies.get_absolute_url(), reverse("campaigns:army-detail", args=[armies.slug, "a1"]),
                   reverse("campaigns:mission-detail", args=[armies.slug, 1]),
                   reverse("campaigns:post-battle", args=[armies.slug, 1, "a1"]),
                   reverse("campaigns:mission-create", args=[armies.slug]),
                   reverse("campaigns:army-create", args=[armies.slug]) + "?faction=human-empire"]:
        html = alice.get(target).content.decode()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), target
        assert "style=" not in html and "<style" not in html, target


def test_user_text_is_escaped(armies, players, client_for):
    services.perform(campaign=armies, actor=players["alice"], kind="set-notes",
                     data={"army": "a1", "unit": "u1", "notes": "<script>alert(1)</script>"})
    html = client_for("bob").get(reverse("campaigns:army-detail", args=[armies.slug, "a1"])).content.decode()
    assert "<script>alert(1)" not in html and "&lt;script&gt;alert(1)" in html


def test_the_game_master_corrects_traits_and_fate_with_a_reason(armies, client_for):
    alice = client_for("alice")
    traits = reverse("campaigns:unit-traits", args=[armies.slug, "a2", "u14"])
    alice.post(traits, {"talents": "toughened", "injuries": "arm-injury, traumatized", "reason": "forgot mission 0"})
    status = reverse("campaigns:unit-status", args=[armies.slug, "a2", "u8"])
    alice.post(status, {"status": "dead", "sitting_out": "0", "reason": "killed by the GM's dragon"})
    army = load_state(armies).state.armies["a2"]
    assert (army.units["u14"].talents, army.units["u14"].injuries) == (("toughened",), ("arm-injury", "traumatized"))
    assert army.units["u8"].status == "dead"
    page = client_for("bob").get(armies.get_absolute_url()).content.decode()
    assert "killed by the GM&#x27;s dragon" in page
    response = alice.post(traits, {"talents": "flying", "reason": "typo"}, follow=True)
    assert "'flying' is not a talent" in messages_of(response)[-1]
    assert client_for("bob").post(traits, {"talents": "", "reason": "mine"}).status_code == 403


def test_house_rules_change_the_campaign_numbers(aof, players, client_for):
    """AoF Regiments, Campaign Rules: Play Mission, Mission Goals: the winner's and losers' rewards ("2 VP and
    150pts", "300pts") are numbers a group may change."""
    response = client_for("alice").post(reverse("campaigns:campaign-create"), {
        "name": "Gentle", "game": "aof-regiments", "kind": "endless", "house_rules": "loss_points = 200\n"})
    campaign = Campaign.objects.get(name="Gentle")
    assert campaign.overrides == {"loss_points": 200}
    assert load_state(campaign).state.params.loss_points == 200
    assert b"House rules: loss_points 200" in client_for("alice").get(response.url).content
    response = client_for("alice").post(reverse("campaigns:campaign-create"), {
        "name": "Odd", "game": "aof-regiments", "kind": "endless", "house_rules": "lose_points = 200"})
    assert "&#x27;lose_points&#x27; is not a campaign number" in response.content.decode()


@pytest.mark.parametrize("number", ["²", "9" * 5000])
def test_numbers_int_cannot_read_are_ignored_on_the_post_battle_page(armies, players, client_for, number):
    # Found by tests/production/test_fuzz_forms.py: "²" passes str.isdigit() and int() refuses it, as it
    # refuses more than 4,300 digits (both a 500). Such a count or die is not a number: it is not counted.
    play_mission(armies, players["alice"])
    target = reverse("campaigns:post-battle", args=[armies.slug, 1, "a1"])
    response = client_for("alice").post(target, {"units-u1": number, "both-u1": number, "dice-u1": number})
    assert response.status_code in (200, 302)


@pytest.mark.parametrize("rules", ["loss_points = ²", "loss_points = " + "9" * 900])
def test_a_house_rule_that_is_no_whole_number_is_a_form_error(aof, players, client_for, rules):
    # Found by tests/production/test_fuzz_forms.py (see above).
    response = client_for("alice").post(reverse("campaigns:campaign-create"), {
        "name": "Odd", "game": "aof-regiments", "kind": "endless", "house_rules": rules})
    assert response.status_code == 200 and "write each as name = number" in response.content.decode()
    assert not Campaign.objects.filter(name="Odd").exists()


@pytest.mark.parametrize("carried", [{"_rolls": '{"": null}'}, {"_rolls": '{"u1/level1": [9]}'}, {"_rolls": "[1]"},
                                     {"_choices": '{"u1/level1/specialist": 3}'}])
def test_dice_and_choices_carried_in_another_shape_are_not_used(armies, players, client_for, carried):
    # Found by tests/production/test_fuzz_forms.py: a tampered hidden "_rolls" reached the dice (a 500).
    play_mission(armies, players["alice"])
    target = reverse("campaigns:post-battle", args=[armies.slug, 1, "a1"])
    response = client_for("alice").post(target, {"units-u1": "4", "dice-u1": "3", **carried})
    assert response.status_code == 200 and 'data-testid="choose-form"' in response.content.decode()
    assert not Action.objects.filter(kind="post-battle").exists()
