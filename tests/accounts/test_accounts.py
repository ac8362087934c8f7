"""Accounts: sign up, log in and out, change a password; htmx requests without a session."""
from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_signing_up_creates_the_player_and_logs_them_in(client):
    response = client.post(reverse("signup"), {"username": "ada", "password1": "a-long-test-password",
                                               "password2": "a-long-test-password"})
    assert response.status_code == 302 and response["Location"] == reverse("builder:lists")
    assert get_user_model().objects.filter(username="ada").exists()
    assert client.get(reverse("builder:lists")).status_code == 200


def test_a_sign_up_with_mismatched_passwords_is_refused_with_a_message_and_writes_nothing(client):
    response = client.post(reverse("signup"), {"username": "ada", "password1": "a-long-test-password",
                                               "password2": "another-password"})
    assert response.status_code == 200 and "didn’t match" in response.content.decode()
    assert not get_user_model().objects.exists()


def test_logging_in_and_out(client, make_user):
    make_user("ada")
    response = client.post(reverse("login"), {"username": "ada", "password": "a-long-test-password"})
    assert response.status_code == 302
    assert client.post(reverse("logout")).status_code == 302
    assert client.get(reverse("builder:lists")).status_code == 302


def test_a_login_with_a_name_longer_than_any_username_is_refused_and_not_recorded(client):
    """docs/deploying.md, What the site does against hostile clients: such a name reached django-axes, whose
    record of the failure is shorter than 100,000 characters (a 500 on PostgreSQL). No one has it: a form error,
    no record."""
    longest = get_user_model()._meta.get_field("username").max_length
    response = client.post(reverse("login"), {"username": "a" * (longest + 1), "password": "guess"})
    assert response.status_code == 200
    assert f"at most {longest} characters" in response.content.decode()
    assert not AccessAttempt.objects.exists()


def test_changing_a_password(client, make_user):
    user = make_user("ada")
    client.force_login(user)
    response = client.post(reverse("password_change"), {
        "old_password": "a-long-test-password", "new_password1": "another-long-password",
        "new_password2": "another-long-password"})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("another-long-password")


def test_an_htmx_request_without_a_session_is_sent_to_log_in_as_a_whole_page(client):
    response = client.post(reverse("builder:list-entry-add", args=[1]), headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response["HX-Redirect"].startswith(reverse("login"))


INVITATION = "/events/spring-cup/join/a-token/"


def test_where_a_visitor_was_going_is_kept_through_log_in_and_sign_up(client):
    login_page = client.get(reverse("login"), {"next": INVITATION}).content.decode()
    assert f'href="{reverse("signup")}?next={INVITATION}"' in login_page
    signup_page = client.get(reverse("signup"), {"next": INVITATION}).content.decode()
    assert f'name="next" value="{INVITATION}"' in signup_page
    assert f'href="{reverse("login")}?next={INVITATION}"' in signup_page
    response = client.post(reverse("signup"), {"username": "ada", "password1": "a-long-test-password",
                                               "password2": "a-long-test-password", "next": INVITATION})
    assert response.status_code == 302 and response["Location"] == INVITATION


@pytest.mark.parametrize("elsewhere", ["https://evil.example/", "//evil.example/join/", "javascript:alert(1)"])
def test_a_next_that_leaves_the_site_is_ignored(client, elsewhere):
    assert elsewhere not in client.get(reverse("signup"), {"next": elsewhere}).content.decode()
    response = client.post(reverse("signup"), {"username": "ada", "password1": "a-long-test-password",
                                               "password2": "a-long-test-password", "next": elsewhere})
    assert response.status_code == 302 and response["Location"] == reverse("builder:lists")


def test_a_forgotten_password_is_reset_by_a_link_sent_by_email(client, make_user, mailoutbox):
    user = make_user("ada")
    user.email = "ada@example.org"
    user.save()
    assert reverse("password_reset") in client.get(reverse("login")).content.decode()
    response = client.post(reverse("password_reset"), {"email": "ada@example.org"})
    assert response.status_code == 302 and response["Location"] == reverse("password_reset_done")
    (mail,) = mailoutbox
    assert mail.to == ["ada@example.org"] and mail.subject == "Reset your Muster password"
    link = next(line for line in mail.body.splitlines() if "/reset/" in line).split("testserver", 1)[1]
    form = client.get(link, follow=True)
    assert "Choose a new password" in form.content.decode()
    done = client.post(form.redirect_chain[-1][0], {"new_password1": "a-brand-new-password",
                                                    "new_password2": "a-brand-new-password"}, follow=True)
    assert "Your new password is set" in done.content.decode()
    user.refresh_from_db()
    assert user.check_password("a-brand-new-password")


def test_the_reset_link_names_the_configured_site_address_whatever_port_the_request_came_to(client, make_user,
                                                                                              mailoutbox, settings):
    settings.SITE_URL, settings.ALLOWED_HOSTS = "https://muster.example.org", ["muster.example.org"]
    user = make_user("ada")
    user.email = "ada@example.org"
    user.save()
    client.post(reverse("password_reset"), {"email": "ada@example.org"}, HTTP_HOST="muster.example.org:6666")
    (mail,) = mailoutbox
    link = next(line for line in mail.body.splitlines() if "/reset/" in line)
    assert link.startswith("https://muster.example.org/accounts/reset/") and ":6666" not in mail.body


def test_the_sign_up_takes_an_optional_email_for_resets(client):
    client.post(reverse("signup"), {"username": "ada", "email": "ada@example.org",
                                    "password1": "a-long-test-password", "password2": "a-long-test-password"})
    assert get_user_model().objects.get(username="ada").email == "ada@example.org"


def test_reset_requests_are_limited_per_address(client, settings, mailoutbox):
    settings.PASSWORD_RESET_RATE = "2/h"
    for _ in range(2):
        assert client.post(reverse("password_reset"), {"email": "ada@example.org"}).status_code == 302
    refused = client.post(reverse("password_reset"), {"email": "ada@example.org"})
    assert refused.status_code == 429 and "Too many requests" in refused.content.decode()
