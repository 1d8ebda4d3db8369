"""Settings, read from the environment (docs/running.md, Configuration, names every variable)."""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from games.heartbeat.schedule import BEAT_SCHEDULE

from .csp import POLICY as CSP_POLICY
from .env import env_bool, env_list, local_secret_key, local_vapid_key

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))

DEBUG = env_bool("DEBUG")

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    # manage.py commands other than runserver may use var/secret_key (see manage.py).
    if not DEBUG and not env_bool("TTR_COMMAND_LINE"):
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = local_secret_key(VAR_DIR)

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
CSRF_FAILURE_VIEW = "ttr_site.errors.csrf_failure"
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

# Browser push: the site's VAPID key (PEM, or base64url). Generated into var/ when DEBUG is on
# (`make run`), like the secret key; without one, the settings page offers no push.
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
if not VAPID_PRIVATE_KEY and os.environ.get("VAPID_PRIVATE_KEY_FILE"):
    VAPID_PRIVATE_KEY = Path(os.environ["VAPID_PRIVATE_KEY_FILE"]).read_text()
if not VAPID_PRIVATE_KEY and DEBUG:
    VAPID_PRIVATE_KEY = local_vapid_key(VAR_DIR)
# Whom a push service may write to about the site's messages (RFC 8292's "sub").
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:noreply@localhost")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    # Unused for authentication: kept installed only so games/migrations/0004 can read the
    # old plain-key table (Django loads an app's models only while it is installed).
    "rest_framework.authtoken",
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "js_lib_htmx",
    "allauth",
    "allauth.account",
    "accounts",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The browser's language (or the footer's choice, kept in a cookie); a signed-in
    # player's own setting overrides it further down (UserLanguageMiddleware).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # Django's, taking the user from the session's own query (accounts.sessions).
    "accounts.sessions.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # What a view marked @private_to_viewer answers: private, no-store.
    "accounts.private_pages.PrivateToViewerMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "accounts.middleware.UserTimezoneMiddleware",
    "accounts.middleware.UserLanguageMiddleware",
    # Last, so the refusal pages have the session and the user like any other page.
    "ttr_site.nul_bytes.RefuseNulBytesMiddleware",
]

ROOT_URLCONF = "ttr_site.urls"
WSGI_APPLICATION = "ttr_site.wsgi.application"

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
                "games.web.context_processors.awaiting_games",
                "accounts.context_processors.email_banner",
            ],
            # The games app's tags live with the rest of its web layer (games/web/).
            "libraries": {
                name: f"games.web.templatetags.{name}"
                for name in (
                    "card_pictures",
                    "local_dates",
                    "player_stats_tags",
                    "ratings_tags",
                    "table_words",
                    "game_parts",
                )
            },
        },
    },
]

# SQLite under var/ is the embedded default; CI and production set DATABASE_URL.
DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL",
        default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Row locks are no-ops on SQLite; an immediate transaction serialises writers instead.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20}
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
# allauth's rate limits (failed logins) in the database, where every process shares them and
# a Redis restart cannot reset them; every other key in Redis (ttr_site/routed_cache.py).
# The API's throttles count in the database too (games/api/throttles.py).
RATE_LIMIT_CACHE = {
    "BACKEND": "django.core.cache.backends.db.DatabaseCache",
    "LOCATION": "rate_limit_cache",  # accounts.models.LimitCacheEntry, made by a migration
    # Never culled by count (that would drop live counts); the hourly sweep prunes.
    "OPTIONS": {"MAX_ENTRIES": 10_000_000},
}
ROUTED_CACHE = {
    "BACKEND": "ttr_site.routed_cache.RoutedCache",
    "OPTIONS": {"DEFAULT": "volatile", "ROUTES": {"allauth:rl:": "limits"}},
}
CACHES = {
    "default": ROUTED_CACHE,
    # Redis, falling back to a per-process memory cache while Redis is down (see the module).
    "volatile": {
        "BACKEND": "ttr_site.resilient_cache.ResilientRedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "ttr",
        # Fail fast: a request must not hang on an unreachable Redis.
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    },
    "limits": RATE_LIMIT_CACHE,
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "accounts.passwords.MinimumLength"},  # its sentence in every language
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "/"
ACCOUNT_LOGOUT_REDIRECT_URL = "/"

# django-allauth: sign-up with username, email and password; login by either.
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_PRESERVE_USERNAME_CASING = False
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_RATE_LIMITS = {"login_failed": "5/5m/ip,5/5m/key"}
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
# Proxies in front of the site that append to X-Forwarded-For: the failed-login limit and
# the API throttle key on the address the outermost trusted proxy saw (0: REMOTE_ADDR).
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT") or 0)
ALLAUTH_TRUSTED_PROXY_COUNT = TRUSTED_PROXY_COUNT
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Ticket to Ride] "
# One email per player; a new address replaces the old once its owner confirms it.
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_FORMS = {
    "add_email": "accounts.forms.change_email.ChangeEmailForm",
    "login": "accounts.forms.login.LoginForm",
}
# Sign-up also creates the player's profile (time zone from the browser when known).
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.forms.signup.SignupExtras"

