"""Browser tests: Debian's Chromium driven by Playwright, against the live test server.

Chromium is never downloaded: Playwright launches the system's /usr/bin/chromium.
Where it is missing these tests are skipped on a developer's machine but fail in
CI (CI=true), so a CI run can never pass without them.
"""
from __future__ import annotations

import contextlib
import importlib
import json
import os
import re
import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from playwright.sync_api import expect

from factions.models import GameSystem

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]

# Playwright's sync API runs an event loop in this thread; the test's own ORM calls are still synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"Chromium is not installed at {CHROMIUM}; CI must run the browser tests")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


def _seed_demo() -> None:
    # A transactional test empties every table when it ends, the game systems that a data
    # migration loads included; put them back before seeding.
    importlib.import_module("factions.migrations.0002_game_systems").load_game_systems(apps, None)
    importlib.import_module("armylists.campaigns.migrations.0002_campaign_rules").load_campaign_rules(apps, None)
    call_command("seed_demo", verbosity=0)


# Rebuilt by Django itself on every flush (post_migrate), or never part of the demo.
NOT_DEMO = ["contenttypes", "auth.permission", "sessions", "admin.logentry"]


@pytest.fixture(scope="session")
def demo_snapshot(django_db_setup, django_db_blocker, tmp_path_factory) -> Path:
    """The demo database, seeded once per session and kept as a fixture file (users by their names,
    so a test's own users keep theirs); the seeding is rolled back, leaving the database as it was."""
    path = tmp_path_factory.mktemp("demo") / "demo.json"
    with django_db_blocker.unblock(), transaction.atomic():
        _seed_demo()
        call_command("dumpdata", exclude=NOT_DEMO, natural_foreign=True, natural_primary=True,
                     output=str(path), verbosity=0)
        transaction.set_rollback(True)
    return path


@pytest.fixture
def demo_data(transactional_db, demo_snapshot):
    """The demo, loaded from the session's snapshot (a fraction of seeding it again); the
    transactional test empties every table when it ends, so each test starts from the same demo.
    The games a flush fills in again (factions/systems.py) give way to the snapshot's, ids and all."""
    GameSystem.objects.all().delete()
    call_command("loaddata", str(demo_snapshot), verbosity=0)


@pytest.fixture(scope="module")
def shared_demo(django_db_setup, django_db_blocker, demo_snapshot):
    """The demo for a module whose tests only read: loaded once, committed, for every test of the module (their
    pages and their own queries), and emptied when the module ends. A test that writes takes `demo_data`:
    its own copy, emptied when the test ends. Don't mix the two in one module."""
    with django_db_blocker.unblock():
        GameSystem.objects.all().delete()
        call_command("loaddata", str(demo_snapshot), verbosity=0)
        yield
        call_command("flush", interactive=False, verbosity=0)


@pytest.fixture(autouse=True)
def _live_server_helper(request):
    """pytest-django's helper of the same name, but for tests on the module's `shared_demo`: the live server's
    settings for the test, and the database open to the test without the transactional test's emptying of every
    table at its end (which would take the shared demo away from the next test)."""
    if "live_server" not in request.fixturenames:
        yield
        return
    shared = "shared_demo" in request.fixturenames
    if not shared:
        request.getfixturevalue("transactional_db")
    live_server = request.getfixturevalue("live_server")
    live_server._live_server_modified_settings.enable()
    with request.getfixturevalue("django_db_blocker").unblock() if shared else contextlib.nullcontext():
        yield
    live_server._live_server_modified_settings.disable()


# --- the builder: demo data files, players, logged-in pages, and a helper that waits on htmx edits ---

ROOT = Path(__file__).resolve().parents[2]
DEMO_FACTIONS = ROOT / "factions" / "data" / "demo"
EXAMPLE_LISTS = ROOT / "factions" / "data" / "demo" / "lists"
PASSWORD = "a-long-browser-test-password"


def demo_units(game: str) -> dict[tuple[str, str], dict]:
    """The demo unit documents of a game, by (faction, unit slug), read from the JSON file."""
    data = json.loads((DEMO_FACTIONS / f"{game}.json").read_text(encoding="utf-8"))
    return {(faction["slug"], unit["slug"]): unit for faction in data["factions"] for unit in faction["units"]}


def example_list(name: str) -> dict:
    return json.loads((EXAMPLE_LISTS / f"{name}.json").read_text(encoding="utf-8"))


