"""Muster's only settings module.

Everything that differs between a laptop, CI and production comes from the
environment, under Django's own setting names where Django has one (DEBUG,
SECRET_KEY, ALLOWED_HOSTS, SECURE_SSL_REDIRECT, ...) and DATABASE_URL for the
database. The defaults are for development and CI (SQLite in the project
folder, plain HTTP); docs/deploying.md lists a production environment, and
tests/production/test_deploy_check.py runs `check --deploy` with it.
"""
from __future__ import annotations

import json
import os
import tempfile
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from armylists.boundary.jsonfile import LIST_BYTES

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    try:
        return int(os.environ.get(name, default))
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {os.environ[name]!r}.") from None


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_proxy_ssl_header(name: str) -> tuple[str, str] | None:
    """"HTTP_X_FORWARDED_PROTO,https": the header (as Django's request.META names it) and value
    by which the proxy in front says the request came over HTTPS. Set it only behind a proxy
    that sets or strips that header on every request."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return None
    header, _, value = (part.strip() for part in raw.partition(","))
    if not header.startswith("HTTP_") or not value:
        raise ImproperlyConfigured(f"{name} must look like 'HTTP_X_FORWARDED_PROTO,https', not {raw!r}.")
    return header, value


def env_site_url(name: str, hosts: list[str], debug: bool) -> str:
    """The site's own address ("https://muster.example.org"), which links in emails name: never the
    Host header of the request that sent them, whose port anyone reaching the web port directly
    chooses (docs/deploying.md, "The environment"). Unset: with DEBUG on, "" (the request's host,
    as runserver needs); off, https:// and the first host ALLOWED_HOSTS names."""
    raw = os.environ.get(name, "").strip().rstrip("/")
    if raw:
        parts = urlsplit(raw)
        if parts.scheme not in {"http", "https"} or not parts.hostname or "@" in parts.netloc or (
                raw != f"{parts.scheme}://{parts.netloc}"):
            raise ImproperlyConfigured(f"{name} must be the site's address, such as https://muster.example.org, "
                                       f"not {raw!r}.")
        return raw
    if debug:
        return ""
    host = next((h.lstrip(".") for h in hosts if h.lstrip(".") not in {"", "*"}), None)
    if host is None:
        raise ImproperlyConfigured(f"Set {name} when DEBUG is off and ALLOWED_HOSTS names no single host.")
    return f"https://{host}"


def env_redis_url(name: str) -> str:
    """A Redis database's address (redis://HOST:PORT/N, rediss://..., unix:///PATH?db=N), or "" when unset."""
    raw = os.environ.get(name, "").strip()
    if raw and urlsplit(raw).scheme not in {"redis", "rediss", "unix"}:
        # Not the value itself: it may carry a password.
        raise ImproperlyConfigured(f"{name} must begin redis://, rediss:// or unix://, as redis://127.0.0.1:6379/0 "
                                   "does.")
    return raw


