"""Sessions read with their user in one query (accounts.sessions): the same user Django's
own check would give, or nobody, in every case that check decides."""

import pytest
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from game_steps import make_user

from accounts.models import UserSession
from accounts.sessions import SessionStore

pytestmark = pytest.mark.django_db


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _user_shown(client) -> str | None:
    """The username the site greets, or None when it asks to sign in."""
    response = client.get("/games/mine/", follow=False)
    if response.status_code == 302:
        return None
    assert response.status_code == 200
    return response.wsgi_request.user.username


def test_a_request_reads_its_session_and_its_user_in_one_query():
    client = _signed_in(make_user("ann"))
    with CaptureQueriesContext(connection) as captured:
        assert _user_shown(client) == "ann"
    queries = [q["sql"] for q in captured.captured_queries]
    (session,) = [sql for sql in queries if "accounts_usersession" in sql]
    assert 'JOIN "auth_user"' in session
    assert not [sql for sql in queries if 'FROM "auth_user" WHERE' in sql]  # no second read


def test_the_session_row_names_its_user_and_signing_out_removes_it():
    ann = make_user("ann")
    client = _signed_in(ann)
    (row,) = UserSession.objects.all()
    assert row.user_id == ann.pk
    assert SessionStore().decode(row.session_data)[SESSION_KEY] == str(ann.pk)
    client.post("/accounts/logout/")
    assert not UserSession.objects.filter(user_id=ann.pk).exists()
    assert _user_shown(client) is None


def test_a_new_password_elsewhere_signs_the_session_out():
    ann = make_user("ann")
    client = _signed_in(ann)
    ann.set_password("another secret")
    ann.save()
    assert _user_shown(client) is None


def test_a_deactivated_or_deleted_user_is_signed_out():
    ann, bob = make_user("ann"), make_user("bob")
    ann_client, bob_client = _signed_in(ann), _signed_in(bob)
    ann.is_active = False
    ann.save()
    bob.delete()
    assert _user_shown(ann_client) is None
    assert _user_shown(bob_client) is None


def test_a_session_that_names_another_user_than_its_row_is_not_trusted():
    ann, bob = make_user("ann"), make_user("bob")
    client = _signed_in(ann)
    row = UserSession.objects.get(user_id=ann.pk)
    # The row's column says bob, its (signed) data says ann: the data decides, as in Django.
    UserSession.objects.filter(pk=row.pk).update(user_id=bob.pk)
    assert _user_shown(client) == "ann"
    session = client.session
    session[HASH_SESSION_KEY] = "not the hash"
    session.save()
    assert _user_shown(client) is None
