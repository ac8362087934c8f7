"""`manage.py check --deploy` passes with the production environment of docs/deploying.md,
and each of Django's HTTPS settings is read from the environment under its own name."""
from __future__ import annotations

import json

import pytest

from .environment import PRODUCTION, manage


def deploy_check(env: dict[str, str], tmp_path) -> str:
    run = manage("check", "--deploy", "--fail-level", "WARNING",
                 env={"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", **env})
    return run.stdout + run.stderr


def test_the_production_environment_passes_check_deploy(tmp_path):
    assert "System check identified no issues" in deploy_check(PRODUCTION, tmp_path)


HTTPS_WARNINGS = {"SECURE_SSL_REDIRECT": "security.W008", "SECURE_HSTS_SECONDS": "security.W004",
                  "SESSION_COOKIE_SECURE": "security.W012", "CSRF_COOKIE_SECURE": "security.W016"}


def test_leaving_the_https_settings_out_is_reported_setting_by_setting(tmp_path):
    reported = deploy_check({k: v for k, v in PRODUCTION.items() if k not in HTTPS_WARNINGS}, tmp_path)
    assert all(warning in reported for warning in HTTPS_WARNINGS.values())


SHOW = ("import json; from django.conf import settings as s; print(json.dumps({n: getattr(s, n) for n in ["
        "'SECURE_PROXY_SSL_HEADER', 'CSRF_TRUSTED_ORIGINS', 'SECURE_HSTS_SECONDS', 'SECURE_HSTS_INCLUDE_SUBDOMAINS',"
        "'SECURE_HSTS_PRELOAD', 'ALLOWED_HOSTS']}))")


def test_proxy_header_origins_and_hsts_come_from_the_environment(tmp_path):
    run = manage("shell", "-v0", "-c", SHOW, env={"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
                                                  **PRODUCTION, "CSRF_TRUSTED_ORIGINS": "https://a.example, https://b.example"})
    assert json.loads(run.stdout) == {
        "SECURE_PROXY_SSL_HEADER": ["HTTP_X_FORWARDED_PROTO", "https"],
        "CSRF_TRUSTED_ORIGINS": ["https://a.example", "https://b.example"],
        "SECURE_HSTS_SECONDS": 31536000, "SECURE_HSTS_INCLUDE_SUBDOMAINS": True, "SECURE_HSTS_PRELOAD": True,
        "ALLOWED_HOSTS": ["muster.example.org"]}


@pytest.mark.parametrize("name, value", [("SECURE_PROXY_SSL_HEADER", "https"),
                                         ("SECURE_HSTS_SECONDS", "a year"),
                                         ("SITE_URL", "muster.example.org"),
                                         ("SITE_URL", "https://muster.example.org/muster/")])
def test_a_malformed_setting_stops_the_site_with_its_name(name, value, tmp_path):
    run = manage("check", env={"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", **PRODUCTION, name: value})
    assert run.returncode != 0 and f"{name} must" in run.stderr
