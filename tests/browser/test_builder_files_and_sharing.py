"""A list leaves the builder: as a list file downloaded and imported again, and as a read-only share link."""
from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from armylists.builder import services
from armylists.builder.models import ArmyList

from .conftest import example_list


def roster_of(page) -> list[tuple[str, str]]:
    """Each entry as the page shows it: its heading and its points."""
    entries = page.get_by_test_id("entry")
    return list(zip(entries.locator("h3").all_inner_texts(), entries.get_by_test_id("entry-points").all_inner_texts(),
                    strict=False))


def test_a_downloaded_list_file_imports_as_an_equal_list(player_page, player, tmp_path):
    page = player_page
    original = services.import_list(owner=player, data=example_list("aof-regiments-legal"))
    page.goto(original.get_absolute_url())
    expect(page.get_by_test_id("entry")).to_have_count(len(original.document["entries"]))
    points, shown = page.get_by_test_id("points").inner_text(), roster_of(page)

    with page.expect_download() as download_info:
        page.get_by_test_id("download-file").click()
    download = download_info.value
    assert download.suggested_filename.endswith(".json")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "armylists/list@1" and data["name"] == original.name
    assert data["entries"] == original.document["entries"]

    page.goto("/lists/")
    page.get_by_test_id("import-list").click()
    page.get_by_label("List file (.json)").set_input_files(path)
    page.get_by_test_id("import-submit").click()

    expect(page).to_have_url(re.compile(r"/lists/\d+/$"))
    assert page.url.rstrip("/").rsplit("/", 1)[1] != str(original.pk)
    # The copy is told apart from the original by its name.
    expect(page.locator(".messages")).to_contain_text(f"Imported “{original.name} (imported)”.")
    expect(page.locator("#list-name")).to_have_text(f"{original.name} (imported)")
    expect(page.get_by_test_id("points")).to_have_text(points)
    expect(page.get_by_test_id("legal-badge")).to_have_text("Legal")
    assert roster_of(page) == shown
    copy = ArmyList.objects.exclude(pk=original.pk).get(owner=player)
    assert copy.document == {**original.document, "name": f"{original.name} (imported)"}

    page.goto("/lists/")
    expect(page.get_by_test_id("list-row")).to_have_count(2)
    expect(page.get_by_test_id("list-points")).to_have_text([f"{points} / 1500"] * 2)


def test_a_share_link_shows_the_list_read_only_until_sharing_is_turned_off(player_page, player, new_page):
    page = player_page
    army_list = services.import_list(owner=player, data=example_list("diskwars-legal"))
    page.goto(army_list.get_absolute_url())
    shown = roster_of(page)
    page.get_by_test_id("share-on").click()
    link = page.get_by_test_id("share-link")
    expect(link).to_be_visible()
    url = link.inner_text()
    assert url.startswith("http") and url.endswith(link.get_attribute("href"))  # the whole address, to paste
    assert re.search(r"/lists/shared/[^/]+/$", url)

    visitor = new_page()  # a fresh context: no session, never logged in
    response = visitor.goto(url)
    assert response.status == 200
    expect(visitor.get_by_role("link", name="Log in")).to_be_visible()
    expect(visitor.locator(".crumbs")).to_have_text("A shared list · read only")
    expect(visitor.locator("#list-name")).to_have_text(army_list.name)
    expect(visitor.get_by_test_id("legal-badge")).to_have_text("Legal")
    assert roster_of(visitor) == shown
    for control in ("entry-remove", "entry-duplicate", "entry-edit", "unit-picker", "share-panel",
                    "delete-list", "rename-list"):
        expect(visitor.get_by_test_id(control)).to_have_count(0)
    expect(visitor.locator("#list-settings, #command-cards, form[hx-post]")).to_have_count(0)
    expect(visitor.get_by_test_id("list-text")).to_contain_text("Tyrion")

    page.get_by_test_id("share-off").click()
    expect(page.get_by_test_id("share-on")).to_be_visible()
    expect(page.get_by_test_id("share-link")).to_have_count(0)
    assert visitor.goto(url).status == 404
    assert visitor.request.get(url + "file/").status == 404

    # Sharing again gives a new link; the one given out before stays dead.
    page.get_by_test_id("share-on").click()
    again = page.get_by_test_id("share-link").inner_text()
    assert again != url and visitor.goto(again).status == 200
    assert visitor.goto(url).status == 404