@pytest.fixture
def player(transactional_db, django_user_model):
    return django_user_model.objects.create_user("player", password=PASSWORD)


@pytest.fixture
def new_page(browser, live_server):
    """Pages in fresh browser contexts (own cookies), optionally logged in as a user and phone-sized."""
    contexts = []

    def new_page_(user=None, width: int = 1280, height: int = 900):
        context = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": height})
        context.set_default_timeout(10_000)
        contexts.append(context)
        if user is not None:
            client = Client()
            client.force_login(user)
            session = client.cookies[settings.SESSION_COOKIE_NAME].value
            context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}])
        return context.new_page()

    yield new_page_
    for context in contexts:
        context.close()


@pytest.fixture
def player_page(new_page, player, demo_data):
    """A desktop-sized page logged in as `player`, with the demo factions loaded."""
    return new_page(player)


class Builder:
    """Drives the builder page. Every edit waits until htmx has swapped in the list summary it saved
    (its data-version goes up by one), so the next step never races the last."""

    def __init__(self, page):
        self.page = page
        self.roster = page.locator("#list-summary")

    def version(self) -> int:
        return int(self.roster.get_attribute("data-version"))

    @contextmanager
    def saved(self):
        before = self.version()
        yield
        expect(self.roster).to_have_attribute("data-version", str(before + 1))
        # htmx wires up the swapped-in forms when it settles (20 ms after the swap); a change
        # made before that posts nothing, so wait for the settling class to go.
        expect(self.roster).not_to_have_class(re.compile(r"\bhtmx-settling\b"))

    def entry(self, entry_id: str):
        return self.page.locator(f'[data-testid="entry"][data-entry-id="{entry_id}"]')

    def entry_ids(self) -> list[str]:
        return self.page.get_by_test_id("entry").evaluate_all("entries => entries.map(e => e.dataset.entryId)")

    def add(self, unit: str) -> str:
        """Add `unit` from the unit picker (opened first where it is a panel, on a phone); the new entry's id."""
        before = set(self.entry_ids())
        opener = self.page.get_by_test_id("open-picker")
        if opener.is_visible() and not self.page.get_by_test_id("unit-picker").is_visible():
            opener.click()
        with self.saved():
            self.page.get_by_test_id(f"add-{unit}").click()
        added = [i for i in self.entry_ids() if i not in before]
        assert len(added) == 1, added
        return added[0]

    def own(self, entry_id: str, selector: str):
        """Elements of the entry's own card, not of the heroes shown inside it."""
        return self.entry(entry_id).locator(f":scope > {selector}")

    def form(self, entry_id: str):
        """The entry's options form, its panel opened if it is closed."""
        panel = self.own(entry_id, "details.entry-edit")
        if panel.and_(self.page.locator("[open]")).count() == 0:
            panel.get_by_test_id("entry-edit").click()
        form = panel.locator("form.entry-form")
        expect(form).to_be_visible()  # fetched when the panel opens
        return form

    def check(self, entry_id: str, testid: str) -> None:
        with self.saved():
            self.form(entry_id).get_by_test_id(testid).check()
        expect(self.form(entry_id).get_by_test_id(testid)).to_be_checked()

    def select(self, entry_id: str, testid: str, value: str) -> None:
        with self.saved():
            self.form(entry_id).get_by_test_id(testid).select_option(value)
        expect(self.form(entry_id).get_by_test_id(testid)).to_have_value(value)

    def rename(self, entry_id: str, name: str) -> None:
        with self.saved():
            field = self.form(entry_id).get_by_test_id("entry-name")
            field.fill(name)
            field.press("Tab")  # the change event posts the form
        expect(self.own(entry_id, "header h3")).to_contain_text(name)

    def remove(self, entry_id: str) -> None:
        with self.saved():
            self.own(entry_id, ".entry-buttons").get_by_test_id("entry-remove").click()
        expect(self.entry(entry_id)).to_have_count(0)

    def mark_page(self) -> None:
        """Tag this page load, to show later that every edit was a swap and never a reload.

        It first waits for the load event: htmx wires up the page's forms when the document is
        ready, and a change made before that (a picker filter) would post nothing."""
        self.page.wait_for_load_state("load")
        self.page.evaluate("window.__marker = 1")

    def assert_not_reloaded(self) -> None:
        assert self.page.evaluate("window.__marker") == 1, "the page was reloaded"
