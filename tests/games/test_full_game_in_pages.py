"""Whole games played through the game page with real form posts, to the score sheet."""

import random
import re

import pytest
from django.test import Client
from game_steps import make_users, started_game, who_must_act
from play_client import Browser, text_of

from games.models import GameStatus

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

MOVE_LIMIT = 2000


def play_through_pages(game, browsers, rng):
    """Random moves picked from the rendered forms until the game is over; returns the kinds."""
    kinds = []
    for _ in range(MOVE_LIMIT):
        game.refresh_from_db()
        if game.is_over:
            return kinds
        seat = rng.choice(who_must_act(game))
        browser = browsers[seat.user_id]
        htmx = rng.random() < 0.5
        kind, response = browser.random_move(rng, htmx=htmx)
        # htmx gets the fragments; a plain form is redirected back to the game page.
        expected = 200 if htmx else 302
        assert response.status_code == expected, (kind, text_of(response)[:500])
        kinds.append(kind)
    raise AssertionError(f"the game did not end within {MOVE_LIMIT} moves")


@pytest.mark.parametrize(
    ("map_id", "players", "seed"),
    [("usa", 2, 11), ("europe", 3, 14)],
)
def test_a_whole_game_played_by_clicking_through_the_pages_ends_on_the_score_sheet(
    map_id, players, seed
):
    users = make_users(*[f"player{i}" for i in range(players)])
    game = started_game(users, map_id=map_id)
    browsers = {user.pk: Browser(Client(), user, game) for user in users}
    rng = random.Random(seed)

    kinds = play_through_pages(game, browsers, rng)

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert "claim_route" in kinds and "draw_card" in kinds and "keep_tickets" in kinds
    html, page = browsers[users[0].pk].page()
    assert "Score sheet" in html
    assert not [f for f in page.move_forms() if f.enabled_buttons()], "nothing left to do"
    sheet = html[html.index("Score sheet") :]
    seats = sorted(game.seats.select_related("user"), key=lambda s: (s.place, s.order))
    # Every player is on the sheet with their final total, in the order of their places.
    positions = [sheet.index(f"</span>{seat.user.username}") for seat in seats]
    assert positions == sorted(positions)
    for seat in seats:
        row = sheet[sheet.index(f"</span>{seat.user.username}") :]
        total = re.search(r'class="total"[^>]*><strong>(-?\d+)</strong>', row)
        assert int(total.group(1)) == seat.final_score
    assert "Ties go to the player with the most completed tickets" in sheet
