"""Browser tests: Debian's Chromium driven by Playwright, against the live test server.

Chromium is never downloaded: Playwright launches the system's /usr/bin/chromium.
Where it is missing these tests are skipped on a developer's machine but fail in
CI (CI=true), so a CI run can never pass without them.
"""
from __future__ import annotations

import os
import shutil

import pytest
from django.core.management import call_command

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


@pytest.fixture
def demo_data(transactional_db):
    call_command("seed_demo", verbosity=0)
