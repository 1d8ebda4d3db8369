"""Twenty tabs asking for a new API token at once leave exactly one that works.

Runs on PostgreSQL only: SQLite serialises whole transactions, so the race cannot
happen there. CI runs it on PostgreSQL; here:
DATABASE_URL=postgres://postgres@127.0.0.1:5432/ttr_dev pytest <this file>
"""

import re
import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from knox.models import AuthToken
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db(transaction=True)

PAGE = "/settings/api-token/"
TABS = 20


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks (SQLite has none); CI runs this on PostgreSQL")


def test_twenty_simultaneous_new_token_posts_leave_one_working_token():
    ann = get_user_model().objects.create_user("ann", "ann@example.org", "pw")
    signed_in = Client()
    signed_in.force_login(ann)
    session = signed_in.cookies["sessionid"].value
    keys: list = [None] * TABS
    barrier = threading.Barrier(TABS)

    def tab(index):
        try:
            client = Client()
            client.cookies["sessionid"] = session
            barrier.wait()
            response = client.post(PAGE, {"do": "create"})
            assert response.status_code == 200
            keys[index] = re.search(r'id="new-token">([0-9a-f]{64})<', response.text).group(1)
        finally:
            connection.close()

    threads = [threading.Thread(target=tab, args=(i,)) for i in range(TABS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert all(keys), keys
    working = []
    for key in keys:
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        if api.get("/api/v1/me/").status_code == 200:
            working.append(key)
    assert len(working) == 1
    assert AuthToken.objects.filter(user=ann).count() == 1
