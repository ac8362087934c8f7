"""An htmx edit the server refuses is not swallowed: the page says so, with the request's reference."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from armylists.builder import services
from armylists.builder.models import ArmyList

from .conftest import example_list


def test_an_edit_to_a_list_deleted_meanwhile_says_it_did_not_work_with_its_reference(player_page, player):
    page = player_page
    army_list = services.import_list(owner=player, data=example_list("aof-regiments-legal"))
    page.goto(army_list.get_absolute_url())
    ArmyList.objects.filter(pk=army_list.pk).delete()  # say, from another tab
    with page.expect_response(re.compile(r"/entries/add/")) as answer:
        page.locator('[data-testid^="add-"]').first.click()
    reference = answer.value.headers["x-request-id"]
    expect(page.get_by_role("alert")).to_have_text(
        f"That did not work (error 404, reference {reference}). Reload the page and try again.")
