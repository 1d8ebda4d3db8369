"""Test settings: the production settings with test-only secrets and fast hashing."""

import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-production-use-0123456789")

from py_vapid import Vapid  # noqa: E402

from .settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
SECURE_SSL_REDIRECT = False
# One cache per process for what Redis holds on the site; the rate limits in the test
# database, as on the site (rolled back or flushed after each test).
CACHES = {
    "default": ROUTED_CACHE,  # noqa: F405
    "volatile": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "limits": RATE_LIMIT_CACHE,  # noqa: F405
}
# Mail stays in memory (django.core.mail.outbox), even with EMAIL_HOST in the shell.
MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
STORAGES["staticfiles"] = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}  # noqa: F405
WHITENOISE_AUTOREFRESH = True
# Tasks queued by tests stay in this process: they never reach a developer's worker on
# REDIS_URL. (The Celery integration test points a worker at Redis itself.)
CELERY_BROKER_URL = "memory://localhost/"  # a host named, so kombu does not warn of none
# A VAPID key of this process's own, never written anywhere.
_vapid = Vapid()
_vapid.generate_keys()
VAPID_PRIVATE_KEY = _vapid.private_pem().decode()
