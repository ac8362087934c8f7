"""What decides whether a club trusts Muster on the day, in the browser at phone and desktop widths: an
invitation followed while logged out leads back to it through sign-up, a forgotten password can be reset
from the login page, refused sign-ups lock nobody out, and the organisers' own note stays theirs."""
from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse
from playwright.sync_api import expect

from armylists.events.models import Event

from .conftest import PASSWORD
from .layout import WIDTHS
from .test_events import fits


@pytest.fixture
def demo_event(demo_data) -> Event:
    return Event.objects.get(slug="demo-event")


def sign_up(page, username: str, password: str) -> None:
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Password confirmation").fill(password)
    page.get_by_role("button", name="Create account").click()


@pytest.mark.parametrize("width", WIDTHS)
def test_an_invitation_followed_while_logged_out_leads_back_to_it_through_sign_up(new_page, demo_event, width):
    page = new_page(width=width)
    invitation = reverse("events:join", args=[demo_event.invite_token])
    page.goto(invitation)
    expect(page.get_by_role("heading", name="Log in")).to_be_visible()
    fits(page, width)
    for link in page.get_by_role("link", name="Sign up").all():  # the page's and the site header's
        assert link.get_attribute("href").endswith("?next=" + invitation)
    page.get_by_role("main").get_by_role("link", name="Sign up").click()
    expect(page.get_by_role("heading", name="Sign up")).to_be_visible()
    # A venue's Wi-Fi: weak passwords refused again and again lock nobody out.
    for attempt in range(7):
        sign_up(page, f"newcomer{attempt}", "1234")
        expect(page.locator(".errors").first).to_be_visible()
    sign_up(page, "newcomer", PASSWORD)
    expect(page).to_have_url(re.compile(re.escape(invitation) + "$"))
    expect(page.get_by_label("Display name")).to_be_visible()
    fits(page, width)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_forgotten_password_is_reset_from_the_login_page(new_page, player, width, live_server):
    player.email = "player@example.org"
    player.save()
    page = new_page(width=width)
    page.goto("/accounts/login/")
    page.get_by_role("link", name="Forgotten your password?").click()
    expect(page.get_by_role("heading", name="Reset your password")).to_be_visible()
    fits(page, width)
    page.get_by_label("Email").fill("player@example.org")
    page.get_by_role("button", name="Send the link").click()
    expect(page.get_by_role("heading", name="Check your email")).to_be_visible()
    (sent,) = mail.outbox
    link = re.search(r"https?://\S+/reset/\S+", sent.body).group(0)
    page.goto(link)
    page.get_by_label("New password", exact=True).fill("a-brand-new-password")
    page.get_by_label("New password confirmation").fill("a-brand-new-password")
    fits(page, width)
    page.get_by_role("button", name="Set the password").click()
    expect(page.get_by_role("heading", name="Password set")).to_be_visible()
    player.refresh_from_db()
    assert player.check_password("a-brand-new-password")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_organisers_note_is_on_the_dashboard_and_never_shown_to_the_player(new_page, demo_event,
                                                                               django_user_model, width):
    organiser = django_user_model.objects.get(username="demo")
    ada = django_user_model.objects.get(username="demo-ada")
    assert demo_event.players.get(user=ada).submissions.exists()  # the demo's Ada has submitted her list
    olga = new_page(organiser, width=width)
    olga.goto(reverse("events:dashboard", args=[demo_event.slug]))
    row = olga.get_by_test_id("dashboard-row").filter(has_text="Ada")
    row.locator("summary").click()
    row.get_by_test_id("note-text").fill("Well painted army.")
    row.get_by_test_id("note-private").fill("Ask about the proxy models.")
    row.get_by_test_id("note-save").click()
    expect(row.get_by_role("status")).to_have_text("Saved.")
    olga.reload()
    expect(olga.get_by_test_id("dashboard-row").filter(has_text="Ada").get_by_test_id("note-private")) \
        .to_have_value("Ask about the proxy models.")
    fits(olga, width)
    player = new_page(ada, width=width)
    player.goto(demo_event.get_absolute_url())
    expect(player.get_by_text("Well painted army.")).to_be_visible()
    assert "proxy models" not in player.content()
