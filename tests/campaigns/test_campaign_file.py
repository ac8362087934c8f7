"""The campaign file (armylists/campaign@1): export, import through the same services, refusals named by action,
the JSON Schema in docs/, and the same campaign after a round trip."""
from __future__ import annotations

import copy
import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from armylists.boundary.errors import BadInput
from armylists.campaigns import services
from armylists.campaigns.fileformat import schema_text
from armylists.campaigns.models import Action, Campaign, LedgerEntry
from armylists.campaigns.snapshots import load_state
from armylists.campaigns.transfer import export_campaign, import_campaign

from .conftest import new_unit, play_mission

pytestmark = pytest.mark.django_db

SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "schemas" / "campaign.schema.json"


@pytest.fixture
def played(armies, players, aof):
    """One mission with a level-up, a hero injury and a recruit."""
    play_mission(armies, players["alice"], a1=("u1", "u7"))
    services.perform(campaign=armies, actor=players["alice"], kind="post-battle",
                     data={"mission": 1, "army": "a1", "results": [{"unit": "u1", "killed_units": 4},
                                                                    {"unit": "u7", "casualty": True}]},
                     entered={"u1/*": [3], "u7/*": [1, 3]}, choices={"u1/level1/specialist": "melee"})
    services.perform(campaign=armies, actor=players["bob"], kind="post-battle", data={"mission": 1, "army": "a2"})
    services.perform(campaign=armies, actor=players["alice"], kind="recruit",
                     data={"army": "a1", "unit": new_unit(aof, "Merlin", "battle-wizard")})
    return armies


def without_slug(document: dict) -> dict:
    return {k: v for k, v in document.items() if k != "slug"}


def test_exporting_the_imported_copy_gives_the_same_file_but_for_its_slug(played):
    exported = export_campaign(played)
    copy_ = import_campaign(json.loads(json.dumps(exported)), slug="border-wars-copy")
    again = export_campaign(copy_)
    assert again["slug"] == "border-wars-copy"
    assert without_slug(again) == without_slug(exported)
    original, replayed = load_state(played).state, load_state(copy_).state
    assert replayed.armies == original.armies
    assert list(LedgerEntry.objects.filter(army__campaign=copy_).values_list("amount", "note")) == \
        list(LedgerEntry.objects.filter(army__campaign=played).values_list("amount", "note"))


def test_the_commands_round_trip(played, tmp_path):
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    call_command("export_campaign", played.slug, "-o", str(first), stdout=io.StringIO())
    out = io.StringIO()
    call_command("import_campaign", str(first), "--as", "copy", stdout=out)
    assert "imported as copy" in out.getvalue()
    call_command("export_campaign", "copy", "-o", str(second), stdout=io.StringIO())
    assert without_slug(json.loads(second.read_text())) == without_slug(json.loads(first.read_text()))


def test_a_file_that_breaks_a_rule_is_refused_naming_the_action_and_nothing_is_written(played, aof):
    """AoF Regiments, Campaign Rules: Recruit Units, Recruiting Heroes: a second new hero after the same mission."""
    document = export_campaign(played)
    recruit = next(a for a in document["actions"] if a["kind"] == "recruit")
    second = copy.deepcopy(recruit)
    second["data"]["unit"]["name"] = "Morgana"
    document["actions"].append(second)
    before = (Campaign.objects.count(), Action.objects.count())
    with pytest.raises(BadInput) as refused:
        import_campaign(document, slug="copy")
    number = len(document["actions"]) - 1
    assert str(refused.value).startswith(
        f"actions[{number}]: recruit is refused: Red Host already recruited 1 new hero")
    assert (Campaign.objects.count(), Action.objects.count()) == before


def test_dice_the_action_did_not_use_are_refused(played):
    document = export_campaign(played)
    result = next(a for a in document["actions"] if a["kind"] == "record-result")
    result["rolls"] = {"a1/objective": [6]}
    index = document["actions"].index(result)
    with pytest.raises(BadInput, match=rf"actions\[{index}\]: record-result is refused: .*not used"):
        import_campaign(document, slug="copy")


def test_changed_dice_change_the_outcome_or_are_refused(played):
    """The injury die changed from 3 to 1 kills the Captain (AoF Regiments, Campaign Rules: Check for Casualties,
    the Injury table: 1, Dead) - the recorded dice are the truth."""
    document = export_campaign(played)
    post = next(a for a in document["actions"] if a["kind"] == "post-battle")
    post["rolls"]["u7/injury"] = [1]
    copy_ = import_campaign(document, slug="copy")
    assert load_state(copy_).state.armies["a1"].units["u7"].status == "dead"


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(format="armylists/list@1"), 'format: must be "armylists/campaign@1"'),
    (lambda d: d["members"].append("nobody"), "members[2]: no user 'nobody' on this site"),
    (lambda d: d["actions"][1]["data"]["units"][0].update(name=""), "actions[1].data.units[0].name"),
    (lambda d: d["actions"][2].update(kind="teleport"), "actions[2]"),
    (lambda d: d["actions"][0]["rolls"].update(length=[7]), "actions[0].rolls.length[0]"),
    (lambda d: d.update(game_master="carol"), "game_master: the game master must be one of the members"),
    (lambda d: d.update(slug="Not A Slug"), "slug"),
])
def test_bad_files_are_refused_naming_where(played, change, message):
    document = export_campaign(played)
    change(document)
    with pytest.raises(BadInput) as refused:
        import_campaign(document, slug=None if "slug" in message else "copy")
    assert message in str(refused.value)


def test_a_slug_in_use_is_refused(played):
    with pytest.raises(BadInput, match="already a campaign 'border-wars'"):
        import_campaign(export_campaign(played))


def test_the_import_command_names_the_fault_and_exits_2(played, tmp_path):
    path = tmp_path / "bad.json"
    document = export_campaign(played)
    document["actions"][3]["data"]["fielded"][0]["units"] = ["u99"]
    path.write_text(json.dumps(document))
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("import_campaign", str(path), "--as", "copy", stderr=err)
    assert exit_.value.code == 2
    assert "actions[3]: start-mission is refused: Red Host has no unit 'u99'" in err.getvalue()


def test_members_download_the_campaign_file(played, client_for):
    target = reverse("campaigns:campaign-export", args=[played.slug])
    assert client_for("carol").get(target).status_code == 404
    response = client_for("bob").get(target)
    assert response["Content-Disposition"] == 'attachment; filename="border-wars.campaign.json"'
    assert json.loads(response.content) == export_campaign(played)


def test_the_documented_json_schema_is_up_to_date():
    assert SCHEMA.read_text(encoding="utf-8") == schema_text(), (
        "docs/schemas/campaign.schema.json is out of date: "
        "python -m armylists.campaigns.fileformat > docs/schemas/campaign.schema.json")


def test_house_rules_travel_with_the_file(aof, players):
    campaign = services.create_campaign(name="Gentle", game=aof, game_master=players["alice"], kind="endless",
                                        overrides={"loss_points": 200})
    exported = export_campaign(campaign)
    assert exported["overrides"] == {"loss_points": 200}
    assert import_campaign(exported, slug="gentle-copy").overrides == {"loss_points": 200}
    exported["overrides"] = {"loss_point": 1}
    with pytest.raises(BadInput, match="overrides: 'loss_point' is not a campaign number"):
        import_campaign(exported, slug="odd")
