"""Scorepad settings: one module, configured by environment variables only.

Every variable is parsed strictly: a malformed boolean or integer stops the start-up with
a message naming the variable, instead of silently falling back to a default.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false, yes/no); got {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer; got {raw!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


# Development mode: `make run` and the tests set it. It allows a throw-away secret key
# and DEBUG; it is never on in production.
DEVELOPMENT = env_bool("SCOREPAD_DEVELOPMENT", False)
DEBUG = env_bool("DEBUG", False)
if DEBUG and not DEVELOPMENT:
    raise ImproperlyConfigured("DEBUG=1 is only allowed with SCOREPAD_DEVELOPMENT=1")

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEVELOPMENT:
        raise ImproperlyConfigured("SECRET_KEY is required (set SCOREPAD_DEVELOPMENT=1 locally)")
    SECRET_KEY = "development-only-not-a-secret-" + "x" * 40

ALLOWED_HOSTS = env_list(
    "ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEVELOPMENT else []
)
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
CSRF_FAILURE_VIEW = "scorepad.core.errors.csrf_failure"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    # Django's own widget templates, for the form renderer below.
    "django.forms",
    "django_htmx",
    "scorepad.core",
    "scorepad.matches",
    "scorepad.records",
    "scorepad.guide",
    "scorepad.accounts",
    "axes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages are compressed (static files come precompressed from WhiteNoise, above).
    # BREACH, decided: the one secret a page holds is the CSRF token, which Django masks
    # afresh on every response, and GZipMiddleware pads each answer with random bytes
    # ("Heal the Breach"); no other secret is ever sent in a page beside reflected input.
    "django.middleware.gzip.GZipMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "scorepad.core.errors.DatabaseUnavailableMiddleware",
    "scorepad.core.middleware.PrivatePagesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "scorepad.core.middleware.SessionRenewalMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "scorepad.core.middleware.PhoneTimeZoneMiddleware",
    "scorepad.core.errors.MethodNotAllowedPageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # Django's, telling the phone when its account was signed out from elsewhere.
    "scorepad.accounts.signout.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it answers a locked-out login attempt.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "scorepad.urls"
# `make bench` routes its two reference views (a bare "ok" and a small template) beside
# the app's pages; they are never routed otherwise.
if env_bool("SCOREPAD_BENCH", False):
    ROOT_URLCONF = "scorepad.bench.urls"
WSGI_APPLICATION = "scorepad.wsgi.application"
# Forms render through the project's templates: templates/django/forms/ overrides
# Django's field group (`{{ field.as_field_group }}`).
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

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
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                # Last: a page rendered to be kept holds a slot for its CSRF token.
                "scorepad.core.pagecache.token_slot",
            ],
        },
    },
]

# SQLite by default, tuned for a few people writing at once: WAL lets readers go on
# while one writes, the busy timeout waits for a lock instead of failing, and
# IMMEDIATE transactions take the write lock up front so two writers never deadlock.
_SQLITE_DEFAULT = f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
DATABASES = {"default": dj_database_url.parse(os.environ.get("DATABASE_URL") or _SQLITE_DEFAULT)}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": (
            "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000;"
        ),
    }
# Connections are kept (SQLite too: opening one, and its WAL, on every request costs).
DATABASES["default"]["CONN_MAX_AGE"] = env_int("CONN_MAX_AGE", 60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend, checking a kept connection only after it sat idle (its docstring).
    DATABASES["default"]["ENGINE"] = "scorepad.core.postgresql"
    # Parameters bound by the server, so that a statement a kept connection runs again is
    # prepared (from its second run): the server then skips parsing and planning it. The
    # pages make the same few statements over and over; measured by `make bench`, a page
    # of one query went from 0.34 to 0.54 of the bare view, the round POST from 0.045 to
    # 0.062. (A pooler in transaction mode would need prepare_threshold None.)
    _options = DATABASES["default"].setdefault("OPTIONS", {})
    _options.setdefault("server_side_binding", True)
    _options.setdefault("prepare_threshold", 1)

# Rendered pages are kept under keys that name the version of what they show (see
# scorepad.matches.rendered): a kept page is never stale and never needs removing, so
# each process may keep its own in memory (the app keeps no state that matters in a
# process). MAX_ENTRIES bounds the memory (a 200-round board is ~30 KB).
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "TIMEOUT": 60 * 60,
        "OPTIONS": {"MAX_ENTRIES": env_int("CACHE_MAX_ENTRIES", 2000)},
    }
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "scorepad.accounts.forms.UserAttributeSimilarityValidator"},
    {"NAME": "scorepad.accounts.forms.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Accounts (scorepad.accounts): Django's own sign-in pages, under /account/.
LOGIN_URL = "accounts:log_in"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Email (the password reset links): SMTP when EMAIL_HOST is set, which then needs the
# sender's address; the console in development otherwise; and in production without it,
# SMTP to a mail server on this machine (localhost:25).
_EMAIL_HOST = os.environ.get("EMAIL_HOST", "").strip()
_SMTP = "django.core.mail.backends.smtp.EmailBackend"
if _EMAIL_HOST or not DEVELOPMENT:
    _use_tls = env_bool("EMAIL_USE_TLS", bool(_EMAIL_HOST))
    MAILERS = {
        "default": {
            "BACKEND": _SMTP,
            "OPTIONS": {
                "host": _EMAIL_HOST or "localhost",
                # None: 587 with TLS, 25 without.
                "port": env_int("EMAIL_PORT", 0) or None,
                "username": os.environ.get("EMAIL_HOST_USER", ""),
                "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
                "use_tls": _use_tls,
                "timeout": 10,
            },
        }
    }
else:
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "").strip()
if not DEFAULT_FROM_EMAIL:
    if _EMAIL_HOST:
        raise ImproperlyConfigured("DEFAULT_FROM_EMAIL is required when EMAIL_HOST is set")
    DEFAULT_FROM_EMAIL = "scorepad@localhost"
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# A visitor's matches belong to their browser: the session must outlive a two-week
# default, so it lasts a year and is renewed on the first visit of each day
# (scorepad.core.middleware.SessionRenewalMiddleware), not written on every page view.
SESSION_COOKIE_AGE = 60 * 60 * 24 * 400
# Django's database sessions, read with their owner in one plain statement
# (scorepad/matches/sessions.py).
SESSION_ENGINE = "scorepad.matches.sessions"

# Signing in (an account or the admin): after five wrong passwords for one user name from
# one address, or many from one address whatever the names, signing in is paused for
# fifteen minutes (django-axes, scorepad.accounts.lockout). Behind the proxy, the address
# is the one the proxy saw (scorepad.core.errors.client_address).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = "scorepad.accounts.lockout.counted_together"
AXES_CLIENT_IP_CALLABLE = "scorepad.core.errors.client_address"
# Production runs behind a reverse proxy that appends the client's address to
# X-Forwarded-For (README, Production).
BEHIND_PROXY = env_bool("BEHIND_PROXY", not DEVELOPMENT)
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "scorepad.accounts.lockout.locked_out"

# Content Security Policy: every script, style, image and font comes from this site;
# no inline script or style anywhere (htmx's own indicator style is in scorepad.css).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "object-src": [CSP.NONE],
}

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French")), ("nl", _("Dutch"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# English dates as Europe writes them ("3 Dec 2026, 21:09"): scorepad/formats/en.
FORMAT_MODULE_PATH = ["scorepad.formats"]
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 400
USE_I18N = True
# Stored times are UTC (USE_TZ); they are shown in the phone's own zone, which its
# browser tells (scorepad.core.middleware.PhoneTimeZoneMiddleware). Before it has (the
# very first page, no JavaScript), in the zone of the players we serve first: Belgium,
# France and the Netherlands share it. A language is no zone (French is also spoken in
# Quebec), so Accept-Language is not asked.
TIME_ZONE = "Europe/Brussels"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "var" / "static"))
if DEVELOPMENT:
    # WhiteNoise serves straight from the sources in development, DEBUG on or off (its
    # own default follows DEBUG: a development server without it served no CSS nor
    # script, QA); it only wants the collected folder to exist.
    WHITENOISE_USE_FINDERS = True
    STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEVELOPMENT
            else "scorepad.core.staticfiles.ServedStaticFilesStorage"
        )
    },
}

# Names a deploy for the service worker: changing it makes every installed app take the
# new version, even when no static file changed (hashed names already do otherwise).
SCOREPAD_RELEASE = os.environ.get("SCOREPAD_RELEASE", "")

if not DEVELOPMENT:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    # The proxy's health probe speaks plain HTTP to the app.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
