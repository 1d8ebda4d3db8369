"""Sessions that keep the signed-in user's id beside their data (accounts.sessions)."""

from django.conf import settings
from django.contrib.sessions.base_session import AbstractBaseSession
from django.db import models


class UserSession(AbstractBaseSession):
    # Who the session is signed in as (None: nobody), so that a request reads its session
    # and its user in one query. No database constraint and nothing done on delete: a
    # deleted user's session then finds no user, and Django's own check signs it out.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        related_name="+",
    )
