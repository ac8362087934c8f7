"""The production environment of docs/deploying.md, and a way to run manage.py under it."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# As docs/deploying.md lists it, behind an HTTPS proxy that sets X-Forwarded-Proto.
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "k7Vq2-this-is-a-test-key-of-fifty-characters-or-more-x9",
    "ALLOWED_HOSTS": "muster.example.org",
    "SITE_URL": "https://muster.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://muster.example.org",
    "SECURE_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO,https",
    "SECURE_SSL_REDIRECT": "true",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "true",
    "SECURE_HSTS_PRELOAD": "true",
    "SESSION_COOKIE_SECURE": "true",
    "CSRF_COOKIE_SECURE": "true",
}
# Variables a developer's shell (or another test: the browser tests allow async-unsafe
# calls) may have set that would change what these tests see.
OURS = set(PRODUCTION) | {"DATABASE_URL", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE", "TASKS_WORKER"}


def manage(*args: str, env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in OURS}
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env={**clean, "PYTHONPATH": str(ROOT), **env})
