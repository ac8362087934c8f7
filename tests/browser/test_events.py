"""An event in the browser, at desktop and phone widths: the organiser creates it, two players join and
submit, and the organiser watches the lists arrive, re-checks them, and downloads the CSV and the judges' pack."""
from __future__ import annotations

import csv
import io
import json
import re

import pytest
from playwright.sync_api import expect

from armylists.builder import services
from factions.models import Unit, data_changed
from tests.factories import change_units

from .conftest import example_list
from .layout import WIDTHS


def fits(page, width: int) -> None:
    """Nothing on the page is wider than the screen."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def create_event(page, width: int) -> str:
    page.goto("/events/")
    page.get_by_test_id("new-event").click()
    page.get_by_test_id("event-game-aof-regiments").click()
    page.get_by_label("Name").fill("Harvest Muster")
    page.get_by_label("Time zone").select_option("Pacific/Auckland")
    page.get_by_label("Date and time").fill("2030-06-13T10:00")
    page.get_by_label("Submission deadline").fill("2030-06-12T18:00")
    page.get_by_label("Points limit").fill("1500")
    page.get_by_label("Force organisation").select_option("true")
    page.locator("summary", has_text="Banned factions and units").click()
    page.locator("input[name=banned_factions][value=rift-daemons]").check()
    fits(page, width)
    page.get_by_test_id("event-save").click()
    expect(page.get_by_test_id("event-state")).to_have_text("Draft")
    expect(page.get_by_test_id("deadline")).to_have_text("12 Jun 2030, 18:00 NZST")
    expect(page.get_by_test_id("banned-factions")).to_contain_text("Rift Daemons")
    page.get_by_test_id("state-open").click()
    expect(page.get_by_test_id("event-state")).to_have_text("Open for submissions")
    fits(page, width)
    return page.get_by_test_id("invite-url").input_value()


def join(page, invitation: str, name: str) -> None:
    page.goto(invitation)
    page.get_by_label("Display name").fill(name)
    page.get_by_test_id("join-submit").click()
    expect(page.locator(".messages")).to_contain_text("You have joined Harvest Muster.")


@pytest.mark.parametrize("width", WIDTHS)
def test_an_event_from_creation_to_the_judges_pack(new_page, demo_data, django_user_model, player, width, tmp_path):
    organiser = django_user_model.objects.create_user("organiser")
    olga = new_page(organiser, width=width)
    invitation = create_event(olga, width)
    event_url = olga.url

    olga.get_by_test_id("dashboard-link").click()
    expect(olga.get_by_test_id("row-count")).to_have_text("0 of 0 players")

    # A player with a list in the builder joins and submits it.
    mine = services.import_list(owner=player, data=example_list("aof-regiments-legal"))
    alice = new_page(player, width=width)
    join(alice, invitation, "Alice")
    alice.get_by_test_id("submit-list-select").select_option(str(mine.pk))
    alice.get_by_test_id("submit-list").click()
    expect(alice.locator(".messages")).to_contain_text("Version 1 of your list was submitted and frozen; it is legal.")
    expect(alice.get_by_test_id("verdict")).to_have_text("Legal")
    fits(alice, width)

    # Another uploads a list file, which uses a banned faction.
    bob = new_page(django_user_model.objects.create_user("bob"), width=width)
    join(bob, invitation, "Bob")
    path = tmp_path / "bob.json"
    path.write_text(json.dumps(example_list("aof-regiments-illegal")))
    bob.get_by_test_id("submit-file").set_input_files(path)
    bob.get_by_test_id("submit-file-button").click()
    expect(bob.locator(".messages")).to_contain_text("it is not legal: see its violations")
    expect(bob.locator('[data-testid="violation"][data-code="banned-faction"]')).to_have_count(1)
    fits(bob, width)

    # The organiser watches both arrive: the illegal list first.
    olga.reload()
    rows = olga.get_by_test_id("dashboard-row")
    expect(rows).to_have_count(2)
    assert rows.evaluate_all("rows => rows.map(r => [r.dataset.player, r.dataset.verdict])") == [
        ["Bob", "illegal"], ["Alice", "legal"]]
    olga.get_by_test_id("show").select_option("illegal")  # htmx swaps the table in place
    expect(rows).to_have_count(1)
    olga.get_by_test_id("show").select_option("all")
    expect(rows).to_have_count(2)
    fits(olga, width)

    # The faction data changes; re-checking shows Alice's verdict changed and why, and changes no submission.
    knights = Unit.objects.filter(faction__slug="human-empire", slug="knights")
    change_units(knights, cost=300)
    data_changed(*knights.values_list("faction__game_id", flat=True))  # as an import or an admin edit does
    olga.get_by_test_id("recheck").click()
    results = olga.get_by_test_id("recheck-results")
    expect(results.get_by_test_id("verdicts-changed")).to_have_text("1 verdict changed")
    rechecked_alice = '[data-testid="recheck-row"][data-player="Alice"]'
    expect(results.locator(rechecked_alice)).to_contain_text("Knights: cost 135 → 300")
    listed_alice = '[data-testid="dashboard-row"][data-player="Alice"]'
    expect(olga.locator(listed_alice)).to_have_attribute("data-verdict", "legal")
    fits(olga, width)

    with olga.expect_download() as csv_download:
        olga.get_by_test_id("export-csv").click()
    table = list(csv.DictReader(io.StringIO(csv_download.value.path().read_text(encoding="utf-8"))))
    assert [(r["player"], r["verdict"], r["points"]) for r in table] == [("Bob", "illegal", "1045"),
                                                                         ("Alice", "legal", "1450")]

    olga.get_by_test_id("pack-build").click()
    expect(olga.get_by_test_id("pack-status")).to_have_attribute("data-status", "done")
    with olga.expect_download() as pack_download:
        olga.get_by_test_id("pack-download").click()
    assert pack_download.value.suggested_filename == "harvest-muster-judges-pack.pdf"
    assert pack_download.value.path().read_bytes().startswith(b"%PDF")

    # Publishing shows every list to every player.
    olga.goto(event_url)
    olga.get_by_test_id("state-locked").click()
    olga.get_by_test_id("confirm-yes").click()  # both ask first: neither can be undone
    olga.get_by_test_id("state-published").click()
    olga.get_by_test_id("confirm-yes").click()
    expect(olga.get_by_test_id("event-state")).to_have_text("Lists published")
    alice.goto(event_url)
    expect(alice.get_by_test_id("published-lists").locator("tbody tr")).to_have_count(2)
    alice.get_by_role("link", name="Bob").click()
    expect(alice).to_have_url(re.compile(r"/submissions/\d+/$"))
    expect(alice.locator("h1")).to_contain_text("Bob")
    fits(alice, width)
