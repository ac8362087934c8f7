"""Import checks every unit spec of a campaign file against the faction library: a hand-edited file cannot make
units cheaper, unless the game master imports with house rules, which the log then records
(docs/campaigns.md, "The campaign file")."""
from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from armylists.boundary.errors import BadInput
from armylists.campaigns.models import Campaign
from armylists.campaigns.transfer import export_campaign, import_campaign

pytestmark = pytest.mark.django_db


def cheaper(document: dict, base: int | None = None) -> dict:
    """Red Host's first Infantrymen with an upgrade it has not bought 5 points cheaper than the library sells
    it (so the army still starts within the book's points), or at `base` points."""
    document = json.loads(json.dumps(document))
    spec = next(a for a in document["actions"] if a["kind"] == "start-army")["data"]["units"][0]["spec"]
    if base is not None:
        spec["base"] = base
    else:
        spec["offers"][0]["price"] -= 5
    return document


def test_a_spec_the_library_does_not_give_is_refused_naming_its_path_and_what_differs(armies):
    document = cheaper(export_campaign(armies), base=50)
    index = next(i for i, a in enumerate(document["actions"]) if a["kind"] == "start-army")
    with pytest.raises(BadInput) as refused:
        import_campaign(document, slug="copy")
    assert refused.value.path == f"actions[{index}].data.units[0].spec"
    assert "Infantrymen differs from the library: base 50 (the library's 90)" in refused.value.message
    assert "--house-rules" in refused.value.message
    assert not Campaign.objects.filter(slug="copy").exists()


def test_a_cheaper_upgrade_is_refused_too(armies):
    document = json.loads(json.dumps(export_campaign(armies)))
    start = next(a for a in document["actions"] if a["kind"] == "start-army")
    offer = start["data"]["units"][0]["spec"]["offers"][0]
    offer["price"] -= 5
    with pytest.raises(BadInput) as refused:
        import_campaign(document, slug="copy")
    assert f"{offer['name']} at {offer['price']} (the library's {offer['price'] + 5})" in refused.value.message


def test_with_house_rules_the_spec_is_kept_and_the_log_records_it(armies):
    copy = import_campaign(cheaper(export_campaign(armies)), slug="copy", house_rules=True)
    last = copy.actions.order_by("-number").first()
    assert last.kind == "house-rule" and last.actor.get_username() == "alice"
    assert "units priced differently from the library" in last.summary and "the library's 10" in last.summary


def test_the_library_prices_import_without_a_flag(armies):
    assert import_campaign(export_campaign(armies), slug="copy").actions.count() == armies.actions.count()


def test_the_command_exits_2_without_the_flag_and_imports_with_it(armies, tmp_path):
    path = tmp_path / "cheaper.json"
    path.write_text(json.dumps(cheaper(export_campaign(armies))))
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("import_campaign", str(path), "--as", "copy", stderr=err, stdout=io.StringIO())
    assert exit_.value.code == 2 and "differs from the library" in err.getvalue()
    out = io.StringIO()
    call_command("import_campaign", str(path), "--as", "copy", "--house-rules", stdout=out)
    assert "imported as copy" in out.getvalue()
