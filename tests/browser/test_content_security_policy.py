"""The site works in Chromium under its Content Security Policy: htmx and django-htmx load, htmx
swaps without injecting a style, the copy button works, and the browser refuses nothing."""
from __future__ import annotations

from playwright.sync_api import expect

from armylists.builder import services

from .conftest import Builder, example_list


def refusals(page) -> list[str]:
    """Every CSP refusal Chromium reports on this page from now on."""
    found: list[str] = []
    page.on("console", lambda message: found.append(message.text)
            if "Content Security Policy" in message.text else None)
    return found


def test_the_builder_and_the_copy_button_work_and_nothing_is_refused(player_page, player):
    page = player_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    refused = refusals(page)
    army_list = services.import_list(owner=player, data=example_list("aof-regiments-legal"))
    page.goto(army_list.get_absolute_url())
    builder = Builder(page)
    builder.mark_page()
    with builder.saved():
        page.locator('[data-testid^="add-"]').first.click()
    builder.assert_not_reloaded()
    assert page.evaluate("document.querySelectorAll('style').length") == 0

    page.goto(f"/lists/{army_list.pk}/text/")
    page.get_by_test_id("copy-text").click()
    expect(page.get_by_test_id("copy-text")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == page.get_by_test_id("list-text").input_value()
    assert refused == []
