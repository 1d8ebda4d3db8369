"""The version poll every open game page asks every few seconds: with the ticket its page
carries it reads one row and no session; without one (or with a forged one) it checks the
access as every page does, and a stranger to a private game learns nothing either way."""

import random
import re
from datetime import timedelta
from html import unescape
from urllib.parse import parse_qs, urlparse

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone
from game_steps import make_user, make_users, started_game

from games.live.presence import seen_since
from games.live.versions import versions_key

pytestmark = pytest.mark.django_db


@pytest.fixture
def private_game():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], map_id="usa", is_private=True)
    return game, ann, bob


def poll_url(client, game) -> str:
    """The poll address the game page's poller carries."""
    html = client.get(f"/games/{game.pk}/").content.decode()
    return unescape(re.search(r'id="poller" hidden hx-get="([^"]+)"', html).group(1))


def test_a_poll_with_its_pages_ticket_reads_one_row_and_no_session(
    private_game, django_assert_num_queries
):
    game, ann, bob = private_game
    client = Client()
    client.force_login(ann)
    url = poll_url(client, game)
    cache.delete(versions_key(game.pk))  # the page's own read of the versions, forgotten
    assert "t" in parse_qs(urlparse(url).query)
    with django_assert_num_queries(1):
        response = client.get(url)
    assert response.status_code == 204
    assert "Cookie" not in response.get("Vary", "")

    # The pages of a game share that read for a moment: the next poll reads nothing at all.
    with django_assert_num_queries(0):
        assert client.get(url).status_code == 204


def test_a_move_shows_at_the_next_poll_and_anything_else_within_a_second(
    private_game, django_capture_on_commit_callbacks, time_machine
):
    from game_steps import play_one

    game, ann, bob = private_game
    time_machine.move_to(timezone.now(), tick=False)
    client = Client()
    client.force_login(ann)
    url = poll_url(client, game)
    assert client.get(url).status_code == 204
    with django_capture_on_commit_callbacks(execute=True):
        play_one(game, random.Random(3))
    response = client.get(url)
    assert response.status_code == 200 and response["HX-Trigger"] == "game-moved"

    url = poll_url(client, game)
    assert client.get(url).status_code == 204
    game.refresh_from_db()
    game.version += 1  # a change made without a move (a vacation's new deadline, say)
    game.save(update_fields=["version"])
    assert client.get(url).status_code == 204  # the cached versions, for a moment
    time_machine.shift(timedelta(seconds=1, milliseconds=1))  # a second on: read again
    response = client.get(url)
    assert response.status_code == 200 and response["HX-Trigger"] == "game-moved"


def test_a_visible_pages_ticket_says_who_is_watching(private_game):
    game, ann, bob = private_game
    cache.clear()
    client = Client()
    client.force_login(ann)
    url = poll_url(client, game)
    before = timezone.now()
    assert client.get(url).status_code == 204
    assert not seen_since(game_id=game.pk, user_id=ann.pk, since=before, now=timezone.now())
    assert client.get(url + "&visible=1").status_code == 204
    assert seen_since(game_id=game.pk, user_id=ann.pk, since=before, now=timezone.now())


def test_a_ticket_for_another_game_or_a_forged_one_falls_back_to_the_access_check(private_game):
    game, ann, bob = private_game
    other = started_game(make_users("cat", "dan"), map_id="usa", is_private=True)
    client = Client()
    client.force_login(ann)
    ticket = parse_qs(urlparse(poll_url(client, game)).query)["t"][0]
    stranger = Client()
    stranger.force_login(make_user("eve"))
    # A stranger with ann's ticket for another game, or a ticket altered by hand: 404.
    assert stranger.get(f"/games/{other.pk}/version/", {"v": 0, "t": ticket}).status_code == 404
    forged = ticket[:-2] + ("AA" if not ticket.endswith("AA") else "BB")
    assert stranger.get(f"/games/{game.pk}/version/", {"v": 0, "t": forged}).status_code == 404
    # Without a ticket the poll is checked as before: the player may, the stranger may not.
    assert client.get(f"/games/{game.pk}/version/", {"v": game.version}).status_code == 204
    assert stranger.get(f"/games/{game.pk}/version/", {"v": game.version}).status_code == 404
