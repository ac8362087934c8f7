"""A visitor signs up through the form and lands on their (empty) list of army lists."""
from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from playwright.sync_api import expect


def test_a_visitor_signs_up_and_lands_on_my_lists(page, transactional_db):
    page.goto("/")
    page.get_by_role("link", name="Sign up").click()
    expect(page.get_by_role("heading", name="Sign up")).to_be_visible()
    page.get_by_label("Username").fill("new-general")
    page.get_by_label("Password", exact=True).fill("marching-on-1500-points")
    page.get_by_label("Password confirmation").fill("marching-on-1500-points")
    page.get_by_role("button", name="Create account").click()

    expect(page).to_have_url(re.compile(r"/lists/$"))
    expect(page.get_by_role("heading", name="My lists")).to_be_visible()
    expect(page.locator(".site-header .who")).to_have_text("new-general")
    expect(page.get_by_text("No lists yet.")).to_be_visible()
    expect(page.get_by_test_id("new-list")).to_be_visible()
    assert get_user_model().objects.filter(username="new-general").exists()


def test_sign_up_refuses_passwords_that_do_not_match(page, transactional_db):
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill("new-general")
    page.get_by_label("Password", exact=True).fill("marching-on-1500-points")
    page.get_by_label("Password confirmation").fill("marching-on-2000-points")
    page.get_by_role("button", name="Create account").click()

    expect(page.locator(".errors")).to_contain_text("password fields didn’t match")
    expect(page.get_by_role("heading", name="Sign up")).to_be_visible()
    expect(page.get_by_role("button", name="Log out")).to_have_count(0)
    assert not get_user_model().objects.filter(username="new-general").exists()