LANGUAGE_CODE = "en-gb"
# The rulebooks' languages (docs/rules.md) beside English; locale/GLOSSARY.md has the
# game's words in each.
LANGUAGES = [
    ("en-gb", "English"),
    ("nl", "Nederlands"),
    ("sv", "Svenska"),
    ("fr", "Français"),
]
# One catalog per part of the site, so each part's strings are kept beside it: the apps'
# own (games/locale, accounts/locale) are found by Django; these hold the templates'.
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "templates" / "games" / "locale"]
# Dates and times in each language's own formats (Django's); English keeps its 24-hour
# clock and whole month names (ttr_site/formats/en_GB).
FORMAT_MODULE_PATH = ["ttr_site.formats"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
if DEBUG:
    STORAGES["staticfiles"] = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}

# Email: SMTP when EMAIL_HOST is set, else readable files under var/mail/. The operator
# still sets EMAIL_* variables; Django itself is given only MAILERS.
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Ticket to Ride <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
if os.environ.get("EMAIL_HOST"):
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": os.environ["EMAIL_HOST"],
                "port": int(os.environ.get("EMAIL_PORT", "587")),
                "username": os.environ.get("EMAIL_HOST_USER", ""),
                "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
                "use_tls": env_bool("EMAIL_USE_TLS", True),
                "timeout": 20,
            },
        }
    }
else:
    MAILERS = {
        "default": {
            "BACKEND": "ttr_site.mail_files.ReadableFileBackend",
            "OPTIONS": {"file_path": VAR_DIR / "mail"},
        }
    }

# Security: secure cookies and HSTS whenever DEBUG is off.
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
# No script reads the CSRF cookie: forms send their csrfmiddlewaretoken field, htmx the
# X-CSRFToken header base.html puts on the body (hx-headers), both from the page.
CSRF_COOKIE_HTTPONLY = True
# The footer's language choice (set_language); no script reads it.
LANGUAGE_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = 0 if DEBUG else int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Load balancers probe the app hosts directly, over plain HTTP.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Content-Security-Policy on every response: scripts and styles from the site only
# (ttr_site/csp.py says what else and why).
SECURE_CSP = CSP_POLICY

# The open game pages' event streams (games/live/stream_asgi.py, a process of its own behind
# the same proxy). LIVE_STREAM off: the pages only poll. LIVE_STREAM_ORIGIN: where the
# browser reaches it when not through the site's own address (`make run`: another port).
LIVE_STREAM = env_bool("LIVE_STREAM", True)
LIVE_STREAM_ORIGIN = os.environ.get("LIVE_STREAM_ORIGIN", "").rstrip("/")
LIVE_CHANNEL = os.environ.get("LIVE_CHANNEL", "ttr:live")
if LIVE_STREAM_ORIGIN:
    SECURE_CSP = {**CSP_POLICY, "connect-src": [*CSP_POLICY["connect-src"], LIVE_STREAM_ORIGIN]}
SESSION_COOKIE_AGE = 60 * 60 * 24 * 30
# Sessions in the database, each read with its user in one query (accounts.sessions).
SESSION_ENGINE = "accounts.sessions"

# Celery: Redis is the broker; the beat schedule lives in games/heartbeat/schedule.py.
CELERY_BROKER_URL = REDIS_URL
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
# One task reserved at a time: a worker holds as few unacknowledged messages as it can.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE = BEAT_SCHEDULE
# A bot waits this long before its move, as a person would (the tests set 0).
BOT_MOVE_DELAY_SECONDS = float(os.environ.get("BOT_MOVE_DELAY_SECONDS", "2"))
# The analysis of a finished game, per decision: the Strong bot's budget (simulated actions)
# and the rollouts of the move played and of the bot's choice to the end of the game.
# About 25 s of one core for a 2-player USA game at 600 and 8 (the tests use tiny ones).
ANALYSIS_BOT_BUDGET = int(os.environ.get("ANALYSIS_BOT_BUDGET", "600"))
ANALYSIS_ROLLOUTS = int(os.environ.get("ANALYSIS_ROLLOUTS", "8"))
# An analysis that has not moved for this long (its task was lost) may be asked for again.
ANALYSIS_STALL_SECONDS = 600

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "games.api.authentication.ApiTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # JSON only, whatever a browser tab asks for: the docs at /api/docs/ are the page for
    # people (DRF's browsable pages need querysets and forms our views do not have).
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # Bodies are JSON, as the schema says: a form body answers 415.
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 20,
    # DRF's anon and user rates, counted in the database (survive a Redis restart).
    "DEFAULT_THROTTLE_CLASSES": [
        "games.api.throttles.AnonRateThrottle",
        "games.api.throttles.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {"anon": "60/minute", "user": "600/minute"},
    "NUM_PROXIES": TRUSTED_PROXY_COUNT,
    "EXCEPTION_HANDLER": "games.api.errors.api_exception_handler",
    "DEFAULT_METADATA_CLASS": "games.api.metadata.ApiMetadata",
}
# Personal API tokens (django-rest-knox): only a SHA-512 digest is stored. A token lasts
# until its owner replaces or revokes it; games/api/tokens.py keeps one per user.
REST_KNOX = {
    "TOKEN_TTL": None,
    "AUTH_HEADER_PREFIX": "Token",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Ticket to Ride API",
    "DESCRIPTION": "Play Ticket to Ride by turns: games, moves, ratings.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI and Redoc served from our static files (drf-spectacular-sidecar), not a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Several resources have a "status": each set of choices gets its own name in the schema.
    "ENUM_NAME_OVERRIDES": {
        "GameStatusEnum": "games.models.game.GameStatus.values",
        "SeasonStatusEnum": "games.models.clubs.SeasonStatus.values",
    },
    # Every operation documents the refusals that come before any view (games/api/docs.py).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "games.api.docs.document_every_refusal",
    ],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
