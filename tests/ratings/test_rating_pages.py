"""Leaderboards and the ratings part of the profile page, as a visitor sees them."""

import re

import pytest
from game_steps import make_users
from rating_games import finished_game

from games.models import Rating
from games.ratings.model import DEFAULT_SKILL
from games.ratings.record import record_game_ratings
from games.ratings.selectors import PAGE_SIZE

pytestmark = pytest.mark.django_db


def rated(places, **kwargs):
    game = finished_game(places, **kwargs)
    record_game_ratings(game)
    return game


def seed_board(count, board="overall", games=3):
    """`count` players with distinct ratings, best first: p000 > p001 > ..."""
    users = make_users(*[f"p{i:03}" for i in range(count)])
    for i, user in enumerate(users):
        Rating.objects.create(
            user=user,
            board=board,
            mu=40 - i * 0.01,
            sigma=DEFAULT_SKILL.sigma,
            shown=2000 - i,
            games=games,
        )
    return users


def listed_names(html):
    return re.findall(r'<a href="/u/([^/]+)/">', html.split("<tbody>", 1)[1].split("</tbody>")[0])


def test_players_appear_after_three_rated_games_and_the_page_says_so(client):
    ann, bob, cy = make_users("ann", "bob", "cy")
    rated({ann: 1, bob: 2}, day=1)
    rated({ann: 1, bob: 2}, day=2)
    rated({ann: 1, cy: 2}, day=3)

    html = client.get("/leaderboard/").content.decode()

    assert "Players appear after 3 rated games" in html
    assert listed_names(html) == ["ann"]
    assert "provisional" in html.split("<tbody>", 1)[1]


def test_the_best_rated_player_comes_first_and_the_board_pages_hold_25(client):
    seed_board(PAGE_SIZE + 5)

    first = client.get("/leaderboard/").content.decode()
    second = client.get("/leaderboard/?page=2").content.decode()

    assert listed_names(first)[:2] == ["p000", "p001"]
    assert len(listed_names(first)) == PAGE_SIZE
    assert listed_names(second) == [f"p{i:03}" for i in range(PAGE_SIZE, PAGE_SIZE + 5)]
    assert "Page 2 of 2" in second


def test_the_viewers_row_is_highlighted_and_their_position_shown_from_any_page(client):
    users = seed_board(PAGE_SIZE + 5)
    client.force_login(users[26])

    first = client.get("/leaderboard/").content.decode()
    second = client.get("/leaderboard/?page=2").content.decode()

    assert "Your position: <strong>27th</strong>" in first
    assert 'href="?page=2#you"' in first
    assert 'class="you"' not in first
    row = re.search(r'<tr class="you"[^>]*>(.*?)</tr>', second, re.S).group(1)
    assert "p026" in row and "(you)" in row


def test_a_viewer_below_the_minimum_is_told_how_many_games_they_have(client):
    ann, bob = make_users("ann", "bob")
    rated({ann: 1, bob: 2})
    client.force_login(ann)

    html = client.get("/leaderboard/").content.decode()

    assert "You have 1 rated game here; you appear after 3." in html


def test_each_map_has_its_own_leaderboard(client):
    seed_board(2, board="europe")

    europe = client.get("/leaderboard/europe/").content.decode()
    usa = client.get("/leaderboard/usa/").content.decode()

    assert listed_names(europe) == ["p000", "p001"]
    assert "Nobody has played 3 rated games on this board yet." in usa
    assert client.get("/leaderboard/mars/").status_code == 404
    assert client.get("/leaderboard/overall/")["Location"] == "/leaderboard/"


def test_the_profile_shows_ratings_chart_and_record(client):
    ann, bob, cy = make_users("ann", "bob", "cy")
    final = lambda seats: {  # noqa: E731
        "players": {
            str(seats[0].pk): {"completed": ["a", "b"], "failed": ["c"]},
            str(seats[1].pk): {"completed": [], "failed": ["d"]},
        }
    }
    g1 = rated({ann: 1, bob: 2}, day=1, scores={ann: 100, bob: 80}, final=final)
    rated({bob: 1, ann: 2}, map_id="europe", day=2, scores={bob: 90, ann: 70}, final=final)
    rated({ann: 1, cy: 2}, day=3, rated=False, scores={ann: 50, cy: 40})

    html = client.get("/u/ann/").content.decode()

    assert html.count('class="rating-point"') == 2  # overall chart: the two rated games
    assert f"Game #{g1.pk} (USA): 1st of 2 — 1000 → " in html
    stats = dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", html))
    assert stats == {
        "Games played": "3",
        "Win rate": "67%",
        "Average score": "73.3",
        "Tickets completed": "2 / 4",  # 2 of 3 kept in game 1, none of 1 in game 2
        "Favourite map": "USA",
    }
    assert 'href="/u/bob/"' in html and 'href="/u/cy/"' in html
    assert "2nd of 2" in html and "unrated" in html
    assert f'<a href="/games/{g1.pk}/"><strong>Game #{g1.pk}</strong></a>' in html


def test_the_profile_chart_switches_to_a_maps_board(client):
    ann, bob = make_users("ann", "bob")
    rated({ann: 1, bob: 2}, day=1)
    europe = rated({bob: 1, ann: 2}, map_id="europe", day=2)

    html = client.get("/u/ann/?rating_board=europe").content.decode()

    assert html.count('class="rating-point"') == 1
    assert f"Game #{europe.pk} (Europe): 2nd of 2" in html
    assert "Europe rating after each rated game (1 in all)" in html


def test_a_profile_without_games_says_so(client):
    make_users("ann")

    html = client.get("/u/ann/").content.decode()

    assert "No rated games yet." in html and "No finished games yet." in html
    assert "<svg" not in html
