"""The load benchmark's framework floor (bench/load_floor.py) answers as the move POSTs it
stands beside: a signed-in page with its CSRF token, or a token with a JSON body; and does
the bare transaction's work (the row locked and its version moved on, one move row, the
state written), and nothing for anyone who is not signed in."""

import pytest
from django.db import connection
from django.test import Client
from game_steps import make_users
from knox.models import AuthToken
from rest_framework.test import APIClient

pytestmark = [pytest.mark.django_db, pytest.mark.urls("bench.load_floor")]

STATE = '{"hands": [[1, 2, 3]]}'


@pytest.fixture
def bare_tables():
    if connection.vendor != "postgresql":
        pytest.skip("the floor locks its row FOR UPDATE, as the load benchmark on PostgreSQL")
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE bare_game (id int PRIMARY KEY, version int, state text)")
        cursor.execute(
            "CREATE TABLE bare_move (game_id int, number int, action text, events text,"
            " UNIQUE (game_id, number))"
        )
        cursor.execute("CREATE TABLE bare_sample (action text, events text, state text)")
        cursor.execute("INSERT INTO bare_game VALUES (3, 7, '{}')")
        cursor.execute("INSERT INTO bare_sample VALUES ('{\"a\": 1}', '[]', %s)", [STATE])


def _row():
    with connection.cursor() as cursor:
        cursor.execute("SELECT version, state FROM bare_game WHERE id = 3")
        version, state = cursor.fetchone()
        cursor.execute("SELECT number, action FROM bare_move WHERE game_id = 3")
        return version, state, cursor.fetchall()


def test_the_page_floor_moves_the_row_for_a_signed_in_player_only(bare_tables):
    (ann,) = make_users("ann")
    anonymous = Client()
    assert anonymous.post("/floor/page/3/").status_code == 403
    assert _row() == (7, "{}", [])

    page = Client(enforce_csrf_checks=True)
    page.force_login(ann)
    assert page.post("/floor/page/3/").status_code == 403  # no CSRF token
    page.cookies["csrftoken"] = "x" * 32
    answer = page.post("/floor/page/3/", HTTP_X_CSRFTOKEN="x" * 32)
    assert answer.status_code == 204
    assert _row() == (8, STATE, [(8, '{"a": 1}')])


def test_the_api_floor_moves_the_row_for_a_token_and_answers_json(bare_tables):
    (ann,) = make_users("ann")
    api = APIClient()
    assert api.post("/floor/api/3/", {"version": 1}, format="json").status_code == 401
    _, key = AuthToken.objects.create(user=ann)
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    answer = api.post("/floor/api/3/", {"version": 1}, format="json")
    assert answer.status_code == 200
    assert answer.json() == {"version": 8, "read": 1}
    assert api.post("/floor/api/3/", "version=1", content_type="text/plain").status_code == 415
    assert _row()[0] == 8


def test_the_floor_settings_are_the_sites_with_the_floors_urls():
    from django.conf import settings as site

    from bench import load_floor_settings as floor

    assert floor.ROOT_URLCONF == "bench.load_floor"
    assert floor.MIDDLEWARE == site.MIDDLEWARE
    assert floor.REST_FRAMEWORK == site.REST_FRAMEWORK