def env_storage(name: str, default: dict) -> dict:
    """One of Django's STORAGES entries, as JSON: {"BACKEND": "storages.backends.s3.S3Storage", "OPTIONS": {...}}."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        entry = json.loads(raw)
    except ValueError:
        entry = None
    if not isinstance(entry, dict) or not isinstance(entry.get("BACKEND"), str) or not isinstance(
            entry.get("OPTIONS", {}), dict):
        raise ImproperlyConfigured(f'{name} must be JSON such as {{"BACKEND": "storages.backends.s3.S3Storage", '
                                   f'"OPTIONS": {{"bucket_name": "muster-pdfs"}}}}.')
    return entry


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise RuntimeError("Set SECRET_KEY when DEBUG is off.")
    SECRET_KEY = "insecure-development-key-do-not-use-in-production"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost")
# The address links in emails name (password reset): SITE_URL, else the first of ALLOWED_HOSTS over
# HTTPS when DEBUG is off; "" with DEBUG on, for the request's own host.
SITE_URL = env_site_url("SITE_URL", ALLOWED_HOSTS, DEBUG)

# HTTPS, all off by default (runserver and the test suite speak plain HTTP);
# docs/deploying.md turns them on.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SECURE_PROXY_SSL_HEADER = env_proxy_ssl_header("SECURE_PROXY_SSL_HEADER")
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", False)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", False)
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
# The exact addresses of the proxies in front (armylists.ops.clientip): only a connection from
# one of them has its X-Forwarded-For believed; none by default (REMOTE_ADDR is the client).
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES")
# Headers sent on every response (Django's defaults, said out loud).
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Content Security Policy (django-csp): scripts, styles and everything else from
# the site itself; an inline <script> or <style> runs only with the page's
# nonce, and style="" or onclick="" attributes never (templates have none;
# tests/production/test_security_headers.py checks).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, NONCE],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "csp",
    "axes",
    "template_partials",
    "django_tasks",
    "django_tasks_db",
    # The rate and cost limits' tallies, and the kept cache's table (armylists/ops/state.py).
    "armylists.ops.apps.OpsConfig",
    "factions.apps.FactionsConfig",
    "armylists.checking.apps.CheckingConfig",
    "armylists.builder.apps.BuilderConfig",
    "armylists.printing.apps.PrintingConfig",
    "armylists.campaigns.apps.CampaignsConfig",
    "armylists.events.apps.EventsConfig",
    "armylists.tournament.apps.TournamentConfig",
    "armylists.seasons.apps.SeasonsConfig",
    # Above every app: `seed_demo` gathers each one's demo (docs/architecture.md, "The layers").
    "armylists.demo.apps.DemoConfig",
]

# The games Muster knows, each a package with its rules, its home and its numbers
# (docs/architecture.md, "A game is one package"); a new game is one more line.
MUSTER_GAMES = [
    "armylists.games.aof_regiments",
    "armylists.games.aof_skirmish",
    "armylists.games.battleground",
    "armylists.games.diskwars",
    "armylists.games.dulce_bellum",
]

MIDDLEWARE = [
    # First: every answer, errors and redirects included, carries the request id.
    "armylists.ops.requestid.RequestIdMiddleware",
    # Notes which thread runs each request, so that one past its time can be cut (armylists.ops.timelimit).
    "armylists.ops.timelimit.RequestTimeLimitMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    # Before anything reads a request body: refuses it from its headers.
    "armylists.ops.limits.RequestBodyLimitMiddleware",
    # Serves collected static files when DEBUG is off (gunicorn has no static file server).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "armylists.accounts.middleware.HtmxLoginRedirectMiddleware",
    # Answers the event day's unchanged polls before the view reads the session or the user.
    "armylists.tournament.polling.UnchangedPollMiddleware",
    # Last, as django-axes asks: it turns a lockout into the lockout page.
    "axes.middleware.AxesMiddleware",
]

# Answered on the web process's event loop before Django makes a request of them (armylists/ops/handler.py).
ANSWERED_ON_THE_LOOP = ["armylists.tournament.polling.answer_on_the_loop"]

ROOT_URLCONF = "armylists.urls"
WSGI_APPLICATION = "armylists.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "armylists.ops.csp.nonce",
            ],
        },
    },
]

# On PostgreSQL each request closes its database connection when it ends, back to the process's pool.
# Django advises against persistent connections under ASGI (its docs, "Persistent connections"), where
# each request may run in a thread of its own; Muster's handler runs every request's code in the
# process's one thread (armylists/ops/handler.py), so on SQLite that thread keeps its connection:
# opening it again for every request was a fifth of a small request's CPU (tests/bench_edit_cpu.py).
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=0)
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent builder requests on SQLite: readers never wait for a writer (WAL),
    # a transaction takes the write lock when it starts (no failed lock upgrades),
    # and a writer waits for the lock instead of failing: 20 s in commands and the worker, a second
    # in the web process (armylists/ops/gunicorn.py), which answers 503 after that (armylists.ops.errors).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        timeout=float(os.environ.get("DATABASE_LOCK_TIMEOUT_S", "20")), transaction_mode="IMMEDIATE",
        init_command="PRAGMA journal_mode=WAL;")
    DATABASES["default"]["CONN_MAX_AGE"] = None  # kept by the thread until an error or a cut closes it
elif env_bool("DATABASE_POOL", True):
    # Up to DATABASE_POOL_SIZE connections per web or worker process; a request
    # waits up to 10 s for one before failing. Each process runs one request's code at a time
    # (armylists/ops/handler.py), so it uses one; the second spares a request the wait while a
    # connection cut mid-query (armylists/ops/timelimit.py) is replaced. More only spend
    # PostgreSQL's connections (docs/deploying.md, "Scaling past one machine"). Each is checked as
    # it leaves the pool: after a database restart the pool's connections are all closed by the
    # server, and unchecked each failed the next request given it (docs/deploying.md, "Processes that die").
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1, "max_size": env_int("DATABASE_POOL_SIZE", 2), "timeout": 10}
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True

# Request bodies: the largest the site reads, by the longest matching path prefix
# (armylists.ops.limits refuses larger ones from their Content-Length, unread).
# The largest thing sent is a list file, at most LIST_BYTES (1 MB, docs/checking.md):
# bare to /api/check, wrapped in a form's multipart encoding elsewhere.
REQUEST_BODY_MAX_BYTES = {"/api/": LIST_BYTES, "/": 2 * LIST_BYTES}
DATA_UPLOAD_MAX_MEMORY_SIZE = max(REQUEST_BODY_MAX_BYTES.values())
FILE_UPLOAD_MAX_MEMORY_SIZE = DATA_UPLOAD_MAX_MEMORY_SIZE

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# New passwords are stored with Argon2id at costs measured for logins at once (docs/deploying.md,
# "Passwords"). The PBKDF2 ones after it still verify the passwords stored before, and Django
# stores each again with the first at that player's next login.
PASSWORD_HASHERS = [
    "armylists.accounts.hashers.MusterArgon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
]
AUTHENTICATION_BACKENDS = [
    # Refuses a login attempt while its username and address are locked out, before the password is checked.
    "armylists.accounts.backends.LockoutBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Guessing passwords (django-axes): after AXES_FAILURE_LIMIT failed logins for one
# username from one address, that username is locked out from that address for
# AXES_COOLOFF_TIME; a successful login clears its count. Username and address
# together, so that players behind one club's or venue's address do not lock
# each other out, and nobody can lock a player out from elsewhere. A refused
# sign-up is a form error and counts towards nothing; sign-ups and password reset
# requests are limited per address instead (armylists.accounts.views), at rates no
# club room reaches.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "armylists.accounts.lockout.locked_out"
AXES_CLIENT_IP_CALLABLE = "armylists.ops.clientip.client_ip"
SIGN_UP_RATE = "30/h"
PASSWORD_RESET_RATE = "10/h"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "builder:lists"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "armylists" / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

# Rendered PDFs and judges' packs are files in the storage `pdfs` (armylists/printing/files.py): a folder,
# PDF_ROOT, by default; PDF_STORAGE, a STORAGES entry as JSON, names any other backend, e.g. S3-compatible
# through django-storages (docs/deploying.md, "Rendered PDFs"). Every machine must reach the same one.
PDF_ROOT = Path(os.environ.get("PDF_ROOT", BASE_DIR / "pdfs"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    "pdfs": env_storage("PDF_STORAGE", {"BACKEND": "armylists.printing.files.WholeFiles",
                                        "OPTIONS": {"location": str(PDF_ROOT)}}),
}

# Background work (django-tasks; an event's judges' pack). Deployed (DEBUG off), or with
# TASKS_WORKER=true, tasks are queued in the database and run by the Procfile's `worker`
# process (`python manage.py db_worker`). In development with no worker they run at once,
# inside the request that starts them, so `runserver` alone is a whole site (the README's
# start command). The test suite runs tasks at once too (tests/conftest.py).
TASKS_WORKER = env_bool("TASKS_WORKER", not DEBUG)
# Two queues: rosters are quick and a player waits for each, so they have a worker of their own
# (the Procfile's `printer`) and never queue behind a judges' pack or a campaign's sheets.
ROSTER_QUEUE = "rosters"
# Within a queue the worker takes the highest priority first (django_tasks_db orders by it): a player's own
# roster before a signed-in reader's, before an anonymous reader's shared roster, before an organiser's bulk
# work (judges' packs), which the workers take only when nothing else waits (docs/deploying.md, "Background tasks").
TASK_PRIORITIES = {"player": 50, "signed-in": 0, "reader": -50, "bulk": -80}
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend" if TASKS_WORKER
                     else "django_tasks.backends.immediate.ImmediateBackend",
                     "QUEUES": ["default", ROSTER_QUEUE]}}

# Mail (password reset links): printed to the console unless EMAIL_HOST names an SMTP server
# (docs/deploying.md, "The environment").
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = ("django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST
                 else "django.core.mail.backends.console.EmailBackend")
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "muster@localhost")

# Django's caches, in the database (docs/deploying.md, "Caching and rate limits"): shared by every
# web and worker process on every machine, as sessions and the task queue are. `default` holds what
# can be made again (rendered PDFs by content, shared pages, check reports) and culls its oldest past
# MAX_ENTRIES; `state` holds what must not vanish because other things were cached (PDF jobs' markers,
# which roster a list prints) and only ever deletes expired entries (armylists.ops.state). The rate and
# cost limits count in a table of their own (armylists.ops.tallies). The tables are made by migrations
# (printing 0001, ops 0001).
CACHES = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "muster_cache",
                      "TIMEOUT": 24 * 3600, "OPTIONS": {"MAX_ENTRIES": 2000}},
          "state": {"BACKEND": "armylists.ops.state.KeptDatabaseCache", "LOCATION": "muster_state",
                    "TIMEOUT": 24 * 3600, "OPTIONS": {"MAX_ENTRIES": 2000}}}
# With REDIS_URL (redis://HOST:PORT/N, rediss:// or unix://PATH?db=N), both caches and the limits' counts are in
# that Redis database instead, each cache under its own key prefix, every entry with its expiry: shared by every
# machine without a database query per look-up (docs/deploying.md, "Scaling past one machine"). That Redis must
# never evict a key (maxmemory-policy noeviction): `state` and the counts are not a cache.
REDIS_URL = env_redis_url("REDIS_URL")
if REDIS_URL:
    CACHES = {alias: {"BACKEND": "armylists.ops.state.SharedRedisCache", "LOCATION": REDIS_URL,
                      "KEY_PREFIX": f"muster-{alias}", "TIMEOUT": 24 * 3600} for alias in ("default", "state")}
# Sessions stay in the database whatever the caches are: a Redis emptied or replaced logs nobody out.
SESSION_ENGINE = "django.contrib.sessions.backends.db"
# How often one user, and one address, may use a costly endpoint: "count/period" (s, m or h).
# An address is shared by everyone behind a venue's connection, so its limits are the larger.
RATE_LIMITS = {
    "roster-pdf": {"user": "20/m", "address": "120/m"},
    "campaign-pdf": {"user": "20/m", "address": "120/m"},
    "wall-pdf": {"user": "20/m", "address": "120/m"},
    "judges-pack": {"user": "6/m", "address": "20/m"},
    "check-api": {"user": "60/m", "address": "600/m"},
    "organiser-invite": {"user": "10/h", "address": "30/h"},
    "player-invite": {"user": "30/h", "address": "60/h"},
}
# How much of the server's time each user, and each address, may take on costly pages (a shared list, its
# PDF and file, the check API, published standings), in seconds a minute: a request costs the time it took
# (armylists.ops.ratelimit.cost_limited). A player reading a shared list spends a fraction of a second; a flood
# of thousand-entry pages is refused after a few dozen, and its cheap requests go on. At most a sixth of one core
# each: the load test's flood, allowed half a core, lifted the players' edits' p95 from 50 to 450 ms.
# "anonymous": what every request without an account shares, whatever its address (a flood from dozens of
# addresses, each within its own share, took both cores): a quarter of one core (docs/deploying.md,
# "What the site does against hostile clients").
COST_LIMITS = {"user": 10, "address": 10, "anonymous": env_int("ANONYMOUS_COST_S", 15)}
# How many anonymous costly requests run at once on one machine, across all its web processes
# (armylists.ops.slots: a lock on one of this many files in ANONYMOUS_SLOTS_DIR); the rest get 503 and Retry-After.
ANONYMOUS_SLOTS = env_int("ANONYMOUS_SLOTS", 1)
ANONYMOUS_SLOTS_DIR = os.environ.get("ANONYMOUS_SLOTS_DIR", os.path.join(tempfile.gettempdir(), "muster-slots"))
# How long the proxy in front and browsers may keep an anonymous reader's shared page or roster
# (Cache-Control: public, max-age); signed-in answers are never kept by others
# (docs/deploying.md, "The proxy in front").
SHARED_MAX_AGE_S = env_int("SHARED_MAX_AGE_S", 60)
# What a web process loads before it takes requests (armylists.ops.warmup): each first request
# in a new process paid for it (a second under load) while the requests queued behind it waited.
WARM_UP = ["armylists.checking.library.load_every_library", "armylists.campaigns.snapshots.engine_version"]
WARM_TEMPLATES = ["builder/list_detail.html", "builder/_edit.html", "printing/preparing.html", "busy.html",
                  "campaigns/campaign_detail.html", "events/dashboard.html", "factions/game_detail.html"]
# Import a list may fetch an Army Forge share link's list (armylists/builder/armyforge_link.py): off unless the
# site allows outbound fetches; then only this URL, with this timeout (docs/deploying.md).
ARMY_FORGE_FETCH = env_bool("ARMY_FORGE_FETCH", False)
ARMY_FORGE_LIST_URL = os.environ.get("ARMY_FORGE_LIST_URL", "https://army-forge.onepagerules.com/api/tts?id={id}")
ARMY_FORGE_FETCH_TIMEOUT_S = 1.5
# A request whose Django code runs longer than this is cut (armylists.ops.handler).
REQUEST_TIME_LIMIT_S = float(os.environ.get("REQUEST_TIME_LIMIT_S", "2"))
# A login sent waits its turn for a password hash this long before 503 (armylists.ops.timelimit.time_limit_of).
LOGIN_TIME_LIMIT_S = float(os.environ.get("LOGIN_TIME_LIMIT_S", "10"))
# Rosters of more entries than this are rendered by the worker, while a page waits for them. Where a
# worker runs, that is every roster: a web process busy rendering one for a second would keep
# everyone whose requests it also holds waiting (docs/deploying.md, "Caching and rate limits").
# Without one (development), tasks run inside the request anyway.
ROSTER_INLINE_ENTRIES = env_int("ROSTER_INLINE_ENTRIES", 0 if TASKS_WORKER else 60)

# Logging: to stdout (where a platform or systemd collects it), each line with
# the id of the request it was written for. Every request that ends in a 500 is
# logged by django.request with its traceback; the error page shows the player
# the same id (armylists.ops.errors). LOG_LEVEL is WARNING by default: 500s,
# 4xx answers and lockouts, and nothing that would mix into the output of a
# management command such as `checklist --json`.
LOG_LEVEL = os.environ.get("LOG_LEVEL", "WARNING").upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "armylists.ops.requestid.RequestIdFilter"}},
    # The request's id, then the id its client offered ("-" for none): armylists/ops/requestid.py.
    "formatters": {"line": {"format": "%(asctime)s %(levelname)s %(name)s request_id=%(request_id)s "
                                      "client_request_id=%(client_request_id)s %(message)s"}},
    "handlers": {"stdout": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout", "level": LOG_LEVEL,
                            "filters": ["request_id"], "formatter": "line"}},
    "root": {"handlers": ["stdout"], "level": LOG_LEVEL},
    # Django's own loggers hand their records to the root's handler (by default they print
    # to the console only when DEBUG is on, and mail admins: a deployed site logged no 500).
    "loggers": {"django": {"handlers": [], "propagate": True}},
}
