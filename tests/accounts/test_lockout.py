"""Guessing is paused (django-axes): repeated failed logins of one account from one address
get a clear lockout page (429) until the cool-off has passed. Sign-ups are rate limited instead."""
from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from armylists.ops.clientip import client_ip

pytestmark = pytest.mark.django_db
RIGHT, WRONG = "a-long-test-password", "not-the-password"
LIMIT = settings.AXES_FAILURE_LIMIT


def log_in(client: Client, username: str, password: str, **extra):
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


def logged_in(client: Client) -> bool:
    return client.get(reverse("builder:lists")).status_code == 200


def fail_logins(client: Client, username: str, times: int, **extra):
    return [log_in(client, username, WRONG, **extra) for _ in range(times)][-1]


def test_the_limit_th_failure_locks_the_username_out_from_that_address_with_a_clear_page(client, make_user):
    make_user("ada")
    assert fail_logins(client, "ada", LIMIT - 1).status_code == 200  # the form again, with its error
    locked = log_in(client, "ada", WRONG)
    assert locked.status_code == 429
    page = locked.content.decode()
    assert "Too many attempts" in page and f"{LIMIT} failed attempts" in page and "15 minutes" in page
    # Even the right password is refused until the cool-off has passed.
    assert log_in(client, "ada", RIGHT).status_code == 429 and not logged_in(client)


def test_a_lockout_touches_neither_other_players_at_that_address_nor_the_player_elsewhere(make_user):
    make_user("ada"), make_user("bea")
    fail_logins(Client(), "ada", LIMIT)
    bea = Client()
    assert log_in(bea, "bea", RIGHT).status_code == 302 and logged_in(bea)
    ada_elsewhere = Client(REMOTE_ADDR="203.0.113.9")
    assert log_in(ada_elsewhere, "ada", RIGHT).status_code == 302 and logged_in(ada_elsewhere)


def test_the_lockout_ends_when_the_cool_off_has_passed(client, make_user):
    make_user("ada")
    fail_logins(client, "ada", LIMIT)
    assert log_in(client, "ada", RIGHT).status_code == 429
    AccessAttempt.objects.update(attempt_time=timezone.now() - settings.AXES_COOLOFF_TIME - timedelta(seconds=1))
    assert log_in(client, "ada", RIGHT).status_code == 302 and logged_in(client)


def test_a_successful_login_starts_the_count_again(client, make_user):
    make_user("ada")
    fail_logins(client, "ada", LIMIT - 1)
    assert log_in(client, "ada", RIGHT).status_code == 302
    client.post(reverse("logout"))
    assert fail_logins(client, "ada", LIMIT - 1).status_code == 200
    assert log_in(client, "ada", RIGHT).status_code == 302


def test_code_that_authenticates_without_a_request_is_neither_checked_nor_counted(client, make_user):
    make_user("ada")
    fail_logins(client, "ada", LIMIT)
    assert authenticate(username="ada", password=RIGHT) is not None  # a script's call, not a guess from the web
    assert authenticate(username="ada", password=WRONG) is None
    assert log_in(client, "ada", RIGHT).status_code == 429


def sign_up(client: Client, username: str, **extra):
    return client.post(reverse("signup"), {"username": username, "password1": RIGHT, "password2": RIGHT}, **extra)


def sign_up_weakly(client: Client, username: str):
    return client.post(reverse("signup"), {"username": username, "password1": "1234", "password2": "1234"})


def test_refused_sign_ups_lock_nobody_out(client):
    """A venue on one address: seven refused sign-ups in a row do not stop an eighth good one, or a login."""
    for name in ("ada", "bea", "cleo", "dora", "ella", "fay", "gwen"):
        refused = sign_up_weakly(client, name)
        assert refused.status_code == 200 and "too short" in refused.content.decode()
    assert not AccessAttempt.objects.exists()
    assert sign_up(client, "hana").status_code == 302 and logged_in(client)


def test_sign_ups_are_limited_per_address_at_a_rate_no_club_room_reaches(settings):
    settings.SIGN_UP_RATE = "3/h"
    venue = Client()
    for name in ("ada", "bea", "cleo"):
        sign_up_weakly(venue, name)
    refused = sign_up(venue, "dora")
    assert refused.status_code == 429 and "Too many requests" in refused.content.decode()
    assert not get_user_model().objects.filter(username="dora").exists()
    assert sign_up(Client(REMOTE_ADDR="203.0.113.9"), "dora").status_code == 302


def test_behind_a_proxy_players_are_told_apart_by_the_address_the_proxy_saw(settings, make_user):
    settings.TRUSTED_PROXIES = ["10.0.0.2"]
    make_user("ada")
    proxy = {"REMOTE_ADDR": "10.0.0.2"}
    # The attacker writes an address of their own in front; the proxy appends the one it saw.
    fail_logins(Client(**proxy), "ada", LIMIT, HTTP_X_FORWARDED_FOR="198.51.100.7, 192.0.2.66")
    assert log_in(Client(**proxy), "ada", RIGHT, HTTP_X_FORWARDED_FOR="192.0.2.66").status_code == 429
    player = Client(**proxy)
    assert log_in(player, "ada", RIGHT, HTTP_X_FORWARDED_FOR="198.51.100.7").status_code == 302


def test_a_client_that_reaches_the_site_directly_cannot_choose_its_address(settings, make_user):
    """Varying X-Forwarded-For from an address that is not the proxy's changes nothing: still locked out."""
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    make_user("ada")
    for n in range(LIMIT):
        fail_logins(Client(REMOTE_ADDR="192.0.2.50"), "ada", 1, HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")
    direct = Client(REMOTE_ADDR="192.0.2.50")
    assert log_in(direct, "ada", RIGHT, HTTP_X_FORWARDED_FOR="203.0.113.1").status_code == 429


@pytest.mark.parametrize("proxies, forwarded, seen", [
    ([], "192.0.2.1", "10.0.0.2"),                          # no proxy: the header is the client's own words
    (["127.0.0.1"], "192.0.2.1", "10.0.0.2"),               # not from the proxy: the header is not believed
    (["10.0.0.2"], "192.0.2.1", "192.0.2.1"),
    (["10.0.0.2"], "6.6.6.6, 192.0.2.1", "192.0.2.1"),
    (["10.0.0.2", "10.0.0.1"], "192.0.2.1, 10.0.0.1", "192.0.2.1"),
    (["10.0.0.2", "10.0.0.1"], "10.0.0.1", "10.0.0.2"),     # only proxies: the nearest one
    (["10.0.0.2"], "", "10.0.0.2"),
])
def test_the_client_address(settings, rf, proxies, forwarded, seen):
    settings.TRUSTED_PROXIES = proxies
    assert client_ip(rf.get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=forwarded)) == seen
