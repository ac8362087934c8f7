"""Passwords are stored with Argon2id, and those stored before are stored again with it at the next login.

The suite's other tests hash with MD5 (tests/conftest.py); these put the site's own hashers back.
"""
from __future__ import annotations

import pytest
from argon2 import PasswordHasher
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.urls import reverse

from armylists import settings as project
from armylists.accounts.hashers import MusterArgon2PasswordHasher

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password"


@pytest.fixture
def site_hashers(settings):
    settings.PASSWORD_HASHERS = project.PASSWORD_HASHERS


def logs_in(client, username: str) -> bool:
    response = client.post(reverse("login"), {"username": username, "password": PASSWORD})
    return response.status_code == 302 and response["Location"] == reverse("builder:lists")


def stored(username: str) -> str:
    return get_user_model().objects.get(username=username).password


def test_a_new_account_s_password_is_stored_with_argon2id_in_one_lane(client, site_hashers):
    """One lane: a login takes one core (docs/deploying.md, "Passwords")."""
    client.post(reverse("signup"), {"username": "ada", "password1": PASSWORD, "password2": PASSWORD})
    assert stored("ada").startswith("argon2$argon2id$") and ",p=1$" in stored("ada")


def test_a_password_stored_with_pbkdf2_logs_in_and_is_stored_again_with_argon2(client, site_hashers):
    # Fewer iterations than Django's 1,000,000, to keep the test quick: the way through is the same.
    old = PBKDF2PasswordHasher().encode(PASSWORD, "saltsaltsalt", iterations=1000)
    get_user_model().objects.create(username="ada", password=old)
    assert logs_in(client, "ada")
    assert stored("ada").startswith("argon2$argon2id$")
    client.post(reverse("logout"))
    assert logs_in(client, "ada")  # with the new hash


def test_a_password_stored_with_other_argon2_costs_is_stored_again_with_the_site_s(client, site_hashers):
    """Costs changed later (armylists/accounts/hashers.py) reach every player at their next login."""
    other_costs = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=2).hash(PASSWORD)
    get_user_model().objects.create(username="ada", password="argon2" + other_costs)
    assert logs_in(client, "ada")
    assert stored("ada").startswith("argon2$argon2id$") and not MusterArgon2PasswordHasher().must_update(stored("ada"))


# OWASP Password Storage Cheat Sheet, "Argon2id": five equivalent configurations, (passes, KiB), one lane.
OWASP_ARGON2ID = [(1, 47104), (2, 19456), (3, 12288), (4, 9216), (5, 7168)]


def test_the_site_s_argon2id_costs_meet_one_of_owasp_s_configurations():
    site = MusterArgon2PasswordHasher
    assert site.parallelism == 1
    assert any(site.time_cost >= passes and site.memory_cost >= kib for passes, kib in OWASP_ARGON2ID)


def test_a_password_stored_with_the_site_s_earlier_32_mib_still_logs_in_and_takes_the_new_costs(
        client, site_hashers):
    """Before 19 MiB the site stored 32 MiB with two passes (docs/deploying.md, "Passwords")."""
    earlier = PasswordHasher(time_cost=2, memory_cost=32 * 1024, parallelism=1).hash(PASSWORD)
    get_user_model().objects.create(username="ada", password="argon2" + earlier)
    assert logs_in(client, "ada")
    assert "$m=19456,t=2,p=1$" in stored("ada") and not MusterArgon2PasswordHasher().must_update(stored("ada"))
