"""A private game is seen only by its players. To anyone else the profile, the leaderboard,
the rating chart and the user API show it at most as an anonymous rating point ("a private
game"): never its id, its opponents, its place or its score, not even summed into a total.
Private rated games still count for ratings (the rating and its number of games are public).
"""

import re

import pytest
from django.test import Client
from game_steps import make_users
from rating_games import finished_game

from games.ratings.record import record_game_ratings

pytestmark = pytest.mark.django_db

PRIVATE_SCORE, BOB_SCORE, PUBLIC_SCORE = 173, 91, 58


@pytest.fixture
def games():
    """Ann beat Bob in a private game, then lost to Cy in a public one. Dan is a stranger."""
    ann, bob, cy, dan = make_users("ann", "bob", "cy", "dan")
    private = finished_game(
        {ann: 1, bob: 2}, is_private=True, day=1, scores={ann: PRIVATE_SCORE, bob: BOB_SCORE}
    )
    public = finished_game({ann: 2, cy: 1}, day=2, scores={ann: PUBLIC_SCORE, cy: 99})
    for game in (private, public):
        record_game_ratings(game)
    return {"ann": ann, "bob": bob, "cy": cy, "dan": dan, "private": private, "public": public}


def viewer(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def strangers(games):
    return {"anonymous": viewer(), "dan": viewer(games["dan"]), "cy": viewer(games["cy"])}


def chart_tooltips(html: str) -> list[str]:
    return re.findall(r'class="rating-point"><title>([^<]*)</title>', html)


def leaks(text: str, games) -> list[str]:
    """What would describe the private game in a page or answer about Ann."""
    game_id = games["private"].pk
    needles = (
        f"#{game_id}",
        f"/games/{game_id}/",
        f'"game":{game_id},',
        ">bob<",
        "/u/bob/",
        f"{PRIVATE_SCORE} points",
        f"{BOB_SCORE} points",
    )
    return [needle for needle in needles if needle in text.replace(" ", "")]


@pytest.mark.parametrize(
    "path",
    [
        "/u/ann/",
        "/u/ann/?rating_board=usa",
        "/leaderboard/",
        "/leaderboard/usa/",
        "/api/v1/users/ann/",
        "/api/v1/leaderboards/overall/",
        "/api/v1/leaderboards/usa/",
    ],
)
def test_no_page_or_answer_about_ann_describes_her_private_game_to_a_stranger(games, path):
    for name, client in strangers(games).items():
        response = client.get(path)
        assert response.status_code == 200
        assert leaks(response.content.decode(), games) == [], (name, path)


def test_a_stranger_sees_the_private_game_as_an_anonymous_point_on_the_chart(games):
    html = viewer(games["dan"]).get("/u/ann/").content.decode()
    tips = chart_tooltips(html)
    assert len(tips) == 2  # both games moved her rating
    assert re.fullmatch(r"A private game — 1000 → \d+", tips[0])
    assert tips[1].startswith(f"Game #{games['public'].pk} (USA): 2nd of 2 — ")
    assert "2 in all" in html and "2 rated games" in html


def test_a_strangers_record_counts_only_games_they_could_open(games):
    html = viewer().get("/u/ann/").content.decode()
    record = html[html.index("<h2>Record</h2>") :]
    assert "<dt>Games played</dt><dd>1</dd>" in record
    assert "<dt>Win rate</dt><dd>0%</dd>" in record
    assert f"<dt>Average score</dt><dd>{PUBLIC_SCORE}.0</dd>" in record
    assert re.findall(r"<strong>Game #(\d+)</strong>", record) == [str(games["public"].pk)]


def test_a_profile_whose_only_game_is_private_shows_a_stranger_no_game(games):
    html = viewer(games["dan"]).get("/u/bob/").content.decode()
    assert "No finished games yet." in html
    assert "ann" not in html.split("</header>", 1)[1]
    assert [re.sub(r"\d+$", "N", t) for t in chart_tooltips(html)] == ["A private game — 1000 → N"]


def test_the_user_api_gives_a_stranger_the_private_point_without_game_or_place(games):
    body = viewer(games["dan"]).get("/api/v1/users/ann/").json()
    assert body["games_played"] == 1 and body["wins"] == 0
    overall = [p for p in body["rating_history"] if p["board"] == "overall"]
    assert [(p["game"], p["place"], p["private"]) for p in overall] == [
        (None, None, True),
        (games["public"].pk, 2, False),
    ]
    assert overall[0]["before"] == 1000 and overall[0]["after"] == overall[1]["before"]


@pytest.mark.parametrize("who", ["ann", "bob"])
def test_the_players_of_the_private_game_see_it_in_full(games, who):
    client = viewer(games[who])
    html = client.get("/u/ann/").content.decode()
    record = html[html.index("<h2>Record</h2>") :]
    private = games["private"].pk
    assert f"<strong>Game #{private}</strong>" in record
    assert f"{PRIVATE_SCORE} points" in record and 'href="/u/bob/">bob</a>' in record
    assert "<dt>Games played</dt><dd>2</dd>" in record
    assert chart_tooltips(html)[0].startswith(f"Game #{private} (USA): 1st of 2 — 1000 → ")
    api = client.get("/api/v1/users/ann/").json()
    assert api["games_played"] == 2 and api["wins"] == 1
    assert api["rating_history"][0]["game"] == private and api["rating_history"][0]["place"] == 1


def test_the_leaderboard_counts_private_rated_games(games):
    cy, dan = games["cy"], games["dan"]
    for day in (3, 4):
        record_game_ratings(finished_game({games["ann"]: 1, dan: 2}, day=day))
    html = viewer().get("/leaderboard/").content.decode()
    row = re.search(r'<a href="/u/ann/">ann</a>.*?</tr>', html, re.S).group(0)
    assert re.search(r"<td>4</td>\s*</tr>$", row)  # 1 private + 3 public rated games
    assert cy  # cy has 1 rated game: not listed
