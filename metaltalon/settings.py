"""MetalTalon settings: one module, driven by environment variables.

Every variable has an embedded default that runs the whole site on one machine with nothing installed:
SQLite and the Celery filesystem broker under var/, mail written to var/mail. Production sets DEBUG=false,
SECRET_KEY, DATABASE_URL, REDIS_URL and EMAIL_URL (docs/deploy.md lists them all).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import NoReturn
from urllib.parse import parse_qsl, unquote, urlsplit

import dj_database_url
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


# === Strict environment helpers ===
# A typo in a production variable must stop the start-up with a sentence naming it, never a traceback
# and never a silent fallback to the development default.


def stop(message: str) -> NoReturn:
    print(f"MetalTalon configuration error: {message}", file=sys.stderr)
    # Exit status 3 is gunicorn's "worker failed to boot": the master stops instead of respawning forever.
    raise SystemExit(3)


def env(name: str, default: str) -> str:
    return os.environ.get(name, default)


def envbool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    stop(f"{name}={raw!r} is not a yes/no value (use true or false).")


def envint(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        stop(f"{name}={raw!r} is not a whole number.")


def envlist(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


# === Core ===

DEBUG = envbool("DEBUG", True)
# Every game kind the site knows (games.kinds): its name and the import path of its Kind, which lives in a
# module of the kind's package ("<package>.<module>.KIND"). A stored game of any of them stays playable.
# Each kind's package is also an app (INSTALLED_APPS below: its templates, static files, commands), so a
# new game is its package and one line here (docs/architecture.md, Kinds).
GAME_KINDS = {
    "metaltalon": "games.kinds.metaltalon.kind.KIND",
    "race": "games.kinds.race.kind.KIND",  # the platform's test kind (a race to 10 with one die)
    # A second test kind: hidden hands, questions put to other seats out of turn, sealed answers.
    "parley": "games.kinds.parley.kind.KIND",
    "metal-adventures": "games.kinds.metal_adventures.kind.KIND",
    "metabaloids": "games.kinds.metabaloids.kind.KIND",
}
# The kinds the lobby offers for new games, in that order; the variable keeps its name (docs/deploy.md).
OFFERED_GAME_KINDS = envlist("GAME_KINDS", ["metaltalon", "metal-adventures", "metabaloids"])
VAR_DIR = Path(env("VAR_DIR", str(BASE_DIR / "var")))

_DEV_SECRET_KEY = "dev-only-insecure-key-never-used-when-DEBUG-is-off-0123456789abcdef"


def _secret_key() -> str:
    key = os.environ.get("SECRET_KEY", "")
    if DEBUG:
        return key or _DEV_SECRET_KEY
    if not key:
        stop("SECRET_KEY is not set. With DEBUG off it is required: set SECRET_KEY to a "
             "random string of at least 50 characters.")
    if len(key) < 50 or len(set(key)) < 5 or key == _DEV_SECRET_KEY or key.startswith("django-insecure"):
        stop("SECRET_KEY is too weak (or a development key) for DEBUG off: use a random string of "
             "at least 50 characters with at least 5 different characters.")
    return key


SECRET_KEY = _secret_key()

SITE_URL = env("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
_site = urlsplit(SITE_URL)
if _site.scheme not in {"http", "https"} or not _site.hostname:
    stop(f"SITE_URL={SITE_URL!r} must be an absolute http(s) address.")
MAIL_DOMAIN = env("MAIL_DOMAIN", _site.hostname if _site.hostname not in {"127.0.0.1", "localhost"}
                  else "metaltalon.localhost")

ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", [_site.hostname, "127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = [f"{_site.scheme}://{_site.netloc}"]

INSTALLED_APPS = [
    "accounts",
    "games",
    *(path.rsplit(".", 2)[0] for path in GAME_KINDS.values()),
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "allauth",
    "allauth.account",
    "anymail",
    "ninja",  # the API's documentation page and its vendored Swagger UI (games/api/)
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Text answers gzip-compressed for browsers that accept it, the fast door's cached pages included
    # (they come compressed from games.page_cache).
    "metaltalon.middleware.CompressText",
    # A NUL in the path, query, cookies or form answers 400 before anything queries with it.
    "metaltalon.middleware.RefuseNul",
    # A cached game page, an unchanged pulse or poll, answered before the session and the user are loaded.
    "games.fast_page.serve_from_cache",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "metaltalon.middleware.private_when_signed_in",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.middleware.user_time_zone",
    # A GET whose database connection dropped under its view reads again once (metaltalon/db_retry.py).
    "metaltalon.db_retry.retry_reads_once",
]

ROOT_URLCONF = "metaltalon.urls"
WSGI_APPLICATION = "metaltalon.wsgi.application"
AUTH_USER_MODEL = "accounts.User"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

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
                "metaltalon.context_processors.site",
                "games.context_processors.your_turn",
            ],
        },
    },
]

# === Database ===

DATABASE_URL = env("DATABASE_URL", f"sqlite:///{VAR_DIR / 'metaltalon.sqlite3'}")
try:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=envint("CONN_MAX_AGE", 60),
                                                  conn_health_checks=True)}
except ValueError as exc:
    stop(f"DATABASE_URL cannot be read: {exc}")
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Web, worker and beat write the same file: readers never block the writer (WAL), and a transaction
    # takes the write lock at its start, waiting for it, instead of failing when it upgrades later.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        timeout=20, transaction_mode="IMMEDIATE",
        init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
    if DATABASES["default"]["NAME"] != ":memory:":
        Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
        # A file, not memory, so that a Celery worker process started by a test can open it too.
        DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test-metaltalon.sqlite3")}
    # The listings' covering indexes carry extra columns for PostgreSQL's index-only scans (games/models.py);
    # SQLite builds them on their key columns alone, which is all one machine's site needs.
    SILENCED_SYSTEM_CHECKS = ["models.W040"]

# === Cache: Redis when REDIS_URL is set, else files shared by the processes of one machine ===

REDIS_URL = env("REDIS_URL", "")
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "metaltalon.cache.RedisCache", "LOCATION": REDIS_URL}}
    # Sessions read from Redis, written through to the database: no session query on a page view. Only
    # with a shared cache: a per-process cache would keep a logged-out session alive in other processes.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    # Files under var/, not per-process memory: `make run` serves from several gunicorn workers beside a
    # Celery worker, and an entry one process drops (a saved time zone, a "your turn" count, a game's page)
    # must be gone for all of them, or another process keeps serving the old one.
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                          "LOCATION": str(VAR_DIR / "cache"), "OPTIONS": {"MAX_ENTRIES": 5000}}}

# === Push: open game pages told of a change the moment it is committed (games/push/) ===

# The channel layer carries "game N moved" between the processes that commit changes and the push servers
# that hold the pages: Redis's publish/subscribe when REDIS_URL is set (several push servers, docs/deploy.md).
# On the embedded default it is the push server's own memory: a change made by another process (the
# worker's bots and clock) reaches the pages through the push server's check below instead.
if REDIS_URL:
    # Redis's publish/subscribe ignores the database number: the prefix names it, so that two sites (or two
    # test workers, tests/parallel.py) on one Redis never hear each other's games.
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                                  "CONFIG": {"hosts": [REDIS_URL], "prefix": env(
                                      "PUSH_PREFIX", "push" + (urlsplit(REDIS_URL).path.strip("/") or "0"))}}}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
# How often a push server checks the games its pages follow (one cache round trip for them all): the most
# a change the layer did not bring waits.
PUSH_CHECK_SECONDS = float(env("PUSH_CHECK_SECONDS", "5" if REDIS_URL else "1"))
# Whether game pages open a push connection (an ASGI server must serve /push/: docs/deploy.md); without
# it they follow the game with the pulse alone, as they do whenever the connection is down.
PUSH = envbool("PUSH", True)
# The push server draws a moved game's live regions (each seat's with a page open on it, then the
# spectators') before the pages' polls ask for them (games/push/ahead.py). Off unless set: it moves that work
# from the web workers into the push server, about 550 ms of CPU a move of bench/push_bench.py's game, which
# slowed its news to 2,000 pages from p50 0.2 s to 0.8 s; it pays only when a seat has many pages open at
# once (the bench's 69), where the seat's polls otherwise wait for one of them to draw it.
PUSH_DRAW_AHEAD = envbool("PUSH_DRAW_AHEAD", False)
# Where pages open it: empty for this site's own /push/ (the proxy sends it to the ASGI server), or another
# address, "ws://127.0.0.1:8001" say, when the push server listens apart.
PUSH_URL = env("PUSH_URL", "").rstrip("/")

# === Celery: filesystem broker by default so web, worker and beat on one machine share var/celery ===

CELERY_BROKER_URL = env("CELERY_BROKER_URL", REDIS_URL or "filesystem://")
CELERY_FS_DIR = Path(env("CELERY_FS_DIR", str(VAR_DIR / "celery")))
if CELERY_BROKER_URL.startswith("filesystem"):
    for _folder in ("queue", "control", "processed", "results"):
        (CELERY_FS_DIR / _folder).mkdir(parents=True, exist_ok=True)  # kombu does not create them
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        # One folder for in and out: the producer and the consumer read the same settings.
        "data_folder_in": str(CELERY_FS_DIR / "queue"),
        "data_folder_out": str(CELERY_FS_DIR / "queue"),
        "control_folder": str(CELERY_FS_DIR / "control"),
        "processed_folder": str(CELERY_FS_DIR / "processed"),
        "store_processed": False,
        "polling_interval": 0.2,
    }
    _default_results = "file://" + str(CELERY_FS_DIR / "results")
    # `make run`'s worker must stop within honcho's 5 s of Ctrl-C: its warm shutdown waits for the timer
    # thread's sleep, up to this precision (1 s by default), after its loop's own wait of up to 2 s.
    CELERY_WORKER_TIMER_PRECISION = 0.1
else:
    # A move queues its notices on commit: a broker that does not answer must cost it seconds at most
    # (the notices wait for the sweep), not the defaults' long connect waits or kombu's endless read wait
    # on a stalled Redis. The request's own publish waits less still (games.tasks.queue_on_commit); the
    # read timeout stays above the worker's 1 s blocking pop, which it would otherwise cut short.
    _redis = CELERY_BROKER_URL.startswith("redis")
    CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 2, "socket_timeout": 5} if _redis else {}
    _default_results = CELERY_BROKER_URL if CELERY_BROKER_URL.startswith("redis") else ""
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", _default_results) or None
# A Redis result store (only the workers and beat write results; no request reads one) waits as long at
# most: Celery's defaults are no connect timeout and a 120 s read timeout.
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 2
CELERY_REDIS_SOCKET_TIMEOUT = 5
CELERY_RESULT_EXPIRES = 24 * 3600
CELERY_TASK_ALWAYS_EAGER = envbool("CELERY_TASK_ALWAYS_EAGER", False)
# A task is acknowledged when it finishes, so a worker that dies mid-task leaves it to another worker;
# tasks are therefore written to be harmless when run twice. Deadlines are found by periodic beat tasks,
# never by long countdowns: Redis hands an unacknowledged task out again after its visibility timeout.
CELERY_TASK_ACKS_LATE = True
# A worker keeps its database connection from task to task as a web process keeps it from request to request:
# Django's own rule closes it when it is older than CONN_MAX_AGE or has failed (metaltalon/celery.py, around
# every task), with the health check before it is used again. Celery's own rule, without this, closes it after
# every task: each turn notice then paid a new PostgreSQL connection and its cold first queries, a third of
# its time (bench/README.md, "Notices"). Celery still recycles it after this many tasks.
CELERY_DB_REUSE_MAX = 1000
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 120
CELERY_TASK_SOFT_TIME_LIMIT = 100
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_TIMEOUT = 2  # see the transport options above
CELERY_TIMEZONE = "UTC"
# One queue for everything; a test gives its own worker and beat a private one.
CELERY_TASK_DEFAULT_QUEUE = env("CELERY_TASK_DEFAULT_QUEUE", "celery")
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    # Queues a task per reminder, timeout and vacation end now due (docs/clock.md); a scan not started in
    # time is dropped, the next one does the same work.
    "scan-clock": {"task": "games.tasks.scan_clock", "schedule": float(envint("CLOCK_SCAN_SECONDS", 60)),
                   "options": {"expires": 50}},
    # Sends every notice still unsent (its task never queued, lost, or its worker killed mid-send). A
    # sweep not started within the minute is dropped: the next one does the same work.
    "sweep-notifications": {"task": "games.tasks.sweep_notifications", "schedule": 60.0,
                            "options": {"expires": 50}},
    # Wakes the bots of games that have waited for one longer than BOT_IDLE_SECONDS (docs/bots.md).
    "sweep-bots": {"task": "games.tasks.sweep_bots", "schedule": 60.0, "options": {"expires": 50}},
    "sweep-webhooks": {"task": "games.tasks.sweep_webhooks", "schedule": 60.0, "options": {"expires": 50}},
}
# A turn notice waits this long before it is sent (then by the sweep above, so up to a minute more), and
# is dropped if its player acted or had the game page open meanwhile (docs/architecture.md, Notices).
# Keep it well above the pulse's 30 s presence write (games/pulse.py), or an open page goes unnoticed.
NOTICE_DELAY_SECONDS = envint("NOTICE_DELAY_SECONDS", 300)
# A sender holds a notice this long (games/actions/notify.py): longer than the send task's hard time limit
# (games/tasks.py), so a send still running never loses it, and short enough that a notice whose worker was
# killed mid-send goes out within minutes, not the broker's hour of visibility timeout.
NOTICE_LEASE_SECONDS = envint("NOTICE_LEASE_SECONDS", 300)

# === Bots (docs/bots.md) ===
# How long a search bot thinks per decision on the site, and how long a game may wait for a bot before the
# beat's sweep wakes it again (its wake-up lost: the broker down at the commit, a worker killed).
BOT_SEARCH_SECONDS = float(env("BOT_SEARCH_SECONDS", "1.5"))
BOT_IDLE_SECONDS = envint("BOT_IDLE_SECONDS", 60)

# === The clock (docs/clock.md) ===
# The beat's scan over due reminders and timeouts: how often, how many per batch, and how long a queued
# row waits before the scan queues it again (its task lost, or its worker killed before it finished).
CLOCK_SCAN_SECONDS = envint("CLOCK_SCAN_SECONDS", 60)
CLOCK_BATCH = envint("CLOCK_BATCH", 500)
CLOCK_HOLD_SECONDS = envint("CLOCK_HOLD_SECONDS", 300)
# Vacation days: what a new player has, how many accrue in a year away from vacation, the most one holds,
# and the least that an automatic vacation needs (a player about to time out).
VACATION_START_DAYS = envint("VACATION_START_DAYS", 10)
VACATION_DAYS_PER_YEAR = envint("VACATION_DAYS_PER_YEAR", 30)
VACATION_MAX_DAYS = envint("VACATION_MAX_DAYS", 30)
VACATION_AUTO_MIN_DAYS = envint("VACATION_AUTO_MIN_DAYS", 1)

# === Mail ===
# EMAIL_URL picks the outgoing backend:
#   file:///path (default: var/mail)  console:  smtp://user:password@host:587?tls=true  smtps://...:465
#   anymail+postmark:?server_token=...  (any anymail ESP; query parameters become its OPTIONS)

MAIL_DIR = VAR_DIR / "mail"
EMAIL_URL = env("EMAIL_URL", f"file://{MAIL_DIR}")


def _mailer(url: str) -> dict[str, object]:
    parts = urlsplit(url)
    query = {key: value for key, value in parse_qsl(parts.query)}
    if parts.scheme == "file":
        return {"BACKEND": "django.core.mail.backends.filebased.EmailBackend",
                "OPTIONS": {"file_path": unquote(parts.path) or str(MAIL_DIR)}}
    if parts.scheme == "console":
        return {"BACKEND": "django.core.mail.backends.console.EmailBackend"}
    if parts.scheme in {"smtp", "smtps"}:
        options: dict[str, object] = {
            "host": parts.hostname or "localhost",
            "port": parts.port or (465 if parts.scheme == "smtps" else 25),
            "username": unquote(parts.username or ""),
            "password": unquote(parts.password or ""),
            "use_ssl": parts.scheme == "smtps",
            "use_tls": query.get("tls", "").lower() in {"1", "true", "yes"},
            "timeout": 20,
        }
        return {"BACKEND": "django.core.mail.backends.smtp.EmailBackend", "OPTIONS": options}
    if parts.scheme.startswith("anymail+"):
        esp = parts.scheme.removeprefix("anymail+")
        return {"BACKEND": f"anymail.backends.{esp}.EmailBackend", "OPTIONS": query}
    stop(f"EMAIL_URL={url!r}: use file://, console:, smtp://, smtps:// or anymail+<esp>:.")


MAILERS = {"default": _mailer(EMAIL_URL)}
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", f"MetalTalon <noreply@{MAIL_DOMAIN}>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
ADMINS = [("Admin", address) for address in envlist("ADMINS", [])]

# Inbound mail (games/mail/inbound.py, docs/architecture.md "Playing by e-mail"): replies to a seat's
# signed address are played as that seat's commands.
# A bigger mail is refused unread (a reply quoting the board picture is ~0.3 MB).
MAIL_MAX_BYTES = envint("MAIL_MAX_BYTES", 2_000_000)
# Authentication-Results from the receiving server: "present" (default) requires SPF or DKIM to pass where
# such a header is there, "required" refuses a mail without one, "off" ignores it (a self-hoster whose MTA
# does not check). Only the header our own server added counts: the one naming MAIL_AUTHSERV_ID, or, if
# that is empty, the topmost one (a sender can forge any header below it).
MAIL_AUTH_RESULTS = env("MAIL_AUTH_RESULTS", "present")
if MAIL_AUTH_RESULTS not in {"present", "required", "off"}:
    stop(f"MAIL_AUTH_RESULTS={MAIL_AUTH_RESULTS!r}: use present, required or off.")
MAIL_AUTHSERV_ID = env("MAIL_AUTHSERV_ID", "")
# The site's own address, <this>@MAIL_DOMAIN: players start, join and rematch games by mail there
# (games/mail/site_address.py). Seat addresses are play+<seat>.<mac>@, so "play" names no seat.
MAIL_SITE_LOCAL_PART = env("MAIL_SITE_LOCAL_PART", "play")
# Per sender address, in the `limits` library's notation.
MAIL_RATE_LIMIT = env("MAIL_RATE_LIMIT", "60/hour;500/day")
# Per user, every API request and the API's command submissions (docs/api.md); the limits library's
# notation, several separated by ";".
API_RATE_LIMIT = env("API_RATE_LIMIT", "120/minute;10000/day")
API_COMMAND_RATE_LIMIT = env("API_COMMAND_RATE_LIMIT", "30/minute")
# Put before every counter's name: sites (or test runs) sharing one Redis count apart.
RATE_LIMIT_PREFIX = env("RATE_LIMIT_PREFIX", "")
# Per player, on every channel (games/actions/limits.py): chat messages, commands (the web, mail and the
# API; bots and the clock are not counted), invitations and reports. Commands count one by one (a
# submission of N costs N, refused whole when it does not fit), with their characters, and per game.
CHAT_RATE_LIMIT = env("CHAT_RATE_LIMIT", "12/minute;500/day")
COMMAND_RATE_LIMIT = env("COMMAND_RATE_LIMIT", "120/minute;5000/day")
# At least a kind's largest submission (MetalTalon's 5,000 characters) in each window.
COMMAND_CHARS_RATE_LIMIT = env("COMMAND_CHARS_RATE_LIMIT", "10000/minute;200000/day")
GAME_COMMAND_RATE_LIMIT = env("GAME_COMMAND_RATE_LIMIT", "300/minute;10000/day")
INVITE_RATE_LIMIT = env("INVITE_RATE_LIMIT", "30/hour;100/day")
# Reports to the moderators (games/actions/reports.py): enough for a bad game, not a flood of the queue.
REPORT_RATE_LIMIT = env("REPORT_RATE_LIMIT", "5/minute;30/day")
# Webhooks to private, loopback or link-local addresses (games/webhooks.py): refused in production, so
# players' URLs cannot reach the site's own network; allowed where DEBUG is (a receiver on this machine).
WEBHOOK_ALLOW_PRIVATE = envbool("WEBHOOK_ALLOW_PRIVATE", DEBUG)
# The languages the reply parser knows quote headers and signatures in (mail-parser-reply's codes).
MAIL_REPLY_LANGUAGES = envlist("MAIL_REPLY_LANGUAGES", ["en", "de", "fr", "es", "nl"])
# The doors replies come in by (games/mail/doors.py). `manage.py mailserver` listens for SMTP (LMTP with
# --lmtp) here: loopback unless told otherwise. It takes mail for MAIL_DOMAIN only (it relays nothing).
MAIL_LISTEN_HOST = env("MAIL_LISTEN_HOST", "127.0.0.1")
MAIL_LISTEN_PORT = envint("MAIL_LISTEN_PORT", 8025)
# anymail's inbound webhook, /anymail/<esp>/inbound/, stays shut (400) until ANYMAIL_WEBHOOK_SECRET is set:
# "user:password", the basic auth the ESP posts with (comma-separated while changing it). Every
# ANYMAIL_<NAME> variable becomes anymail's <NAME> setting, so the ESP's own signature key where it has one
# goes there too: ANYMAIL_MAILGUN_WEBHOOK_SIGNING_KEY, ANYMAIL_POSTAL_WEBHOOK_KEY,
# ANYMAIL_MAILERSEND_INBOUND_SECRET, ANYMAIL_MAILTRAP_INBOUND_SECRET, ANYMAIL_RESEND_INBOUND_SECRET...
ANYMAIL: dict[str, object] = {name.removeprefix("ANYMAIL_"): value for name, value in os.environ.items()
                              if name.startswith("ANYMAIL_") and value}
ANYMAIL.pop("WEBHOOK_SECRET", None)
_webhook_secrets = envlist("ANYMAIL_WEBHOOK_SECRET", [])
if _webhook_secrets:
    if not all(":" in secret for secret in _webhook_secrets):
        stop("ANYMAIL_WEBHOOK_SECRET must be user:password (several separated by commas).")
    ANYMAIL["WEBHOOK_SECRET"] = _webhook_secrets

# === Accounts (django-allauth) ===

AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
# Sign-up also asks the name other players see, and reads the browser's time zone (accounts/forms.py).
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.forms.SignupDetails"
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[MetalTalon] "
ACCOUNT_DEFAULT_HTTP_PROTOCOL = _site.scheme
# Mails greet from "MetalTalon" (not the request's host) and name players by their display names.
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_USER_DISPLAY = "accounts.models.user_display"
# Confirming the address from the browser that signed up logs the player in (allauth does so only in that
# session, so a leaked link logs nobody in), and a new player lands on the home page, which welcomes them
# and points to a first game (their name and time zone were set at sign-up). Confirmed from elsewhere, they
# log in and land there too.
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_SIGNUP_REDIRECT_URL = "/"
ACCOUNT_EMAIL_CONFIRMATION_ANONYMOUS_REDIRECT_URL = "/accounts/login/?next=/"
LOGIN_REDIRECT_URL = "/"
LOGIN_URL = "account_login"
# Password guesses (accounts/signin.py): per client address 10 a minute and 100 an hour; per account and
# client 5 in 5 minutes; per account from browsers that never signed in to it, 20 an hour and 50 a day, past
# which the password works only in a browser that has, or after a code mailed to the address (sign-in by
# code, with allauth's own limits: 3 codes a minute per address, 3 tries per code). allauth's others stay.
ACCOUNT_RATE_LIMITS = {
    "login_failed": "10/m/ip,100/h/ip,5/5m/key",
    "login_failed_account": "20/h/key,50/d/key",
}
ACCOUNT_LOGIN_BY_CODE_ENABLED = True
# A password reset proves the address as a code does, so it signs the browser in and makes it a known one.
ACCOUNT_LOGIN_ON_PASSWORD_RESET = True

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# === Internationalisation ===

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# === Static files (whitenoise) ===

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env("STATIC_ROOT", str(VAR_DIR / "static")))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise warns at every start when it is missing
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
                    if not DEBUG else "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# === Security: on when DEBUG is off; SECURE_SSL_REDIRECT can be turned off behind a TLS proxy ===

# Behind the reverse proxy of docs/deploy.md every request comes from 127.0.0.1: the client's address is the
# one that many proxies back in X-Forwarded-For, so that login and sign-up limits count per client, not for
# everyone at once. 0 (no proxy): the connection's own address.
TRUSTED_PROXY_COUNT = envint("TRUSTED_PROXY_COUNT", 0)
ALLAUTH_TRUSTED_PROXY_COUNT = TRUSTED_PROXY_COUNT

# The pages run no inline script and load nothing from elsewhere (htmx is vendored): scripts only from this
# site. Inline style attributes stay allowed (the board's SVG and a few layouts use them; htmx adds its
# indicator style).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF, CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
if PUSH_URL:
    SECURE_CSP["connect-src"].append(PUSH_URL)  # the push server listens apart (PUSH_URL above)

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler", "stream": sys.stderr}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", "INFO")},
}
