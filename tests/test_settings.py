"""The site is configured from the environment, and serves its own static files when deployed."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

ROOT = Path(__file__).resolve().parents[1]
# Reads the settings only, without django.setup(): no database driver is needed.
SHOW = ("import json; from django.conf import settings; "
        "db = settings.DATABASES['default']; "
        "print(json.dumps({'engine': db['ENGINE'], 'name': str(db['NAME']), 'options': db.get('OPTIONS', {}), "
        "'debug': settings.DEBUG, 'hosts': settings.ALLOWED_HOSTS, 'site': settings.SITE_URL}))")


def settings_with(**env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "SECRET_KEY", "DEBUG", "ALLOWED_HOSTS",
                                                                 "SITE_URL"}}
    return subprocess.run([sys.executable, "-c", SHOW], cwd=ROOT, capture_output=True, text=True,
                          env={**clean, "DJANGO_SETTINGS_MODULE": "armylists.settings", **env})


def test_without_environment_the_site_runs_on_a_sqlite_file_in_the_project_folder():
    shown = json.loads(settings_with().stdout)
    assert shown["engine"] == "django.db.backends.sqlite3" and shown["name"] == str(ROOT / "db.sqlite3")
    options = shown["options"]
    assert options["transaction_mode"] == "IMMEDIATE" and "journal_mode=WAL" in options["init_command"]


def test_database_url_selects_postgresql():
    shown = json.loads(settings_with(DATABASE_URL="postgres://muster:secret@db.example:5432/muster").stdout)
    assert (shown["engine"], shown["name"]) == ("django.db.backends.postgresql", "muster")
    assert "init_command" not in shown["options"]


def test_debug_off_needs_a_secret_key_and_takes_allowed_hosts():
    refused = settings_with(DEBUG="false")
    assert refused.returncode != 0 and "Set SECRET_KEY" in refused.stderr
    shown = json.loads(settings_with(DEBUG="false", SECRET_KEY="s" * 50, ALLOWED_HOSTS="a.example,b.example").stdout)
    assert shown["debug"] is False and shown["hosts"] == ["a.example", "b.example"]


def test_links_in_emails_name_site_url_else_deployed_the_first_allowed_host_over_https():
    deployed = {"DEBUG": "false", "SECRET_KEY": "s" * 50, "ALLOWED_HOSTS": "muster.example.org,www.example.org"}
    assert json.loads(settings_with(**deployed).stdout)["site"] == "https://muster.example.org"
    configured = settings_with(**deployed, SITE_URL="http://muster.example.org:8080/")
    assert json.loads(configured.stdout)["site"] == "http://muster.example.org:8080"
    assert json.loads(settings_with().stdout)["site"] == ""  # development: the request's own host


@pytest.mark.django_db
def test_collected_static_files_are_served_without_debug(tmp_path, settings):
    settings.STATIC_ROOT = tmp_path
    call_command("collectstatic", "--noinput", verbosity=0)
    response = Client().get("/static/muster/site.css")  # a new client: WhiteNoise reads STATIC_ROOT when it starts
    assert response.status_code == 200
    assert b"".join(response.streaming_content).strip()


TASKS_SHOWN = "from django.conf import settings; print(settings.TASKS['default']['BACKEND'])"


def tasks_backend(**env: str) -> str:
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "TASKS_WORKER"}}
    return subprocess.run([sys.executable, "-c", TASKS_SHOWN], cwd=ROOT, capture_output=True, text=True, check=True,
                          env={**clean, "DJANGO_SETTINGS_MODULE": "armylists.settings", **env}).stdout.strip()


def test_deployed_tasks_wait_for_the_worker_and_in_development_they_run_without_one():
    assert tasks_backend(DEBUG="false", SECRET_KEY="s" * 50) == "django_tasks_db.DatabaseBackend"
    assert tasks_backend(TASKS_WORKER="true") == "django_tasks_db.DatabaseBackend"
    assert tasks_backend() == "django_tasks.backends.immediate.ImmediateBackend"


@pytest.mark.django_db
def test_with_the_development_settings_asking_for_the_judges_pack_builds_it(settings, django_user_model):
    """The README's start command runs no worker: the pack must not wait for one."""
    from armylists.events.models import Event, Pack

    settings.TASKS = {"default": {"BACKEND": tasks_backend()}}
    call_command("seed_demo", verbosity=0)
    event = Event.objects.get(slug="demo-event")
    organiser = Client()
    organiser.force_login(django_user_model.objects.get(username="demo"))
    organiser.post(f"/events/{event.slug}/pack/")
    pack = Pack.objects.get(event=event)
    assert pack.status == Pack.Status.DONE and pack.pdf
    assert "Download the pack" in organiser.get(f"/events/{event.slug}/pack/status/").content.decode()


STORES_SHOWN = ("import json; from django.conf import settings; print(json.dumps({'caches': settings.CACHES, "
                "'pdfs': settings.STORAGES['pdfs'], 'sessions': settings.SESSION_ENGINE}))")


def stores(**env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "PDF_ROOT", "PDF_STORAGE"}}
    return subprocess.run([sys.executable, "-c", STORES_SHOWN], cwd=ROOT, capture_output=True, text=True,
                          env={**clean, "DJANGO_SETTINGS_MODULE": "armylists.settings", **env})


def test_without_redis_the_caches_are_the_databases_and_with_it_both_are_one_redis_under_two_prefixes():
    """docs/deploying.md, "Scaling past one machine": no Redis is needed for the README's two commands."""
    alone = json.loads(stores().stdout)
    assert {cache["BACKEND"].rsplit(".", 1)[1] for cache in alone["caches"].values()} == {
        "DatabaseCache", "KeptDatabaseCache"}
    shared = json.loads(stores(REDIS_URL="redis://10.0.0.5:6379/2").stdout)
    assert {cache["LOCATION"] for cache in shared["caches"].values()} == {"redis://10.0.0.5:6379/2"}
    assert len({cache["KEY_PREFIX"] for cache in shared["caches"].values()}) == 2
    assert all(cache["TIMEOUT"] for cache in shared["caches"].values())  # every entry expires
    assert alone["sessions"] == shared["sessions"] == "django.contrib.sessions.backends.db"


def test_rendered_pdfs_are_files_in_pdf_root_or_in_the_storage_pdf_storage_names():
    assert json.loads(stores(PDF_ROOT="/srv/muster/pdfs").stdout)["pdfs"] == {
        "BACKEND": "armylists.printing.files.WholeFiles", "OPTIONS": {"location": "/srv/muster/pdfs"}}
    s3 = {"BACKEND": "storages.backends.s3.S3Storage", "OPTIONS": {"bucket_name": "muster-pdfs"}}
    assert json.loads(stores(PDF_STORAGE=json.dumps(s3)).stdout)["pdfs"] == s3


@pytest.mark.parametrize(("variable", "value", "said"), [
    ("REDIS_URL", "memcached://10.0.0.5:11211", "REDIS_URL must begin redis://, rediss:// or unix://"),
    ("PDF_STORAGE", "storages.backends.s3.S3Storage", 'PDF_STORAGE must be JSON such as {"BACKEND"'),
    ("PDF_STORAGE", '{"OPTIONS": {}}', 'PDF_STORAGE must be JSON such as {"BACKEND"'),
])
def test_a_store_named_wrongly_is_refused_in_a_sentence(variable, value, said):
    refused = stores(**{variable: value})
    assert refused.returncode != 0 and said in refused.stderr
