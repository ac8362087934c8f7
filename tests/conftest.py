"""Fixtures shared by every Django test area. Area-specific ones live next to their tests."""
from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model


def pytest_configure(config):
    # Tests only: a real hasher is slow on purpose, and hashing the test users' passwords
    # took most of the builder tests' time. Production settings keep Django's default.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def make_user(db):
    def make_user_(username: str = "player", password: str = "a-long-test-password"):
        return get_user_model().objects.create_user(username=username, password=password)

    return make_user_


@pytest.fixture(autouse=True)
def tasks_run_at_once(settings):
    """Background tasks run inside the request that queues them (the site queues them in the database)."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
