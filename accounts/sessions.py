"""Sessions in the database, read with their user in one query.

Django's database sessions read the session, then the user it names: two queries on every
signed-in request. Here the session's row keeps the user's id beside the data
(accounts.models.UserSession), the session is read joined to its user, and the
authentication middleware takes that user when Django's own checks would accept it (the
user may sign in with the session's backend, and the session's password hash matches); in
every other case Django's get_user decides, reading the user again, as before.

SESSION_ENGINE = "accounts.sessions"; the middleware replaces Django's
AuthenticationMiddleware.
"""

import logging
from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib import auth
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.middleware import AuthenticationMiddleware as DjangoAuthentication
from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore
from django.core.exceptions import SuspiciousOperation
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.functional import SimpleLazyObject

from accounts.models import UserSession

if TYPE_CHECKING:  # the stubs make Django's store generic in its model; Django's class is not
    _DatabaseStore = DatabaseSessionStore[UserSession]
else:
    _DatabaseStore = DatabaseSessionStore


class SessionStore(_DatabaseStore):
    # Named as Django's: a session's signature is salted with its store's class name, so the
    # sessions Django's store signed (copied by the migration) stay valid, and stay so.
    # The user the session's row named when it was read (None: nobody, or not read yet).
    user_read_with_it = None

    @classmethod
    def get_model_class(cls):
        return UserSession

    def _get_session_from_db(self):
        # Django's, with the user joined.
        try:
            found = self.model.objects.select_related("user").get(
                session_key=self.session_key, expire_date__gt=timezone.now()
            )
        except (self.model.DoesNotExist, SuspiciousOperation) as e:
            if isinstance(e, SuspiciousOperation):
                logger = logging.getLogger(f"django.security.{e.__class__.__name__}")
                logger.warning(str(e))
            self._session_key = None
            return None
        self.user_read_with_it = found.user
        return found

    def create_model_instance(self, data):
        row = super().create_model_instance(data)
        try:
            row.user_id = int(data[SESSION_KEY])
        except (KeyError, TypeError, ValueError):
            row.user_id = None
        return row


def _user_read_with_session(request):
    """The user the session's row brought, if Django's get_user would return that same user
    without a second thought; else None (and Django's get_user decides)."""
    session = request.session
    try:
        user_id = session[SESSION_KEY]  # loads the session, and its user with it
        backend_path = session[BACKEND_SESSION_KEY]
    except KeyError:
        return None
    user = getattr(session, "user_read_with_it", None)
    if user is None or str(user.pk) != str(user_id):
        return None
    if backend_path not in settings.AUTHENTICATION_BACKENDS:
        return None
    # Django's get_user asks the backend for the user; this shortcut knows only what the
    # model backends (Django's and allauth's) answer.
    backend = auth.load_backend(backend_path)
    if not isinstance(backend, ModelBackend) or not backend.user_can_authenticate(user):
        return None
    session_hash = session.get(HASH_SESSION_KEY)
    if not session_hash or not constant_time_compare(session_hash, user.get_session_auth_hash()):
        return None  # Django's get_user tries the fallback secrets, or signs the session out
    return user


def get_user(request):
    if not hasattr(request, "_cached_user"):
        request._cached_user = _user_read_with_session(request) or auth.get_user(request)
    return request._cached_user


class AuthenticationMiddleware(DjangoAuthentication):
    """Django's, with request.user taken from the session's own query when it may be."""

    def process_request(self, request):
        super().process_request(request)
        request.user = SimpleLazyObject(lambda: get_user(request))
